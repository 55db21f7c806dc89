"""DRF authentication with allauth's session tokens (``X-Session-Token``)."""

from __future__ import annotations

from typing import Any

from allauth.core.internal.sessionkit import get_session_user
from allauth.headless.contrib.rest_framework.authentication import XSessionTokenAuthentication
from allauth.headless.internal.sessionkit import lookup_session
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request


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
        session = lookup_session(token)
        user = get_session_user(session) if session is not None else None
        if user is None:
            raise AuthenticationFailed(
                "the session token is invalid or expired", code="invalid_token"
            )
        return user, session
