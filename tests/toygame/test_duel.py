"""The duel, a game only the tests register (``game.py``: its own command, event and deal
state), played end to end through everything a built-in game goes through: the games'
catalogue the web client reads, OpenAPI, a friend room over REST with a socket receiving every
move, and a match against Kati through the computer's service. Nothing outside this folder
names it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.matches.engine import rule_codes
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import act, create_computer_match, fetch
from tests.matches.ws_helpers import Sockets, in_thread, receive_through
from tests.schema_check import api_schema, response_checker

from .game import NAME, DuelRules

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("duel")]

MATCH = "/api/v1/matches/{match_id}/"
ACTIONS = "/api/v1/matches/{match_id}/actions/"


def _reveals(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in view["legal_actions"] if a["type"] == "duel_reveal"]


def _reveal(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    reveals = _reveals(view)
    assert reveals, view["legal_actions"]
    return rng.choice(reveals)


def test_the_catalogue_and_openapi_list_the_duel(make_player: MakePlayer) -> None:
    games = make_player().client.get("/api/v1/games/")
    assert games.status_code == 200
    duel = next(g for g in games.json() if g["variant"] == NAME)
    actions = duel.pop("actions")
    # its own command, which declares no names (so named by its type), then the table's
    assert actions[0] == {"type": "duel_reveal", "labels": {"en": "duel_reveal"}}
    assert [a["type"] for a in actions[1:5]] == ["resign", "leave", "pause", "resume"]
    assert duel == {
        "variant": NAME,
        "labels": {"hu": "Párbaj", "en": "Duel"},
        "seats": 2,
        "targets": [3],
        "default_target": 3,
        "ranked": False,
        "computer_levels": ["beginner"],
    }
    schema = api_schema()
    components = schema["components"]["schemas"]
    assert "DuelDealView" in components, sorted(c for c in components if "Duel" in c or "Deal" in c)
    # the games' enum of the requests (its component's name is drf-spectacular's to choose)
    assert any(NAME in c.get("enum", ()) for c in components.values())
    assert "duel_card_revealed" in str(components["Event"])
    assert "card_not_in_hand" in rule_codes()


async def test_a_friend_room_plays_the_duel_to_its_end_over_rest_and_the_socket(
    make_player: MakePlayer, sockets: Sockets
) -> None:
    check = response_checker(await in_thread(api_schema))
    host, friend = await in_thread(make_player), await in_thread(make_player)
    room = await in_thread(host.client.post, "/api/v1/rooms/", {"variant": NAME}, format="json")
    assert room.status_code == 201, room.content
    joined = await in_thread(
        friend.client.post,
        "/api/v1/rooms/join/",
        {"code": room.json()["invite"]["code"]},
        format="json",
    )
    assert joined.status_code == 200, joined.content
    match_id = joined.json()["id"]
    players = (host, friend)
    socket, ready = await sockets.ready(match_id, host.token)
    pushed: list[dict[str, Any]] = []
    rng = random.Random(7)
    for move in range(200):
        seen = [await in_thread(_fetch_checked, p, match_id, check) for p in players]
        if seen[0]["status"] == "finished":
            break
        seat = next(s for s, m in enumerate(seen) if _reveals(m["view"]))
        mover = seen[seat]
        assert mover["view"]["deal"]["turn"] == seat
        other = seen[1 - seat]["view"]["deal"]
        assert "hand" in other and not set(other["hand"]) & set(mover["view"]["deal"]["hand"])
        answer = await in_thread(act, players[seat], mover, _reveal(mover["view"], rng), f"m{move}")
        assert answer.status_code == 200, answer.content
        check(answer, ACTIONS.format(match_id="{match_id}"), "post")
        pushed += await receive_through(socket, answer.json()["version"])
    final = seen[0]
    assert final["status"] == "finished" and final["end_reason"] == "points"
    assert max(final["scores"]) == 3 == final["view"]["target"]
    types = {envelope["event"]["type"] for envelope in pushed}
    assert {"duel_card_revealed", "deal_started", "deal_ended", "match_ended"} <= types
    # seat 0's socket never saw a hand it does not hold: the deals it was pushed name its own
    for envelope in pushed:
        if envelope["event"]["type"] == "deal_started":
            assert "deck" not in envelope["event"] and len(envelope["event"]["hand"]) == 3
    assert [e["seq"] for e in pushed] == list(range(ready["version"] + 1, final["version"] + 1))


def _fetch_checked(player: Player, match_id: str, check: Any) -> dict[str, Any]:
    response = player.client.get(MATCH.format(match_id=match_id))
    return check(response, MATCH.format(match_id="{match_id}"))


def test_a_guest_plays_the_duel_against_kati_through_the_service(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, variant=NAME, strength="beginner")
    assert match["players"][1]["strength"] == "beginner"
    rng = random.Random(11)
    for move in range(200):
        if match["status"] != "active":
            break
        view = match["view"]
        assert view["deal"]["turn"] == match["your_seat"]  # Kati has answered
        answer = act(player, match, _reveal(view, rng), f"move-{move}")
        assert answer.status_code == 200, answer.content
        match = fetch(player, match["id"])
    assert match["status"] == "finished" and max(match["scores"]) == 3
    refused = player.client.post(
        "/api/v1/matches/computer/", {"variant": NAME, "strength": "expert"}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["code"] == "unknown_strength"
    assert DuelRules.name == NAME
