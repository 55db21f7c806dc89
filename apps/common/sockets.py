"""The authentication every WebSocket of the club shares.

No token in the URL (it would end up in logs): browsers are known by their session cookie, and
only when the handshake comes from one of our own origins (or from no browser at all) —
otherwise any web page could open the socket with a visitor's cookie (cross-site WebSocket
hijacking). Apps send ``{"type": "authenticate", "token": "<session token>"}`` as their first
message, within ``WS_AUTH_TIMEOUT_SECONDS``. Close code 4401: not authenticated. Once refused,
a socket takes no more messages. A path no route takes is refused with 4404 (``NoRouteConsumer``).
A logout closes the sockets its session opened, on every socket server, with 4401
``invalid_token`` (``session_sockets_close``).

While Redis (the channel layer) does not answer, a socket could hear no push: it is accepted,
told ``{"type": "error", "code": "service_unavailable"}`` and closed with 1013 ("try again
later"), whether the layer failed before the handshake (the socket's own channel) or while
joining its groups. The session behind a token or a cookie is still read, from PostgreSQL
(``sessions.py``), so a wrong token is still a 4401 ``invalid_token``.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import hashlib
import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils.http import is_same_domain
from redis.exceptions import RedisError

from .authentication import user_for_token
from .broadcast import group_send
from .languages import socket_language

if TYPE_CHECKING:
    # the club's user model (AUTH_USER_MODEL), as django-stubs' plugin names it: common imports
    # no app of the club
    from django.contrib.auth.models import _User as User

logger = logging.getLogger(__name__)

NOT_AUTHENTICATED = 4401
NOT_FOUND = 4404
UNAVAILABLE = 1013  # RFC 6455's "try again later": the channel layer (Redis) did not answer
# what a channel layer on a Redis that does not answer raises
LAYER_DOWN = (RedisError, OSError, asyncio.TimeoutError)


def _user_for_token(token: str) -> User | None:
    """The user of a live session token, read as the HTTP side reads it (PostgreSQL when the
    cache does not answer)."""
    found = user_for_token(token)
    return found[0] if found else None


def session_group(session_key: str) -> str:
    """The channel-layer group of the sockets a session opened (named by a digest: the key
    itself is a credential)."""
    return "session." + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def session_sockets_close(session_key: str) -> None:
    """Close the sockets ``session_key`` opened, on every socket server (after its logout)."""
    group_send(session_group(session_key), {"type": "session.ended"})


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def cookie_origin_trusted(scope: dict[str, Any]) -> bool:
    """Whether the handshake's ``Origin`` may use the session cookie.

    No ``Origin``: not a browser (browsers always send it on a WebSocket handshake), so no
    cross-site page is behind it. Otherwise the origin must be the host the socket was opened
    on, the public site, a CSRF-trusted origin, or one of ``ALLOWED_HOSTS``.
    """
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    if not parts.scheme or not parts.hostname:  # "null" (sandboxed pages, file://) and junk
        return False
    normalized = _origin_of(origin)
    host = _header(scope, b"host")
    if host is not None and parts.netloc.lower() == host.lower():
        return True
    trusted = {_origin_of(settings.PUBLIC_BASE_URL)}
    trusted.update(_origin_of(o) for o in getattr(settings, "CSRF_TRUSTED_ORIGINS", []))
    if normalized in trusted:
        return True
    return any(
        pattern == "*" or is_same_domain(parts.hostname, pattern)
        for pattern in settings.ALLOWED_HOSTS
    )


class AuthenticatedJsonConsumer(AsyncJsonWebsocketConsumer, abc.ABC):
    """Accepts, authenticates, then calls ``_join(user)``; later messages go to
    ``receive_authenticated``. Subclasses refuse with ``_refuse(close_code, code)``."""

    user_id: int | None = None
    # the language of the socket's refusals (``languages.socket_language``), once authenticated
    language: str = settings.LANGUAGE_CODE
    _refused: bool = False
    _authenticating: bool = False
    _deadline: asyncio.Task[None] | None = None
    # Channel-layer messages whose handlers only forward to the socket, never touching the
    # database: they skip the stale-connection check Channels runs before every handler (a
    # thread hop each, measured at a tenth of the socket server's time under load).
    forward_only: frozenset[str] = frozenset()
    _accepted: bool = False
    _session_key: str | None = None  # the session it was authenticated with
    _session_joined: str | None = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Channels' consumer, and a socket refused as unavailable when the channel layer fails
        before the handshake (Channels opens the socket's own channel first)."""
        try:
            await super().__call__(scope, receive, send)
        except LAYER_DOWN as error:
            if self._accepted:
                raise
            logger.warning("socket refused: the channel layer did not answer: %r", error)
            message = await receive()
            if message["type"] != "websocket.connect":
                return  # the client left before its handshake was answered
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": UNAVAILABLE_FRAME})
            await send({"type": "websocket.close", "code": UNAVAILABLE})

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        self._accepted = True
        await super().accept(subprotocol, headers)

    async def dispatch(self, message: dict[str, Any]) -> None:
        if message["type"] in self.forward_only:
            await getattr(self, get_handler_name(message))(message)
            return
        await super().dispatch(message)

    async def connect(self) -> None:
        await self.accept()
        user = self.scope.get("user")
        if user is not None and user.is_authenticated and cookie_origin_trusted(self.scope):
            self._session_key = getattr(self.scope.get("session"), "session_key", None)
            await self._authenticated(user)
            return
        self._deadline = asyncio.create_task(self._close_at_deadline())

    async def _close_at_deadline(self) -> None:
        await asyncio.sleep(settings.WS_AUTH_TIMEOUT_SECONDS)
        if self.user_id is None and not self._authenticating and not self._refused:
            await self._refuse(NOT_AUTHENTICATED, "not_authenticated")

    def _stop_deadline(self) -> None:
        # Never cancel the deadline task from inside itself (it is refusing the socket).
        if self._deadline is not None and self._deadline is not asyncio.current_task():
            self._deadline.cancel()
        self._deadline = None

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """Parse a frame; a frame that is not JSON text is not an ``authenticate``."""
        if self._refused:
            return
        content: Any = None
        if text_data is not None:
            with contextlib.suppress(ValueError):
                content = await self.decode_json(text_data)
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if self._refused:
            return
        message = content if isinstance(content, dict) else {}
        if self.user_id is None:
            token = message.get("token")
            if message.get("type") != "authenticate" or not isinstance(token, str) or not token:
                await self._refuse(NOT_AUTHENTICATED, "not_authenticated")
                return
            # Authentication is under way: the deadline must not cut it short.
            self._authenticating = True
            self._stop_deadline()
            user = await database_sync_to_async(_user_for_token)(token)
            if user is None:
                await self._refuse(NOT_AUTHENTICATED, "invalid_token")
                return
            self._session_key = token
            await self._authenticated(user)
        else:
            await self.receive_authenticated(message)

    async def _authenticated(self, user: User) -> None:
        self._stop_deadline()
        self.language = socket_language(self.scope, user)
        try:
            await self._join(user)
            if self._session_key and not self._refused:
                group = session_group(self._session_key)
                await self.channel_layer.group_add(group, self.channel_name)
                self._session_joined = group
        except LAYER_DOWN as error:
            logger.warning("socket refused: the channel layer did not answer: %r", error)
            self.user_id = None  # joined nothing: nothing to leave on disconnect
            await self._refuse(UNAVAILABLE, "service_unavailable")

    async def session_ended(self, message: dict[str, Any]) -> None:
        """The session this socket was authenticated with was logged out."""
        await self._refuse(NOT_AUTHENTICATED, "invalid_token")

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        if self._session_joined is not None:
            await self._group_discard(self._session_joined)
            self._session_joined = None
        await super().websocket_disconnect(message)

    async def _group_discard(self, group: str) -> None:
        """Leave ``group``; a channel layer that does not answer is logged, not raised (the
        socket is closing either way, and what follows its close must still run)."""
        try:
            await self.channel_layer.group_discard(group, self.channel_name)
        except LAYER_DOWN as error:
            logger.warning("leaving %s: the channel layer did not answer: %r", group, error)

    @abc.abstractmethod
    async def _join(self, user: User) -> None:
        """What an authenticated user joins (a match's group, their own group)."""

    async def receive_authenticated(self, message: dict[str, Any]) -> None:
        """A message after authentication (ignored unless a subclass handles it)."""

    async def _refuse(self, close_code: int, code: str, **extra: Any) -> None:
        """Send ``{"type": "error", "code", …extra}`` and close with ``close_code``."""
        if self._refused:
            return
        self._refused = True
        self._stop_deadline()
        await self.send_json({"type": "error", "code": code, **extra})
        await self.close(code=close_code)


UNAVAILABLE_FRAME = '{"type": "error", "code": "service_unavailable"}'


class NoRouteConsumer(AsyncJsonWebsocketConsumer):
    """The last WebSocket route: a path no other route takes (``/ws/nothing/``,
    ``/ws/matches/not-a-uuid/``) is accepted, told ``{"type": "error", "code": "not_found"}``
    and closed with 4404, where Channels' router would fail the handshake with a server error.
    """

    async def connect(self) -> None:
        await self.accept()
        await self.send_json({"type": "error", "code": "not_found"})
        await self.close(code=NOT_FOUND)
