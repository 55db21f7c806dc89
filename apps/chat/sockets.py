"""The table's socket, ``/ws/matches/<id>/``: the match socket (``apps/matches/consumers.py``:
events, presence, notices) with the table talk of this app on top of it: the match's chat
messages, ``{"type": "chat", "match_id", "message": {"id", "sender_seat", "text",
"created_at"}}`` (except those of a player its user blocked), and the voice-call messages
``{"type": "call.…"}`` with their frames (``calls.py``). Served by this app's ``routing.py``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from channels.exceptions import ChannelFull
from django.conf import settings

from apps.common.errors import Conflict, Problem
from apps.matches.consumers import MatchConsumer, error_frame
from apps.matches.push import match_group

from . import calls


class TableConsumer(MatchConsumer):
    _ring: asyncio.Task[None] | None = None
    _in_calls: bool = False  # this socket proposed or accepted a call at some point
    forward_only = MatchConsumer.forward_only | {"chat.message", "call.update", "call.relay"}

    async def receive_frame(self, message: dict[str, Any]) -> None:
        if isinstance(message.get("type"), str) and message["type"].startswith("call."):
            await self._call(message)

    async def leave_table(self) -> None:
        if self._ring is not None:
            self._ring.cancel()
        if self.seat is not None and self._in_calls:  # a call this socket was in ends with it
            frame = await database_sync_to_async(calls.call_leave)(
                match_id=self.match_id, channel=self.channel_name
            )
            if frame is not None:
                await self._broadcast(frame)

    async def _call(self, message: dict[str, Any]) -> None:
        assert self.seat is not None and self.user_id is not None
        caller = calls.Caller(self.match_id, self.user_id, self.seat, self.channel_name)
        try:
            outcome = await database_sync_to_async(calls.call_command)(caller, message)
        except Problem as problem:
            await self.send_json(error_frame(problem, message["type"], self.language))
            return
        if message["type"] in ("call.propose", "call.accept"):
            self._in_calls = True
        if outcome.reply is not None:
            await self.send_json(outcome.reply)
        if outcome.relay is not None:
            channel, frame = outcome.relay
            try:
                await self.channel_layer.send(channel, calls.relay_message(frame))
            except ChannelFull:  # the other end stopped reading (its process is gone)
                unreachable = Conflict("the other player is unreachable", code="peer_unreachable")
                await self.send_json(error_frame(unreachable, message["type"], self.language))
        for frame in outcome.broadcast:
            await self._broadcast(frame)
        if outcome.ring is not None:
            if self._ring is not None:
                self._ring.cancel()
            self._ring = asyncio.create_task(self._ring_out(outcome.ring))

    async def _ring_out(self, call_id: str) -> None:
        """End the proposal ``call_id`` if nobody accepted it in time."""
        await asyncio.sleep(settings.CALL_RING_SECONDS)
        frame = await database_sync_to_async(calls.call_expire)(
            match_id=self.match_id, call_id=call_id
        )
        if frame is not None:
            await self._broadcast(frame)

    async def _broadcast(self, frame: dict[str, Any]) -> None:
        await self.channel_layer.group_send(match_group(self.match_id), calls.update_message(frame))

    async def call_update(self, message: dict[str, Any]) -> None:
        """A call's state changed: both players' sockets hear of it."""
        if not self._refused and self.seat is not None:
            await self.send_json(message["frame"])

    async def call_relay(self, message: dict[str, Any]) -> None:
        """An offer, answer or ICE candidate, addressed to this very socket by the other end."""
        if not self._refused and self.seat is not None:
            await self.send_json(message["frame"])

    async def chat_message(self, message: dict[str, Any]) -> None:
        """A new chat message, unless this socket's user blocked its sender."""
        if self._refused or self.seat is None or self.user_id in message["hidden_from"]:
            return
        await self.send_json(
            {"type": "chat", "match_id": message["match_id"], "message": message["message"]}
        )
