"""Complete matches through HTTP only: against the computer as a guest, and between two friends.

After every step the client's fold of the events it was sent (action answers and the event
feed) must equal a fresh fetch of the match, and no response may show a card the caller must
not see (checked against the server's true state at the response's version).
"""

from __future__ import annotations

import random

import pytest

from apps.matches import event_store
from apps.matches.engine import replay
from apps.matches.models import Match, Seat
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import (
    ClientModel,
    act,
    create_computer_match,
    create_friend_match,
    fetch,
    hidden_by_version,
    random_move,
    shown,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_guest_plays_a_complete_match_against_the_computer(make_player: MakePlayer) -> None:
    player: Player = make_player(guest=True)
    match = create_computer_match(player, variant="klub", strength="beginner")
    assert match["players"][1]["is_computer"] and match["players"][1]["name"] == "Kati"
    rng = random.Random(7)
    model = ClientModel(seat=match["your_seat"])
    model.catch_up(player, match["id"])
    moves = 0
    while match["status"] == "active":
        model.assert_agrees_with(match)
        view = match["view"]
        assert view["deal"]["turn"] == model.seat  # the computer has answered already
        response = act(player, match, random_move(view, rng), f"move-{moves}")
        assert response.status_code == 200, response.content
        answer = response.json()
        assert answer["events"][0]["seq"] == match["version"] + 1
        assert answer["version"] == answer["events"][-1]["seq"]
        model.apply_all(answer["events"])
        model.catch_up(player, match["id"])  # the computer's moves
        match = fetch(player, match["id"])
        moves += 1
    model.assert_agrees_with(match)
    assert max(match["scores"]) >= 7 and match["end_reason"] == "points"
    assert match["winner_seat"] == match["scores"].index(max(match["scores"]))
    assert match["view"]["legal_actions"] == []
    assert match["view"]["deals_played"] >= 3  # at most 3 game points a deal, 7 to win
    assert moves >= match["view"]["deals_played"]


def test_two_friends_play_a_complete_match(make_player: MakePlayer) -> None:
    host, friend = make_player(), make_player()
    started = create_friend_match(host, friend)
    players = {0: host, 1: friend}
    models = {seat: ClientModel(seat) for seat in players}
    for seat, model in models.items():
        model.catch_up(players[seat], started["id"])
    rng = random.Random(11)
    match = fetch(host, started["id"])
    step = 0
    while match["status"] == "active":
        turn = match["view"]["deal"]["turn"]
        mover = players[turn]
        view = fetch(mover, match["id"])
        response = act(mover, view, random_move(view["view"], rng), f"s{step}")
        assert response.status_code == 200, response.content
        for seat, model in models.items():
            model.catch_up(players[seat], match["id"])
            model.assert_agrees_with(fetch(players[seat], match["id"]))
        match = fetch(host, match["id"])
        step += 1
    assert match["end_reason"] == "points" and max(match["scores"]) >= 7
    state = replay(event_store.events_load(match["id"]))
    assert list(state.scores) == match["scores"]


def test_the_opponent_sees_nothing_hidden_in_any_response(make_player: MakePlayer) -> None:
    """The leak test: every body a player receives over many random matches."""
    rng = random.Random(2026)
    checked = 0
    for round_ in range(6):
        guest = make_player(guest=True)
        checked += _play_scanning(guest, create_computer_match(guest)["id"], rng, {0: guest})
        host, friend = make_player(), make_player()
        match_id = create_friend_match(host, friend)["id"]
        checked += _play_scanning(host, match_id, rng, {0: host, 1: friend}, give_up=round_ == 5)
    assert checked > 500


def _play_scanning(
    someone: Player,
    match_id: str,
    rng: random.Random,
    players: dict[int, Player],
    give_up: bool = False,
) -> int:
    """Play a match to its end, keeping every body each player received; then scan them all
    against the cards hidden from that player at the body's version."""
    received: dict[int, list[tuple[int, object]]] = {seat: [] for seat in players}
    match = fetch(someone, match_id)
    step = 0
    while match["status"] == "active":
        for seat, player in players.items():
            body = fetch(player, match_id)
            received[seat].append((body["version"], body))
        turn = match["view"]["deal"]["turn"]
        mover = players[turn]
        view = fetch(mover, match_id)
        action = random_move(view["view"], rng)
        if give_up and step == 30:
            action = {"type": "resign"}
        response = act(mover, view, action, f"leak-{step}")
        assert response.status_code == 200, response.content
        received[turn].append((response.json()["version"], response.json()))
        match = fetch(someone, match_id)
        step += 1
    checked = 0
    for seat, player in players.items():
        hidden = hidden_by_version(match_id, seat)
        feed = player.client.get(f"/api/v1/matches/{match_id}/events/").json()["events"]
        for envelope in feed:
            assert not shown(envelope, hidden[envelope["seq"]]), envelope
            checked += 1
        for version, body in received[seat]:
            # an answer's events each at their own seq (a batch may end one deal and deal the
            # next: the first deal's reveal is no leak), the rest at the answer's version
            for envelope in body.pop("events", []):  # type: ignore[attr-defined]
                assert not shown(envelope, hidden[envelope["seq"]]), envelope
            assert not shown(body, hidden[version]), (version, shown(body, hidden[version]))
            checked += 1
    return checked


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        ("/api/v1/matches/computer/", {"strength": "grandmaster"}, "unknown_strength"),
        ("/api/v1/matches/computer/", {"variant": "tarokk"}, "unknown_variant"),
        ("/api/v1/rooms/", {"variant": "tarokk"}, "unknown_variant"),
    ],
)
def test_an_unknown_strength_or_variant_is_answered_with_its_documented_code(
    make_player: MakePlayer, path: str, body: dict, code: str
) -> None:
    """docs/api.md's codes, not a generic ``invalid_input``; nothing is made."""
    refused = make_player().client.post(path, body, format="json")
    assert (refused.status_code, refused.json()["code"]) == (400, code), refused.content
    assert body[next(iter(body))] in refused.json()["detail"]
    assert not Match.objects.exists()


def test_seating_the_computer_at_an_unknown_strength_is_unknown_strength(
    make_player: MakePlayer,
) -> None:
    host = make_player()
    room = host.client.post("/api/v1/rooms/", {}, format="json").json()
    refused = host.client.post(
        f"/api/v1/rooms/{room['id']}/seats/", {"strength": "grandmaster"}, format="json"
    )
    assert (refused.status_code, refused.json()["code"]) == (400, "unknown_strength")
    assert Seat.objects.filter(match_id=room["id"]).count() == 1


def test_a_klub_match_is_played_to_seven_only(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    seven = create_computer_match(player, variant="klub", target=7)
    assert seven["view"]["target"] == 7
    refused = player.client.post(
        "/api/v1/matches/computer/", {"variant": "klub", "target": 11}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["code"] == "invalid_target"
    assert refused.json()["allowed"] == [7]
