"""OpenAPI (drf-spectacular) pieces shared by the API modules. Documentation only: nothing here
runs while a request is answered.

- ``ProblemSerializer``: the ``application/problem+json`` body of every error (``errors.py``);
- ``problem_responses``: the error responses of an operation, keyed for that media type;
- ``XSessionTokenScheme``: the ``X-Session-Token`` security scheme of allauth's headless
  ``XSessionTokenAuthentication`` (drf-spectacular ships a terser one; this one wins by
  priority). ``CommonConfig.ready`` imports this module so the extension is registered.
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from .catalogue import CODES
from .errors import CONTENT_TYPE, PROBLEM_BASE


class ProblemSerializer(serializers.Serializer):
    """An error, as RFC 9457 problem details with a stable machine-readable ``code``."""

    type = serializers.URLField(help_text=f"{PROBLEM_BASE}<code>")
    title = serializers.CharField(help_text="short, human-readable summary")
    status = serializers.IntegerField(help_text="the HTTP status code")
    detail = serializers.CharField(help_text="human-readable explanation of this occurrence")
    code = serializers.ChoiceField(
        choices=CODES,
        help_text="stable code to branch on, e.g. version_conflict, not_your_turn, room_full; "
        "every code with its status and meaning: GET /api/v1/errors/",
    )
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="invalid_input only: the messages per request field",
    )
    current_version = serializers.IntegerField(
        required=False, help_text="version_conflict only: the match's version now"
    )


def problem_responses(descriptions: dict[int, str]) -> dict:
    """``{(status, "application/problem+json"): ProblemSerializer}`` for ``extend_schema``."""
    return {
        (code, CONTENT_TYPE): OpenApiResponse(ProblemSerializer, description=description)
        for code, description in descriptions.items()
    }


# Failures shared by many operations (descriptions for ``problem_responses``).
NOT_AUTHENTICATED = (
    "`not_authenticated`: no valid `X-Session-Token` (nor browser session) was sent; "
    "the answer carries a `WWW-Authenticate` header"
)
CSRF_FAILED = "`csrf_failed`: a browser session (cookie) without a valid CSRF token"


class XSessionTokenScheme(OpenApiAuthenticationExtension):
    target_class = "apps.common.authentication.SessionTokenAuthentication"
    name = "XSessionTokenAuth"
    priority = 1

    def get_security_definition(self, auto_schema: object) -> dict:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "X-Session-Token",
            "description": (
                "An allauth headless session token: `session_token` from "
                "`POST /api/v1/guests/`, or `meta.session_token` from the allauth app "
                "endpoints (`/_allauth/app/v1/auth/login`, `…/signup`, `…/email/verify`)."
            ),
        }
