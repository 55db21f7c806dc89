"""The socket servers, the deployed one (``ws`` of deploy/Procfile, ``config/ws.py``) and
embedded mode's (``manage.py runserver``): a message over the size limit is answered with a
close frame, 1009 "message too big", not a dropped TCP connection; one at the limit is read
and the socket stays open."""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets

from tests.conftest import MakePlayer
from tests.deploy.servers import Club, ClubProcess

pytestmark = pytest.mark.django_db(transaction=True)
#: daphne's limit on a message and on a frame (bytes)
LIMIT = 1024 * 1024
PATH = "/ws/matches/00000000-0000-0000-0000-000000000000/"


def message_of(size: int) -> str:
    """A JSON message of ``size`` bytes that the player socket ignores (an unknown type)."""
    head = '{"type": "note", "text": "'
    return head + "x" * (size - len(head) - 2) + '"}'


async def send_and_wait_for_close(url: str, message: str) -> websockets.ConnectionClosed:
    async with websockets.connect(url, max_size=None) as socket:
        await socket.send(message)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(socket.recv(), 20)
    return closed.value


@pytest.fixture
def token(make_player: MakePlayer) -> str:
    """A player's session token (made before the test's event loop runs)."""
    return make_player().token


def server_started(club: Club, server: str) -> ClubProcess:
    process = club.ws() if server == "ws" else club.runserver()
    club.ready()
    return process


@pytest.mark.parametrize("server", ["ws", "runserver"])
async def test_an_oversized_message_is_answered_with_a_close_frame(
    club_processes: Club, token: str, server: str
) -> None:
    url = server_started(club_processes, server).ws_url + "/ws/me/"
    async with websockets.connect(url, max_size=None) as socket:
        await socket.send(json.dumps({"type": "authenticate", "token": token}))
        assert json.loads(await asyncio.wait_for(socket.recv(), 20))["type"] == "ready"

        await socket.send(message_of(LIMIT))  # at the limit: read (and ignored)
        await socket.send(json.dumps({"type": "ping"}))
        assert json.loads(await asyncio.wait_for(socket.recv(), 20)) == {"type": "pong"}

        await socket.send(message_of(LIMIT + 1))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(socket.recv(), 20)
    assert closed.value.rcvd is not None, "the server dropped the connection without a close frame"
    assert closed.value.rcvd.code == 1009  # message too big


@pytest.mark.parametrize("server", ["ws", "runserver"])
async def test_a_message_under_the_limit_reaches_the_application(
    club_processes: Club, server: str
) -> None:
    url = server_started(club_processes, server).ws_url + PATH

    # not an authenticate message: the application refuses it (no token), so it read it
    under = await send_and_wait_for_close(url, "x" * (LIMIT - 1))
    assert under.rcvd is not None and under.rcvd.code == 4401
