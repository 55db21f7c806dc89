"""DRF authentication with allauth's session tokens (``X-Session-Token``)."""

from __future__ import annotations

import contextlib
import secrets
import time
from dataclasses import dataclass
from typing import Any

from allauth.core.internal.sessionkit import get_session_user
from allauth.headless.contrib.rest_framework.authentication import XSessionTokenAuthentication
from allauth.headless.internal.sessionkit import lookup_session
from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.signals import user_logged_out
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.crypto import constant_time_compare
from rest_framework import authentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from .languages import activate_for_user

# The user row behind a session, and the user and session behind a token, are remembered per
# process: reading the session (a cache read and an unpickling) and the user row was a tenth of
# a move's CPU in the web process (docs/performance.md). What is remembered is used only while
# the user's *account generation* in the shared cache (Redis) is the one it was read under:
# a logout, a password change, a deactivation or any change to the user's row, through any
# process, writes a new generation before its answer is sent, so the next request to any other
# process reads afresh (one small cache read per request, instead of the session and the row).
# Without an answer from the cache nothing remembered is used. The time bound below only
# keeps a session's own expiry close.
USER_CACHE_SECONDS = 2.0
GENERATION_KEY = "auth:generation:{}"


@dataclass(frozen=True, slots=True)
class _Known:
    until: float  # time.monotonic() past which it is read again anyway
    generation: str  # the user's account generation it was read under
    user_id: str
    user: Any
    session: Any = None
    auth_hash: str = ""


_users: dict[str, _Known] = {}
_tokens: dict[str, _Known] = {}


class SessionTokenAuthentication(XSessionTokenAuthentication):
    """allauth's ``X-Session-Token``; a token naming no live session is a 401 ``invalid_token``
    (rather than being ignored and reported as "no credentials").

    It loads the session once (one cache read, the database only on a miss) where allauth's
    token strategy first asks whether it exists and then loads it: this runs on every request.
    The rest of the request speaks the player's language, if they chose one
    (``languages.py``).
    """

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        token = self.get_session_token(request)
        if not token:
            return None
        found = user_for_token(token)
        if found is None:
            raise AuthenticationFailed(
                "the session token is invalid or expired", code="invalid_token"
            )
        activate_for_user(found[0])
        return found


class SessionAuthentication(authentication.SessionAuthentication):
    """DRF's browser session (cookie, with its CSRF check); the rest of the request speaks the
    player's language, if they chose one (``languages.py``)."""

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        found = super().authenticate(request)
        if found is not None:
            activate_for_user(found[0])
        return found


def user_for_token(token: str) -> tuple[Any, Any] | None:
    """The user and session of a live session token, ``None`` for a token naming no live
    session. The session is read from the cache, or PostgreSQL when the cache does not answer
    (``sessions.py``). The REST API's authentication and the sockets' both read tokens here.

    The user's generation is read *before* the session and the row it is remembered with: a
    logout or a change that lands after that read writes a generation this one no longer
    matches. A token seen for the first time is read twice (its session names the user whose
    generation to read first)."""
    known = _tokens.get(token)
    if known is not None:
        user_id: str | None = known.user_id
    else:
        first = lookup_session(token)
        user_id = None if first is None else _user_id_of(first)
    if user_id is None:
        _tokens.pop(token, None)
        return None
    generation = account_generation(user_id)
    now = time.monotonic()
    if known is not None and generation == known.generation and known.until > now:
        return known.user, known.session
    session = lookup_session(token)
    user = _user_of(session, user_id, generation) if session is not None else None
    if user is None:
        _tokens.pop(token, None)
        return None
    if generation is not None:
        if len(_tokens) > 10_000:
            _tokens.clear()
        _tokens[token] = _Known(now + USER_CACHE_SECONDS, generation, user_id, user, session)
    return user, session


def _user_id_of(session: Any) -> str | None:
    user_id = session.get(SESSION_KEY)
    return None if user_id is None else str(user_id)


def _user_of(session: Any, user_id: str, generation: str | None) -> Any:
    auth_hash = session.get(HASH_SESSION_KEY)
    if _user_id_of(session) != user_id or auth_hash is None:
        return None
    now = time.monotonic()
    known = _users.get(user_id)
    if (
        known is not None
        and generation is not None
        and known.generation == generation
        and known.until > now
        and constant_time_compare(known.auth_hash, auth_hash)
    ):
        return known.user
    user = get_session_user(session)  # checks the hash against the user's password
    if user is not None and generation is not None:
        if len(_users) > 10_000:
            _users.clear()
        until = now + USER_CACHE_SECONDS
        _users[user_id] = _Known(until, generation, user_id, user, auth_hash=auth_hash)
    return user


def account_generation(user_id: object) -> str | None:
    """The user's account generation in the shared cache ("" before the first change);
    ``None`` when the cache does not answer (then nothing remembered may be trusted)."""
    try:
        return str(cache.get(GENERATION_KEY.format(user_id), ""))
    except Exception:
        return None


def account_changed(user_id: object) -> None:
    """Tell every process that what it remembers of this user's sessions and row is stale: a
    new random generation (random, so that a key lost from the cache cannot bring back one a
    process still holds). Written after the change is committed, before its answer is sent."""

    _users.pop(str(user_id), None)

    def write() -> None:
        _users.pop(str(user_id), None)
        # a cache that does not answer: nothing remembered is used until it does
        with contextlib.suppress(Exception):
            cache.set(GENERATION_KEY.format(user_id), secrets.token_hex(8), timeout=None)

    transaction.on_commit(write, robust=True)


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="authentication.saved")
@receiver(post_delete, sender=settings.AUTH_USER_MODEL, dispatch_uid="authentication.deleted")
def _user_row_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A password, an activation, a name: any change to the user's row."""
    account_changed(instance.pk)


@receiver(user_logged_out)
def _forget_token(sender: Any, request: Any, **kwargs: Any) -> None:
    """A logout through this process ends its token here at once (the session is flushed
    next: ``sessions.SessionStore.flush`` tells the other processes)."""
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if key:
        _tokens.pop(key, None)


def cache_clear() -> None:
    _users.clear()
    _tokens.clear()
