"""The action endpoint's answers to bad, illegal, stale and repeated input: always a 4xx
problem+json with a stable code, never a 500, never an event appended."""

from __future__ import annotations

from typing import Any

import pytest

from apps.matches.models import MatchEvent
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import create_friend_match, fetch

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_player: MakePlayer) -> tuple[Player, Player, dict]:
    """(player to move, the other player, the mover's view of a fresh friend match)."""
    host, friend = make_player(), make_player()
    match_id = create_friend_match(host, friend)["id"]
    first = fetch(host, match_id)
    mover, other = (host, friend) if first["view"]["deal"]["turn"] == 0 else (friend, host)
    return mover, other, fetch(mover, match_id)


def post(player: Player, match: dict, action: Any, **body: Any) -> Any:
    payload = {"action": action, "expected_version": match["version"], "client_move_id": "m1"}
    payload.update(body)
    return player.client.post(f"/api/v1/matches/{match['id']}/actions/", payload, format="json")


def _refusal(response: Any) -> tuple[int, str]:
    assert response["Content-Type"] == "application/problem+json"
    return response.status_code, response.json()["code"]


def _events(match: dict) -> int:
    return MatchEvent.objects.filter(match_id=match["id"]).count()


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play_card"},
        {"type": "play_card", "card": "PQ"},
        {"type": "play_card", "card": 3},
        {"type": "fly"},
        {"card": "PA"},
        {"type": "surrender", "confirm": "yes"},
    ],
)
def test_malformed_actions_are_400_even_with_a_stale_version(table, action) -> None:  # type: ignore[no-untyped-def]
    mover, _, match = table
    before = _events(match)
    response = post(mover, match, action, expected_version=0)
    assert _refusal(response) == (400, "invalid_action")
    assert _events(match) == before


@pytest.mark.parametrize(
    ("action", "named"),
    [
        ({"type": {}}, "type"),
        ({"type": []}, "type"),
        ({"type": "play_card", "card": "PA", "seat": 1}, "seat"),
        ({"type": "play_card", "card": "PA", "stand_in": True}, "stand_in"),
        ({"type": "surrender", "confirm": "true"}, "confirm"),
        ({"type": "play_card", "card": "PA", "x": 1}, "x"),
    ],
)
def test_wrong_types_and_unknown_fields_are_400_naming_the_field(table, action, named) -> None:  # type: ignore[no-untyped-def]
    """Inputs are strict (issue 28): no 500 for a type that is not a string, no field silently
    ignored or overruled (a player never chooses its seat), no string taken for a boolean."""
    mover, _, match = table
    before = _events(match)
    response = post(mover, match, action)
    assert _refusal(response) == (400, "invalid_action")
    assert named in response.json()["detail"]
    assert _events(match) == before


def test_an_action_that_is_not_an_object_is_invalid_input(table) -> None:  # type: ignore[no-untyped-def]
    mover, _, match = table
    response = post(mover, match, "play_card")
    assert _refusal(response) == (400, "invalid_input")
    assert "action" in response.json()["errors"]


@pytest.mark.parametrize("kind", ["deal_cards", "start_match", "technical_loss", "abandon"])
def test_players_cannot_send_server_commands(table, kind: str) -> None:  # type: ignore[no-untyped-def]
    mover, _, match = table
    action: dict[str, Any] = {"type": kind}
    if kind == "deal_cards":
        action.update(deck=match["view"]["deal"]["hand"] * 4, salt="ab" * 16)
    if kind == "start_match":
        action.update(variant="klub", first_dealer=0)
    if kind == "technical_loss":
        action.update(seat=1 - match["your_seat"])
    assert _refusal(post(mover, match, action))[0] == 400
    assert fetch(mover, match["id"])["status"] == "active"


def test_rule_violations_are_409_with_the_engine_code(table) -> None:  # type: ignore[no-untyped-def]
    mover, other, match = table
    hand = match["view"]["deal"]["hand"]
    not_held = next(c for c in ("PA", "PX", "TA", "ZA", "MA", "MU") if c not in hand)
    before = _events(match)
    assert _refusal(post(mover, match, {"type": "play_card", "card": not_held})) == (
        409,
        "card_not_in_hand",
    )
    their_view = fetch(other, match["id"])
    card = their_view["view"]["deal"]["hand"][0]
    assert _refusal(post(other, their_view, {"type": "play_card", "card": card})) == (
        409,
        "not_your_turn",
    )
    assert _refusal(post(mover, match, {"type": "surrender"})) == (409, "confirmation_required")
    assert _events(match) == before


def test_a_stale_version_is_a_409_with_the_current_version(table) -> None:  # type: ignore[no-untyped-def]
    mover, _, match = table
    play = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")
    stale = post(mover, match, play, expected_version=match["version"] - 1)
    assert _refusal(stale) == (409, "version_conflict")
    assert stale.json()["current_version"] == match["version"]


def test_a_client_move_id_reused_for_another_action_is_refused(table) -> None:  # type: ignore[no-untyped-def]
    mover, _, match = table
    plays = [a for a in match["view"]["legal_actions"] if a["type"] == "play_card"]
    first = post(mover, match, plays[0])
    assert first.status_code == 200
    again = post(mover, match, plays[0])
    assert again.status_code == 200 and again.json() == first.json()
    other_action = post(mover, match, plays[1])
    assert _refusal(other_action) == (409, "client_move_id_reused")
    assert _events(match) == first.json()["version"]


def test_the_first_event_of_a_batch_records_its_command_and_actor(table) -> None:  # type: ignore[no-untyped-def]
    mover, _, match = table
    play = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")
    answer = post(mover, match, play).json()
    first = MatchEvent.objects.get(match_id=match["id"], seq=answer["events"][0]["seq"])
    assert first.command == {**play, "seat": match["your_seat"], "stand_in": False}
    assert first.actor_id == mover.user.id and first.client_move_id == "m1"


def test_strangers_and_bad_tokens(table, make_player: MakePlayer, anon) -> None:  # type: ignore[no-untyped-def]
    _, _, match = table
    stranger = make_player()
    assert _refusal(stranger.client.get(f"/api/v1/matches/{match['id']}/")) == (
        404,
        "match_not_found",
    )
    assert _refusal(post(stranger, match, {"type": "resign"})) == (404, "match_not_found")
    events = stranger.client.get(f"/api/v1/matches/{match['id']}/events/")
    assert _refusal(events) == (404, "match_not_found")
    anon.credentials(HTTP_X_SESSION_TOKEN="no-such-session")
    bad = anon.get(f"/api/v1/matches/{match['id']}/")
    assert _refusal(bad) == (401, "invalid_token")
    assert "WWW-Authenticate" in bad


def test_the_match_list_is_paginated_by_default(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    for _ in range(3):
        assert player.client.post("/api/v1/matches/computer/", {}, format="json").status_code == 201
    page = player.client.get("/api/v1/matches/?limit=2").json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["next"]
    everything = player.client.get("/api/v1/matches/")
    assert everything.status_code == 200 and everything.json()["count"] == 3
