"""Helpers for the WebSocket tests: communicators on the real ASGI application, and HTTP calls
(synchronous Django test clients) run off the event loop."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import close_old_connections

from config.asgi import application

#: Seconds to wait for a message the test expects (a push crosses Redis).
TIMEOUT = 3.0


def communicator(
    match_id: str, headers: list[tuple[bytes, bytes]] | None = None
) -> WebsocketCommunicator:
    """A communicator for ``/ws/matches/<match_id>/``: the URL never carries a token."""
    return WebsocketCommunicator(application, f"/ws/matches/{match_id}/", headers=headers)


async def in_thread[T](fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run blocking Django code (the test client, the ORM) in a worker thread.

    The services push after commit with ``async_to_sync(group_send)``, which runs on this
    test's event loop while the worker thread waits; the consumer under test keeps running.
    """

    def call() -> T:
        try:
            return fn(*args, **kwargs)
        finally:
            close_old_connections()

    return await sync_to_async(call, thread_sensitive=False)()


class Sockets:
    """The test's sockets; whatever is still open at the end is disconnected (even when the
    test failed half-way), so no consumer outlives its test."""

    def __init__(self) -> None:
        self._opened: list[WebsocketCommunicator] = []

    async def connect(
        self, match_id: str, headers: list[tuple[bytes, bytes]] | None = None
    ) -> WebsocketCommunicator:
        """A connected (accepted) socket that has not authenticated yet."""
        socket = communicator(match_id, headers)
        self._opened.append(socket)
        connected, _ = await socket.connect(timeout=TIMEOUT)
        assert connected
        return socket

    async def ready(self, match_id: str, token: str) -> tuple[WebsocketCommunicator, dict]:
        """Connect, authenticate by first message and return the socket with its ``ready``."""
        socket = await self.connect(match_id)
        await socket.send_json_to({"type": "authenticate", "token": token})
        ready = await socket.receive_json_from(timeout=TIMEOUT)
        assert ready["type"] == "ready", ready
        return socket, ready

    async def close_all(self) -> None:
        for socket in self._opened:
            if not socket.future.done():
                await socket.disconnect(timeout=TIMEOUT)
        self._opened.clear()


@pytest.fixture
async def sockets() -> AsyncIterator[Sockets]:
    """The test's sockets (import the fixture where it is used), closed at its end."""
    opened = Sockets()
    yield opened
    await opened.close_all()


async def expect_refusal(socket: WebsocketCommunicator, close_code: int) -> dict:
    """The server's ``error`` message, then its close with ``close_code``; returns the error."""
    error = await socket.receive_json_from(timeout=TIMEOUT)
    assert error["type"] == "error", error
    closed = await socket.receive_output(timeout=TIMEOUT)
    assert closed == {"type": "websocket.close", "code": close_code}, closed
    return error


async def receive_through(socket: WebsocketCommunicator, version: int) -> list[dict]:
    """Envelopes up to and including ``seq == version`` (pushes only; fails on anything else)."""
    envelopes: list[dict] = []
    while not envelopes or envelopes[-1]["seq"] < version:
        output = await socket.receive_output(timeout=TIMEOUT)
        assert output["type"] == "websocket.send", output
        envelope = json.loads(output["text"])
        assert envelope["type"] == "event", envelope
        envelopes.append(envelope)
    return envelopes
