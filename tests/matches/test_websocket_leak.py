"""The leak test over WebSocket frames: two players connected for whole random matches; every
frame each one receives is scanned for a card that seat must not see at that frame's seq."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator

import pytest

from apps.matches.models import Match
from tests.conftest import MakePlayer
from tests.matches.helpers import (
    act,
    create_friend_match,
    fetch,
    hidden_by_version,
    random_move,
    shown,
)

from .ws_helpers import Sockets, in_thread, receive_through

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
async def sockets() -> AsyncIterator[Sockets]:
    opened = Sockets()
    yield opened
    await opened.close_all()


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_no_frame_shows_a_hidden_card(
    make_player: MakePlayer, sockets: Sockets, seed: int
) -> None:
    rng = random.Random(seed)
    players = await in_thread(lambda: [make_player(), make_player()])
    match_id = (await in_thread(create_friend_match, players[0], players[1]))["id"]
    connected = [await sockets.ready(match_id, p.token) for p in players]
    frames: dict[int, list[dict]] = {0: [], 1: []}
    version = connected[0][1]["version"]
    for seat, (_, ready) in enumerate(connected):
        assert ready["seat"] == seat and ready["version"] == version
    step = 0
    while True:
        match = await in_thread(fetch, players[0], match_id)
        if match["status"] != "active":
            break
        mover = players[match["view"]["deal"]["turn"]]
        view = await in_thread(fetch, mover, match_id)
        response = await in_thread(act, mover, view, random_move(view["view"], rng), f"w{step}")
        assert response.status_code == 200, response.content
        version = response.json()["version"]
        for seat, (socket, _) in enumerate(connected):
            frames[seat] += await receive_through(socket, version)
        step += 1
    for seat in (0, 1):
        hidden = await in_thread(hidden_by_version, match_id, seat)
        seqs = [f["seq"] for f in frames[seat]]
        assert seqs == list(range(connected[seat][1]["version"] + 1, version + 1))
        for frame in frames[seat]:
            assert not shown(frame, hidden[frame["seq"]]), frame
    assert step > 5


async def test_no_frame_shows_a_room_s_first_secret(
    make_player: MakePlayer, sockets: Sockets
) -> None:
    """A room opened with the host's seed, joined with the friend's: the host's socket, open
    while the room waits, gets the match's start and first deal, and no frame (nor its ready)
    holds the room's secret, which the first deal's record alone reveals."""
    host, friend = await in_thread(lambda: [make_player(), make_player()])

    def open_room() -> dict:
        promised = host.client.post("/api/v1/matches/commitments/", {}, format="json").json()
        seed = {"commitment": promised["commitment"], "value": "5eed" * 8}
        room = host.client.post("/api/v1/rooms/", {"seed": seed}, format="json")
        assert room.status_code == 201, room.content
        return dict(room.json())

    room = await in_thread(open_room)
    socket, ready = await sockets.ready(room["id"], host.token)

    def join() -> dict:
        code = room["invite"]["code"]
        shown = friend.client.get(f"/api/v1/rooms/invites/{code}/").json()
        seed = {"commitment": shown["commitment"], "value": "c0ffee00" * 4}
        joined = friend.client.post(
            "/api/v1/rooms/join/", {"code": code, "seed": seed}, format="json"
        )
        assert joined.status_code == 200, joined.content
        return dict(joined.json())

    joined = await in_thread(join)
    frames = await receive_through(socket, joined["version"])
    secret = await in_thread(lambda: Match.objects.get(pk=room["id"]).first_secret)
    assert secret and [f["event"]["type"] for f in frames][:2] == [
        "match_started",
        "secret_committed",
    ]
    assert secret not in json.dumps(ready) + json.dumps(frames)
