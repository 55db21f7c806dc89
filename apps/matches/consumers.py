"""WebSocket ``/ws/matches/<id>/``: a participant receives the match's new events, redacted for
its seat, as envelopes ``{type: "event", match_id, seq, event}``.

Authentication never puts a token in the URL: browsers are known by their session cookie; apps
send ``{"type": "authenticate", "token": "<session token>"}`` as their first message, within
``WS_AUTH_TIMEOUT_SECONDS``. Then the server answers ``{"type": "ready", "seat", "version"}``;
a client whose last seen ``seq`` is below ``version``, or that sees a gap, fetches
``GET /api/v1/matches/<id>/events/?after_seq=N``. Close codes: 4401 not authenticated,
4403 not a participant.
"""

from __future__ import annotations

import asyncio
from typing import Any

from allauth.headless.internal.sessionkit import authenticate_by_x_session_token
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from apps.accounts.models import User
from apps.matches.models import Match, Seat

from .push import seat_group

NOT_AUTHENTICATED = 4401
NOT_A_PARTICIPANT = 4403


def _user_for_token(token: str) -> User | None:
    found = authenticate_by_x_session_token(token)
    return found[0] if found else None


def _seat_and_version(match_id: str, user: User) -> tuple[int, int] | None:
    seat = Seat.objects.filter(match_id=match_id, user=user).values_list("index", flat=True).first()
    if seat is None:
        return None
    version = Match.objects.filter(pk=match_id).values_list("version", flat=True).get()
    return seat, version


class MatchConsumer(AsyncJsonWebsocketConsumer):
    seat: int | None = None
    _auth_timer: asyncio.TimerHandle | None = None

    async def connect(self) -> None:
        self.match_id = str(self.scope["url_route"]["kwargs"]["match_id"])
        await self.accept()
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            await self._join(user)
            return
        loop = asyncio.get_running_loop()
        self._auth_timer = loop.call_later(
            settings.WS_AUTH_TIMEOUT_SECONDS,
            lambda: asyncio.ensure_future(self._refuse(NOT_AUTHENTICATED, "not_authenticated")),
        )

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if self.seat is None:
            token = content.get("token") if isinstance(content, dict) else None
            if not (
                isinstance(content, dict)
                and content.get("type") == "authenticate"
                and isinstance(token, str)
            ):
                await self._refuse(NOT_AUTHENTICATED, "not_authenticated")
                return
            user = await database_sync_to_async(_user_for_token)(token)
            if user is None:
                await self._refuse(NOT_AUTHENTICATED, "invalid_token")
                return
            await self._join(user)
        elif isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def _join(self, user: User) -> None:
        if self._auth_timer is not None:
            self._auth_timer.cancel()
        found = await database_sync_to_async(_seat_and_version)(self.match_id, user)
        if found is None:
            await self._refuse(NOT_A_PARTICIPANT, "match_not_found")
            return
        self.seat = found[0]
        await self.channel_layer.group_add(seat_group(self.match_id, self.seat), self.channel_name)
        # Read the version after joining the group, so no event falls between the two.
        _, version = await database_sync_to_async(_seat_and_version)(self.match_id, user)  # type: ignore[misc]
        await self.send_json(
            {"type": "ready", "match_id": self.match_id, "seat": self.seat, "version": version}
        )

    async def _refuse(self, close_code: int, code: str) -> None:
        await self.send_json({"type": "error", "code": code})
        await self.close(code=close_code)

    async def disconnect(self, code: int) -> None:
        if self._auth_timer is not None:
            self._auth_timer.cancel()
        if self.seat is not None:
            await self.channel_layer.group_discard(
                seat_group(self.match_id, self.seat), self.channel_name
            )

    async def match_events(self, message: dict[str, Any]) -> None:
        for envelope in message["envelopes"]:
            await self.send_json(envelope)
