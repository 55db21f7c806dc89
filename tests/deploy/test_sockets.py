"""The socket server as deployed (``ws`` of deploy/Procfile): a frame over its size limit is
answered with a close frame, 1009 "message too big", not a dropped TCP connection."""

from __future__ import annotations

import asyncio

import pytest
import websockets

from tests.deploy.servers import Club

pytestmark = pytest.mark.django_db(transaction=True)
#: daphne's limit on a message and on a frame (bytes)
LIMIT = 1024 * 1024
PATH = "/ws/matches/00000000-0000-0000-0000-000000000000/"


async def send_and_wait_for_close(url: str, message: str) -> websockets.ConnectionClosed:
    async with websockets.connect(url, max_size=None) as socket:
        await socket.send(message)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(socket.recv(), 20)
    return closed.value


async def test_an_oversized_frame_is_answered_with_a_close_frame(club_processes: Club) -> None:
    ws = club_processes.ws()
    club_processes.ready()

    closed = await send_and_wait_for_close(ws.ws_url + PATH, "x" * (LIMIT + 1))
    assert closed.rcvd is not None, "the server dropped the connection without a close frame"
    assert closed.rcvd.code == 1009  # message too big

    # a message under the limit still reaches the application (which refuses it: no token)
    under = await send_and_wait_for_close(ws.ws_url + PATH, "x" * (LIMIT - 1))
    assert under.rcvd is not None and under.rcvd.code == 4401
