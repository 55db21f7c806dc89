"""Every sanction's effect on every online endpoint: a suspension answers 403 ``suspended`` with
its end, a ban 403 ``banned``; a warning, a lifted or an ended suspension restricts nothing;
playing the computer is always allowed, and so is giving up a match. (What a sanction does to
the matches and rooms under way when it is issued: test_sanctions_take_effect.py.)"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from apps.moderation.models import Sanction
from tests.conftest import MakePlayer, Player
from tests.factories import UserFactory
from tests.matches.helpers import act, create_computer_match, create_friend_match, fetch

pytestmark = pytest.mark.django_db(transaction=True)

SANCTIONS: dict[str, dict[str, Any]] = {
    "suspension": {"kind": "suspension", "ends_at": timedelta(days=3)},
    "ban": {"kind": "ban"},
    "warning": {"kind": "warning"},
    "lifted_suspension": {"kind": "suspension", "ends_at": timedelta(days=3), "lifted": True},
    "ended_suspension": {"kind": "suspension", "ends_at": timedelta(seconds=-1)},
}
RESTRICTING = {"suspension": "suspended", "ban": "banned"}


def _sanction(player: Player, spec: dict[str, Any]) -> Sanction:
    now = timezone.now()
    return Sanction.objects.create(
        user=player.user,
        kind=spec["kind"],
        reason="test",
        created_by=UserFactory(is_staff=True),
        ends_at=now + spec["ends_at"] if "ends_at" in spec else None,
        lifted_at=now if spec.get("lifted") else None,
    )


def _online_calls(
    sanctioned: Player, friend: Player, other_host: Player
) -> dict[str, Callable[[], Any]]:
    """One call per online endpoint, made by the sanctioned player."""
    started = create_friend_match(friend, sanctioned)  # a match already under way
    code = other_host.client.post("/api/v1/rooms/", {}, format="json").json()["invite"]["code"]
    return {
        "open a room": lambda: sanctioned.client.post("/api/v1/rooms/", {}, format="json"),
        "join a room": lambda: sanctioned.client.post(
            "/api/v1/rooms/join/", {"code": code}, format="json"
        ),
        "chat": lambda: sanctioned.client.post(
            f"/api/v1/matches/{started['id']}/chat/", {"text": "szia"}, format="json"
        ),
        "call servers": lambda: sanctioned.client.get("/api/v1/calls/ice-servers/"),
        "matchmaking": lambda: sanctioned.client.post(
            "/api/v1/matchmaking/tickets/", {"stake": 20}, format="json"
        ),
    }


@pytest.mark.parametrize("name", list(SANCTIONS))
def test_each_sanction_on_each_online_endpoint(make_player: MakePlayer, name: str) -> None:
    sanctioned, friend, other_host = make_player(), make_player(), make_player()
    calls = _online_calls(sanctioned, friend, other_host)
    sanction = _sanction(sanctioned, SANCTIONS[name])
    for endpoint, call in calls.items():
        response = call()
        if name in RESTRICTING:
            assert response.status_code == 403, (endpoint, response.content)
            body = response.json()
            assert body["code"] == RESTRICTING[name], endpoint
            if name == "suspension":
                assert body["ends_at"] == sanction.ends_at.isoformat(), endpoint  # type: ignore[union-attr]
            else:
                assert "ends_at" not in body
        else:
            assert response.status_code in (200, 201), (endpoint, response.content)


@pytest.mark.parametrize("name", list(RESTRICTING))
def test_the_computer_stays_playable_and_a_match_can_be_given_up(
    make_player: MakePlayer, name: str
) -> None:
    sanctioned, friend = make_player(), make_player()
    under_way = create_friend_match(friend, sanctioned)
    _sanction(sanctioned, SANCTIONS[name])
    against_kati = create_computer_match(sanctioned)
    move = next(a for a in against_kati["view"]["legal_actions"] if a["type"] == "play_card")
    assert act(sanctioned, against_kati, move, "k1").status_code == 200
    # a bare sanction row (not issued by the service, which would have ended the match) still
    # lets the player give the match up, so the opponent is not left waiting
    match = fetch(sanctioned, under_way["id"])
    assert act(sanctioned, match, {"type": "resign"}, "r1").status_code == 200
    assert fetch(friend, under_way["id"])["winner_seat"] == 0
