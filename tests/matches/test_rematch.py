"""Rematches: offered after a match ends, accepted within the time limit, from 0:0."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.chat.models import Block
from apps.matches.models import Match, RematchOffer
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import act, create_computer_match, create_friend_match, fetch

pytestmark = pytest.mark.django_db(transaction=True)


def _finished_friend_match(make_player: MakePlayer) -> tuple[Player, Player, str]:
    host, friend = make_player(), make_player()
    match = create_friend_match(host, friend)
    assert act(friend, match, {"type": "resign"}, "bye").status_code == 200
    assert fetch(host, match["id"])["status"] == "finished"
    return host, friend, match["id"]


def _rematch(player: Player, match_id: str, accept: bool = False):  # type: ignore[no-untyped-def]
    path = f"/api/v1/matches/{match_id}/rematch/" + ("accept/" if accept else "")
    return player.client.post(path)


def test_against_the_computer_a_rematch_starts_at_once(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, strength="beginner")
    assert act(player, match, {"type": "resign"}, "r").status_code == 200
    response = _rematch(player, match["id"])
    assert response.status_code == 201 and response.json()["status"] == "started"
    new = fetch(player, response.json()["new_match_id"])
    assert new["status"] == "active" and new["scores"] == [0, 0]
    assert new["players"][1]["is_computer"] and new["players"][1]["strength"] == "beginner"
    assert Match.objects.get(pk=new["id"]).rematch_of_id == Match.objects.get(pk=match["id"]).pk


def test_a_friend_accepts_and_a_new_match_starts_from_zero(make_player: MakePlayer) -> None:
    host, friend, match_id = _finished_friend_match(make_player)
    offered = _rematch(host, match_id)
    assert offered.status_code == 202 and offered.json() == {
        "status": "offered",
        "new_match_id": None,
    }
    again = _rematch(host, match_id)
    assert (again.status_code, again.json()["code"]) == (409, "rematch_already_offered")
    own = _rematch(host, match_id, accept=True)
    assert (own.status_code, own.json()["code"]) == (409, "own_offer")
    accepted = _rematch(friend, match_id, accept=True)
    assert accepted.status_code == 201
    new = fetch(friend, accepted.json()["new_match_id"])
    assert new["status"] == "active" and new["scores"] == [0, 0] and new["mode"] == "friend"
    assert [p["name"] for p in new["players"]] == [host.user.display_name, friend.user.display_name]
    twice = _rematch(friend, match_id, accept=True)
    assert (twice.status_code, twice.json()["code"]) == (409, "rematch_started")


def test_offering_back_is_accepting(make_player: MakePlayer) -> None:
    host, friend, match_id = _finished_friend_match(make_player)
    assert _rematch(host, match_id).status_code == 202
    response = _rematch(friend, match_id)
    assert response.status_code == 201 and response.json()["status"] == "started"


def test_an_offer_runs_out(make_player: MakePlayer) -> None:
    host, friend, match_id = _finished_friend_match(make_player)
    assert _rematch(host, match_id).status_code == 202
    RematchOffer.objects.filter(match_id=match_id).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    late = _rematch(friend, match_id, accept=True)
    assert (late.status_code, late.json()["code"]) == (410, "rematch_expired")
    # a fresh offer after that works again
    assert _rematch(friend, match_id).status_code == 202
    assert _rematch(host, match_id, accept=True).status_code == 201


def test_who_and_when(make_player: MakePlayer) -> None:
    host, friend = make_player(), make_player()
    running = create_friend_match(host, friend)
    early = _rematch(host, running["id"])
    assert (early.status_code, early.json()["code"]) == (409, "match_not_finished")
    host2, friend2, match_id = _finished_friend_match(make_player)
    stranger = make_player()
    assert _rematch(stranger, match_id).status_code == 404
    nothing = _rematch(friend2, match_id, accept=True)
    assert (nothing.status_code, nothing.json()["code"]) == (404, "rematch_not_offered")
    Block.objects.create(blocker=host2.user, blocked=friend2.user)
    blocked = _rematch(friend2, match_id)
    assert (blocked.status_code, blocked.json()["code"]) == (403, "blocked")
