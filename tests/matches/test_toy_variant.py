"""The proof that the variant seam is one, over the API: a variant registered only by the tests
(klub with 3-card hands, ``tests/engine/toy.py``) is played from a friend room to its end by two
players through the public endpoints, with no change to the generic code."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from apps.matches import event_store
from apps.matches.engine import VARIANTS
from apps.matches.models import Match
from tests.conftest import MakePlayer
from tests.engine.toy import TOY, toy_registered
from tests.matches.helpers import GIVING_UP, PRESENCE, act, fetch, random_move, shown

pytestmark = pytest.mark.django_db


@pytest.fixture
def toy() -> Iterator[None]:
    with toy_registered():
        yield


@pytest.mark.usefixtures("toy")
def test_a_toy_variant_is_played_to_its_end_over_the_api(make_player: MakePlayer) -> None:
    host, friend = make_player(), make_player()
    room = host.client.post("/api/v1/rooms/", {"variant": TOY}, format="json")
    assert room.status_code == 201, room.content
    assert room.json()["variant"] == TOY
    code = room.json()["invite"]["code"]
    joined = friend.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert joined.status_code == 200, joined.content
    match_id = joined.json()["id"]
    players = (host, friend)
    rng = random.Random(3)
    for move in range(2000):
        views = [fetch(player, match_id) for player in players]
        if views[0]["status"] == "finished":
            break
        for seat, seen in enumerate(views):
            deal = seen["view"]["deal"]
            if deal and deal["phase"] != "over":
                assert len(deal["hand"]) <= 3  # the toy's hands
                state = event_store.state_load(Match.objects.get(pk=match_id))
                secret = {c.code for c in VARIANTS[TOY].secret(state, seat)}
                assert not shown(seen, secret)
        seat = next(s for s, seen in enumerate(views) if _moves(seen["view"]))
        mover = views[seat]
        answer = act(players[seat], mover, random_move(mover["view"], rng), f"m{move}")
        assert answer.status_code == 200, answer.content
    final = fetch(host, match_id)
    assert final["status"] == "finished"
    assert final["view"]["result"]["reason"] == "points"
    assert max(final["view"]["scores"]) >= 3 == final["view"]["target"]


def _moves(view: dict) -> list[dict]:
    return [a for a in view["legal_actions"] if a["type"] not in GIVING_UP + PRESENCE]


def test_an_unregistered_variant_is_refused(make_player: MakePlayer) -> None:
    room = make_player().client.post("/api/v1/rooms/", {"variant": TOY}, format="json")
    assert room.status_code == 400
    assert room.json()["code"] == "unknown_variant"


@pytest.mark.usefixtures("toy")
def test_the_computer_is_not_offered_for_a_variant_it_does_not_play(
    make_player: MakePlayer,
) -> None:
    """Kati's players are keyed by (variant, level): a registered variant without them is
    refused with a clear 400 rather than a match she could not play."""
    player = make_player(guest=True)
    refused = player.client.post(
        "/api/v1/matches/computer/", {"variant": TOY, "strength": "beginner"}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "unknown_strength"
    assert not Match.objects.filter(variant=TOY).exists()


@pytest.mark.usefixtures("toy")
def test_a_room_is_played_to_the_target_chosen_when_it_is_made(make_player: MakePlayer) -> None:
    """The toy variant is played to 3 or 5: a room made for 5 starts a match to 5; a target the
    variant does not know is a 400 and no room is made."""
    host, friend = make_player(), make_player()
    room = host.client.post("/api/v1/rooms/", {"variant": TOY, "target": 5}, format="json")
    assert room.status_code == 201, room.content
    joined = friend.client.post(
        "/api/v1/rooms/join/", {"code": room.json()["invite"]["code"]}, format="json"
    )
    assert joined.json()["view"]["target"] == 5
    refused = host.client.post("/api/v1/rooms/", {"variant": TOY, "target": 7}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid_target" and refused.json()["allowed"] == [3, 5]
    assert Match.objects.filter(variant=TOY).count() == 1
