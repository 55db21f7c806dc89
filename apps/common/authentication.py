"""DRF authentication with allauth's session tokens (``X-Session-Token``)."""

from __future__ import annotations

import time
from typing import Any

from allauth.core.internal.sessionkit import get_session_user
from allauth.headless.contrib.rest_framework.authentication import XSessionTokenAuthentication
from allauth.headless.internal.sessionkit import lookup_session
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver
from django.utils.crypto import constant_time_compare
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

# The user row behind a session, and the user and session behind a token, remembered per
# process for a moment: reading the session (a cache read and an unpickling) was a tenth of a
# move's CPU in the web process (docs/performance.md). A logout through this process forgets
# the token at once; a logout through another process, a password change or a deactivation may
# take this long to be noticed by a process that just served the token.
USER_CACHE_SECONDS = 2.0
_users: dict[str, tuple[float, str, Any]] = {}
_tokens: dict[str, tuple[float, Any, Any]] = {}


class SessionTokenAuthentication(XSessionTokenAuthentication):
    """allauth's ``X-Session-Token``; a token naming no live session is a 401 ``invalid_token``
    (rather than being ignored and reported as "no credentials").

    It loads the session once (one cache read, the database only on a miss) where allauth's
    token strategy first asks whether it exists and then loads it: this runs on every request.
    """

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:  # type: ignore[override]
        token = self.get_session_token(request)
        if not token:
            return None
        found = user_for_token(token)
        if found is None:
            raise AuthenticationFailed(
                "the session token is invalid or expired", code="invalid_token"
            )
        return found


def user_for_token(token: str) -> tuple[Any, Any] | None:
    """The user and session of a live session token, ``None`` for a token naming no live
    session. The session is read once (the cache, or PostgreSQL when the cache does not answer:
    ``sessions.py``). The REST API's authentication and the sockets' both read tokens here."""
    now = time.monotonic()
    known = _tokens.get(token)
    if known is not None and known[0] > now:
        return known[1], known[2]
    session = lookup_session(token)
    user = _user_of(session) if session is not None else None
    if user is None:
        _tokens.pop(token, None)
        return None
    if len(_tokens) > 10_000:
        _tokens.clear()
    _tokens[token] = (now + USER_CACHE_SECONDS, user, session)
    return user, session


def _user_of(session: Any) -> Any:
    user_id, auth_hash = session.get(SESSION_KEY), session.get(HASH_SESSION_KEY)
    if user_id is None or auth_hash is None:
        return None
    now = time.monotonic()
    cached = _users.get(str(user_id))
    if cached is not None and cached[0] > now and constant_time_compare(cached[1], auth_hash):
        return cached[2]
    user = get_session_user(session)  # checks the hash against the user's password
    if user is not None:
        if len(_users) > 10_000:
            _users.clear()
        _users[str(user_id)] = (now + USER_CACHE_SECONDS, auth_hash, user)
    return user


@receiver(user_logged_out)
def _forget_token(sender: Any, request: Any, **kwargs: Any) -> None:
    """A logout through this process ends its token here at once."""
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if key:
        _tokens.pop(key, None)


def cache_clear() -> None:
    _users.clear()
    _tokens.clear()
