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
from .uris import MAX_URI_LENGTH


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
        help_text="invalid_input and the display_name_* codes: the messages per request field",
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


# The answers every operation with a body may get before any view runs (errors.py turns both
# into problem+json): a body over DATA_UPLOAD_MAX_MEMORY_SIZE, and a body that is not JSON.
BODY_REFUSALS = {
    "413": "`payload_too_large`: the body is over 2.5 MB",
    "415": "`unsupported_media_type`: the body is not `application/json`",
}
# ... and every operation, body or not (uris.py).
URI_REFUSALS = {
    "414": f"`uri_too_long`: the URI (path and query) is over {MAX_URI_LENGTH} characters",
}


# What every operation may answer while PostgreSQL or Redis is down (errors.OUTAGES).
OUTAGE = "`service_unavailable`: PostgreSQL or Redis does not answer; try again after `Retry-After`"


def edge_responses(result: dict, generator: object, request: object, public: bool) -> dict:
    """drf-spectacular postprocessing hook: document the refusals of ``URI_REFUSALS`` and the
    outage 503 on every operation, those of ``BODY_REFUSALS`` on every operation that takes a
    body, and make "a URL or empty" mean one thing: drf-spectacular writes it as ``oneOf``
    [URL, empty string], which an empty string matches twice (a URL's format is not checked by
    every validator), so the URL branch gets ``minLength: 1``."""
    problem = {CONTENT_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}
    retry = {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds"}}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            responses = operation.setdefault("responses", {})
            responses.setdefault(
                "503", {"description": OUTAGE, "content": problem, "headers": retry}
            )
            refusals = URI_REFUSALS
            if "requestBody" in operation:
                refusals = {**URI_REFUSALS, **BODY_REFUSALS}
            for status, description in refusals.items():
                responses.setdefault(status, {"description": description, "content": problem})
    _exclusive_blank_urls(result.get("components", {}).get("schemas", {}))
    return result


def _exclusive_blank_urls(node: object) -> None:
    if isinstance(node, dict):
        branches = node.get("oneOf")
        if isinstance(branches, list) and any(b.get("maxLength") == 0 for b in branches):
            for branch in branches:
                if branch.get("format") == "uri":
                    branch.setdefault("minLength", 1)
        for value in node.values():
            _exclusive_blank_urls(value)
    elif isinstance(node, list):
        for value in node:
            _exclusive_blank_urls(value)
