"""WebSocket ``/ws/matches/<id>/``: a participant receives the match's new events, redacted for
its seat, as envelopes ``{type: "event", match_id, seq, event}``.

Authentication never puts a token in the URL: browsers are known by their session cookie; apps
send ``{"type": "authenticate", "token": "<session token>"}`` as their first message, within
``WS_AUTH_TIMEOUT_SECONDS``. Then the server answers ``{"type": "ready", "seat", "version"}``;
a client whose last seen ``seq`` is below ``version``, or that sees a gap, fetches
``GET /api/v1/matches/<id>/events/?after_seq=N``. Events pushed while the socket was joining may
arrive after ``ready`` with a ``seq`` at or below its ``version``: clients skip those.

Close codes: 4401 not authenticated, 4403 not a participant (or no such match), or a player
barred from online play on an online match (``suspended`` with ``ends_at``, or ``banned``):
refused when it opens, closed at once when the sanction is issued (``withdrawal.py``); 1013 the
channel layer (Redis) does not answer: try again later. Once refused, a socket takes no more
messages. A session cookie counts only when the handshake comes from
one of our own origins (or from no browser at all): otherwise any web page could open the
socket with a visitor's cookie and read their hand (cross-site WebSocket hijacking); such a
socket may still authenticate by token.

An open socket is the seat's presence (``attendance.py``): when a seat's last socket closes,
its reconnect window opens. Clients send ``{"type": "ping"}`` every
``PRESENCE_HEARTBEAT_SECONDS`` (10 s); a socket silent for ``PRESENCE_TIMEOUT_SECONDS`` (30 s)
counts as gone even if the network never closed it.

Once ready, a client may send ``{"type": "ping"}`` (answered ``{"type": "pong"}``); the table's
socket served at this path (``apps/chat/sockets.py``) extends this consumer with the match's
chat messages and the voice-call messages ``{"type": "call.…"}``; anything else is ignored.
"""

from __future__ import annotations

import time
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from apps.accounts.models import User
from apps.common.errors import DETAIL_LIMIT, Problem
from apps.common.policies import online_refusal
from apps.common.sockets import NOT_AUTHENTICATED, AuthenticatedJsonConsumer
from apps.matches.engine import clip
from apps.matches.models import Match, Seat

from . import attendance
from .envelopes import envelopes_from_message
from .push import match_group, player_tables_group

NOT_A_PARTICIPANT = 4403
__all__ = ["NOT_AUTHENTICATED", "NOT_A_PARTICIPANT", "MatchConsumer"]


def _seat_of(match_id: str, user: User) -> tuple[int, str] | None:
    """The user's seat in the match and the match's mode (``None``: not a participant)."""
    return (
        Seat.objects.filter(match_id=match_id, user=user)
        .values_list("index", "match__mode")
        .first()
    )


def _version_of(match_id: str) -> int:
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).get()


def error_frame(problem: Problem, request: str, language: str) -> dict[str, Any]:
    """A refused client message, answered to its socket (which stays open); ``detail`` in the
    socket's language (``languages.socket_language``)."""
    return {
        "type": "error",
        "for": clip(request),
        "code": problem.code,
        "detail": clip(problem.text(language), DETAIL_LIMIT),
        **problem.extra,
    }


class MatchConsumer(AuthenticatedJsonConsumer):
    match_id: str
    seat: int | None = None
    _seen_at: float = 0.0  # when this socket last reported a sign of life (monotonic)
    _tables_group: str | None = None  # the player's group of online-match sockets, once joined
    forward_only = frozenset({"match.events", "match.notice", "player.barred"})

    async def connect(self) -> None:
        self.match_id = str(self.scope["url_route"]["kwargs"]["match_id"])
        await super().connect()

    async def receive_authenticated(self, message: dict[str, Any]) -> None:
        await self._alive()
        if message.get("type") == "ping":
            await self.send_json({"type": "pong"})
        else:
            await self.receive_frame(message)

    async def receive_frame(self, message: dict[str, Any]) -> None:
        """A participant's message other than a ping: ignored here (subclasses serve more)."""

    async def leave_table(self) -> None:
        """The participant's socket is closing (subclasses end what it was part of)."""

    async def _join(self, user: User) -> None:
        found = await database_sync_to_async(_seat_of)(self.match_id, user)
        if found is None:
            await self._refuse(NOT_A_PARTICIPANT, "match_not_found")
            return
        seat, mode = found
        if mode != Match.Mode.COMPUTER:
            # Joined before the check, so a sanction issued from now on closes this socket.
            tables = player_tables_group(user.id)
            await self.channel_layer.group_add(tables, self.channel_name)
            self._tables_group = tables
            refusal = await database_sync_to_async(online_refusal)(user.id)
            if refusal is not None:
                await self._refuse(NOT_A_PARTICIPANT, refusal.code, **refusal.extra)
                return
        await self.channel_layer.group_add(match_group(self.match_id), self.channel_name)
        self.seat, self.user_id = seat, user.id
        # Read the version after joining the group, so no event falls between the two.
        version = await database_sync_to_async(_version_of)(self.match_id)
        await self.send_json(
            {"type": "ready", "match_id": self.match_id, "seat": seat, "version": version}
        )
        self._seen_at = time.monotonic()
        await database_sync_to_async(attendance.socket_opened)(self.match_id, seat)

    async def _alive(self) -> None:
        """Any message is a sign of life; it reaches the database at most every few seconds."""
        if self.seat is None:
            return
        moment = time.monotonic()
        if moment - self._seen_at >= settings.PRESENCE_WRITE_SECONDS:
            self._seen_at = moment
            await database_sync_to_async(attendance.presence_seen)(self.match_id, self.seat)

    async def disconnect(self, code: int) -> None:
        self._stop_deadline()
        if self._tables_group is not None:
            await self._group_discard(self._tables_group)
        if self.seat is not None:
            await self._group_discard(match_group(self.match_id))
        await self.leave_table()
        if self.seat is not None:
            await database_sync_to_async(attendance.socket_closed)(self.match_id, self.seat)

    async def match_notice(self, message: dict[str, Any]) -> None:
        """A notice about the match for both players (a rematch offered, a rematch started)."""
        if not self._refused and self.seat is not None:
            await self.send_json(message["frame"])

    async def player_barred(self, message: dict[str, Any]) -> None:
        """A moderator barred this socket's player from online play: the socket closes, telling
        the player why (``withdrawal.sockets_close``)."""
        await self._refuse(NOT_A_PARTICIPANT, message["code"], **message["extra"])

    async def match_events(self, message: dict[str, Any]) -> None:
        """New events of the match, as stored: redacted here for this socket's seat."""
        if self._refused or self.seat is None:
            return
        for envelope in envelopes_from_message(message, seat=self.seat):
            await self.send_json(envelope)
