"""WebSocket ``/ws/me/``: a player's own notices, outside any match. Matchmaking tells the
player here that a ticket was matched (``{"type": "matchmaking.matched", "ticket_id",
"match_id", "stake", "opponent": {"id", "name"}}``) or cancelled
(``{"type": "matchmaking.cancelled", "ticket_id", "stake", "reason"}``). Authentication as for
every socket (``apps/common/sockets.py``); after it, ``{"type": "ready", "user_id"}``."""

from __future__ import annotations

from typing import Any

from apps.accounts.models import User
from apps.common.sockets import AuthenticatedJsonConsumer

from .matchmaking import user_group


class PlayerConsumer(AuthenticatedJsonConsumer):
    async def _join(self, user: User) -> None:
        self.user_id = user.id
        await self.channel_layer.group_add(user_group(user.id), self.channel_name)
        await self.send_json({"type": "ready", "user_id": user.id})

    async def receive_authenticated(self, message: dict[str, Any]) -> None:
        if message.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def disconnect(self, code: int) -> None:
        self._stop_deadline()
        if self.user_id is not None:
            await self.channel_layer.group_discard(user_group(self.user_id), self.channel_name)

    async def matchmaking_matched(self, message: dict[str, Any]) -> None:
        await self.send_json(message)

    async def matchmaking_cancelled(self, message: dict[str, Any]) -> None:
        await self.send_json(message)
