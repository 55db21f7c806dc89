"""DRF authentication with allauth's session tokens (``X-Session-Token``)."""

from __future__ import annotations

from typing import Any

from allauth.headless.contrib.rest_framework.authentication import XSessionTokenAuthentication
from allauth.headless.internal.sessionkit import authenticate_by_x_session_token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request


class SessionTokenAuthentication(XSessionTokenAuthentication):
    """allauth's ``X-Session-Token``; a token naming no live session is a 401 ``invalid_token``
    (rather than being ignored and reported as "no credentials")."""

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:  # type: ignore[override]
        token = self.get_session_token(request)
        if not token:
            return None
        found = authenticate_by_x_session_token(token)
        if found is None:
            raise AuthenticationFailed(
                "the session token is invalid or expired", code="invalid_token"
            )
        return found
