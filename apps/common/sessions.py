"""``SESSION_ENGINE``: Django's ``cached_db`` sessions, readable while Redis is down.

Sessions live in PostgreSQL with a copy in the cache (Redis). Django's ``cached_db`` already
reads past a cache that does not answer, but then fails on filling the cache with what it read
from the database, so every authenticated request would fail with Redis. Here that fill is let
go (logged): the session is served from the database, and the next read fills the cache once
it is back. Writes (log in, log out) still need both, so that the cache never keeps a session
the database has changed.

A flushed session (a logout) is ended everywhere at once: every process is told that what it
remembers of the user's sessions is stale (``authentication.account_changed``), and the
sockets the session opened are closed (``sockets.session_sockets_close``).

``SessionMiddleware`` (in ``MIDDLEWARE`` in place of Django's) deletes the session cookie only
in the answer to the request that emptied the session (a logout), never in one that found the
session gone: see its docstring.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.cached_db import SessionStore as CachedDbSessionStore
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from redis.exceptions import RedisError

if TYPE_CHECKING:
    from django.contrib.sessions.models import Session
    from django.core.cache.backends.base import BaseCache
    from django.http import HttpRequest, HttpResponse

from .authentication import account_changed

logger = logging.getLogger(__name__)


class SessionStore(CachedDbSessionStore):
    if TYPE_CHECKING:  # Django's, private, not in its stubs: what this override calls
        _cache: BaseCache

        def _get_session_from_db(self) -> Session | None: ...

    def load(self) -> dict[str, Any]:
        try:
            data = self._cache.get(self.cache_key)
        except Exception:  # as Django's: a cache that fails is a miss
            data = None
        if data is not None:
            return data
        stored = self._get_session_from_db()
        if stored is None:
            return {}
        data = self.decode(stored.session_data)
        try:
            self._cache.set(self.cache_key, data, self.get_expiry_age(expiry=stored.expire_date))
        except RedisError as error:
            logger.warning("session read from the database; the cache did not answer: %r", error)
        return data

    def flush(self) -> None:
        key, user_id = self.session_key, self.get(SESSION_KEY)
        super().flush()
        if user_id is not None:
            account_changed(user_id)
        if key is not None:
            from .sockets import session_sockets_close  # noqa: PLC0415 (Channels, lazily)

            session_sockets_close(key)


class SessionMiddleware(DjangoSessionMiddleware):
    """Django's, but for a session the request found gone: its cookie is left alone.

    A login replaces the session (a new key). A request the page sent before the login and the
    server answered after it (the service worker filling its cache, a slow page) names the old
    key, finds nothing, and Django answers it by deleting the session cookie: the browser drops
    the new session with it, and the player who was just greeted is logged out. Only a request
    that emptied the session itself (a logout: ``flush`` marks it modified) deletes the cookie
    here; a cookie naming a session that is gone is only a dead key, and the next session
    written replaces it."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        name = settings.SESSION_COOKIE_NAME
        session = getattr(request, "session", None)
        found_gone = (
            session is not None
            and name in request.COOKIES
            and not session.modified
            and session.is_empty()
        )
        response = super().process_response(request, response)
        if found_gone:
            response.cookies.pop(name, None)
        return response
