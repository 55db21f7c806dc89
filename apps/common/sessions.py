"""``SESSION_ENGINE``: Django's ``cached_db`` sessions, readable while Redis is down.

Sessions live in PostgreSQL with a copy in the cache (Redis). Django's ``cached_db`` already
reads past a cache that does not answer, but then fails on filling the cache with what it read
from the database, so every authenticated request would fail with Redis. Here that fill is let
go (logged): the session is served from the database, and the next read fills the cache once
it is back. Writes (log in, log out) still need both, so that the cache never keeps a session
the database has changed.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.sessions.backends.cached_db import SessionStore as CachedDbSessionStore
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class SessionStore(CachedDbSessionStore):
    def load(self) -> dict[str, Any]:
        try:
            data = self._cache.get(self.cache_key)
        except Exception:  # as Django's: a cache that fails is a miss
            data = None
        if data is not None:
            return data  # type: ignore[no-any-return]
        stored = self._get_session_from_db()
        if stored is None:
            return {}
        data = self.decode(stored.session_data)
        try:
            self._cache.set(self.cache_key, data, self.get_expiry_age(expiry=stored.expire_date))
        except RedisError as error:
            logger.warning("session read from the database; the cache did not answer: %r", error)
        return data  # type: ignore[no-any-return]
