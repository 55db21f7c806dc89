"""What a client needs to draw a table without deciding any rule itself: who sits where (with the
ids that blocks, reports and stats take), the stake, the rematch after a reload, and the presence
actions (pause, OK, show the hand) among the legal actions exactly when the rules allow them."""

from __future__ import annotations

import pytest

from tests.conftest import MakePlayer
from tests.matches.helpers import act, create_computer_match, create_friend_match, fetch

pytestmark = pytest.mark.django_db(transaction=True)

PRESENCE = {"pause", "resume", "show_hand"}


def _types(match: dict) -> set[str]:
    return {action["type"] for action in match["view"]["legal_actions"]}


def test_players_carry_their_ids_and_kati_none(make_player: MakePlayer, check) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player)
    seat = match["your_seat"]
    assert {p["seat"]: p["user_id"] for p in match["players"]} == {
        seat: player.user.pk,
        1 - seat: None,
    }
    assert match["stake"] is None and match["rematch"] is None
    check(player.client.get(f"/api/v1/matches/{match['id']}/"), "/api/v1/matches/{match_id}/")


def test_against_the_computer_no_presence_action_is_offered(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player)
    assert not _types(match) & PRESENCE


def test_online_the_presence_actions_follow_the_rules(make_player: MakePlayer, check) -> None:
    host, friend = make_player(), make_player()
    match = create_friend_match(host, friend)
    assert {"pause", "show_hand"} <= _types(match) and "resume" not in _types(match)

    paused = act(friend, match, {"type": "pause"}, "p1")
    assert paused.status_code == 200, paused.content
    after = paused.json()["view"]
    assert {a["type"] for a in after["legal_actions"]} & PRESENCE == {"resume", "show_hand"}

    match = fetch(friend, match["id"])
    resumed = act(friend, match, {"type": "resume"}, "r1")
    assert resumed.status_code == 200, resumed.content
    # one pause a deal: it is no longer offered, and showing the hand still is
    mine = fetch(friend, match["id"])
    assert _types(mine) & PRESENCE == {"show_hand"}
    shown = act(friend, mine, {"type": "show_hand"}, "s1")
    assert shown.status_code == 200, shown.content
    assert not _types(fetch(friend, match["id"])) & PRESENCE
    check(friend.client.get(f"/api/v1/matches/{match['id']}/"), "/api/v1/matches/{match_id}/")


def test_a_rematch_is_seen_after_a_reload(make_player: MakePlayer) -> None:
    host, friend = make_player(), make_player()
    match = create_friend_match(host, friend)
    assert act(friend, match, {"type": "resign"}, "bye").status_code == 200
    assert fetch(host, match["id"])["rematch"] is None

    assert host.client.post(f"/api/v1/matches/{match['id']}/rematch/").status_code == 202
    offered = fetch(friend, match["id"])["rematch"]
    assert offered["status"] == "offered"
    assert offered["offered_by_seat"] == fetch(host, match["id"])["your_seat"]
    assert offered["expires_at"]

    accepted = friend.client.post(f"/api/v1/matches/{match['id']}/rematch/accept/")
    assert accepted.status_code == 201
    assert fetch(host, match["id"])["rematch"] == {
        "status": "started",
        "new_match_id": accepted.json()["new_match_id"],
    }
