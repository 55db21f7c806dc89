"""Friend rooms in embedded mode: a room opened over REST, joined by its invite code, played by
two people over REST with their sockets (each receives every event as its own feed gives it);
a partnership room filled with two people and two Katis seated by the host. At the end
``verify_store`` finds the SQLite store sound."""

from __future__ import annotations

import pytest
import time_machine

from apps.matches.integrity import store_problems
from tests.conftest import MakePlayer
from tests.embedded.helpers import Http, Person, Played, play
from tests.matches.ws_helpers import Sockets, in_thread

pytestmark = [pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


def _card_players(played: Played) -> set[int]:
    return {e["event"]["seat"] for e in played.events if e["event"]["type"] == "card_played"}


def _a_hand_played(played: Played) -> bool:
    """A deal ended after every seat played a card (a hand may also end with no card played)."""
    return played.count("deal_ended") > 0 and len(_card_players(played)) == 4


async def _people(make_player: MakePlayer, count: int) -> list[Http]:
    return [Http(await in_thread(make_player)) for _ in range(count)]


async def _seated(sockets: Sockets, match_id: str, people: list[Http]) -> list[Person]:
    seated = []
    for http in people:
        socket, ready = await sockets.ready(match_id, http.player.token)
        seated.append(Person(http, socket, ready["version"]))
    return seated


async def test_a_friend_room_is_joined_by_its_code_and_played_to_its_end(
    make_player: MakePlayer, sockets: Sockets, clock: time_machine.Coordinates
) -> None:
    host, friend, late = await _people(make_player, 3)
    room = await host.post("/api/v1/rooms/", {"variant": "klub"}, status=201)
    assert room["status"] == "waiting"
    code = room["invite"]["code"]
    joined = await friend.post("/api/v1/rooms/join/", {"code": code.lower()})
    assert (joined["id"], joined["status"], joined["your_seat"]) == (room["id"], "active", 1)
    full = await late.post("/api/v1/rooms/join/", {"code": code}, status=409)
    assert full["code"] == "room_full"
    people = await _seated(sockets, room["id"], [host, friend])
    played = await play(room["id"], people, clock, seed="friends")
    assert played.match["status"] == "finished" and played.match["end_reason"] == "points"
    for person in people:
        assert (await person.http.match(room["id"]))["winner_seat"] == played.match["winner_seat"]
    assert await in_thread(lambda: list(store_problems([room["id"]]))) == []


async def test_a_partnership_room_takes_two_people_and_two_katis(
    make_player: MakePlayer, sockets: Sockets, clock: time_machine.Coordinates
) -> None:
    host, friend = await _people(make_player, 2)
    room = await host.post("/api/v1/rooms/", {"variant": "partnership"}, status=201)
    code = room["invite"]["code"]
    assert (await friend.post("/api/v1/rooms/join/", {"code": code}))["status"] == "waiting"
    seats = f"/api/v1/rooms/{room['id']}/seats/"
    assert (await host.post(seats, {"strength": "beginner"}))["status"] == "waiting"
    started = await host.post(seats, {"strength": "beginner"})
    assert started["status"] == "active"
    assert [p["strength"] for p in started["players"][2:]] == ["beginner", "beginner"]
    people = await _seated(sockets, room["id"], [host, friend])
    played = await play(room["id"], people, clock, until=_a_hand_played, seed="four")
    # Kati played her seats, in the people's requests
    assert _card_players(played) == {0, 1, 2, 3}
    assert await in_thread(lambda: list(store_problems([room["id"]]))) == []
