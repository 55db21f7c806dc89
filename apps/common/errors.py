"""Errors as RFC 9457 problem details (``application/problem+json``) with a stable ``code``.

Services raise ``Problem`` subclasses (the matches app turns the engine's refusals into
``MoveNotAllowed`` and ``invalid_action`` problems at its write path); the DRF exception
handler, the plain-Django 404/500 handlers and the CSRF failure view turn every failure into
the same shape (and ``JSONParser`` makes sure that no request body is a server error):

    {"type": "https://snapszer.klub/problems/not_your_turn", "title": "…", "status": 409,
     "detail": "Nem te jössz.", "code": "not_your_turn", …extra members}

``title`` and ``detail`` are in the request's language (``languages.py`` activates it: the
player's setting, else ``Accept-Language``; Hungarian by default): ``detail`` is the code's
words from the catalogue (``catalogue.problem_text``), filled with what the refusal knows
(its extra members and ``params``). The English ``detail`` a refusal is raised with is its
message for the logs, and the answer's only for a code without words.

A service the server needs that does not answer (``OUTAGES``: PostgreSQL, Redis as cache,
channel layer or Celery broker) is a ``503 service_unavailable`` with ``Retry-After``, never a
500: the DRF handler answers it for the API in every mode, ``server_error`` everywhere else
(Django calls it while the exception is being handled). The request's transaction was rolled
back by the exception, so nothing it meant to write was written.
"""

from __future__ import annotations

import logging
import math
import re
import sys
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError as DatabaseInterfaceError
from django.db import OperationalError as DatabaseOperationalError
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.utils import translation
from django.views.csrf import csrf_failure as django_csrf_failure
from django.views.decorators.csrf import csrf_exempt
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rest_framework import exceptions, parsers, status
from rest_framework.response import Response

from .catalogue import problem_text, title_text
from .text import clip

PROBLEM_BASE = "https://snapszer.klub/problems/"
CONTENT_TYPE = "application/problem+json"
# API clients authenticate with the allauth session token (or, in browsers, the session cookie).
WWW_AUTHENTICATE = 'X-Session-Token realm="api"'
# Paths whose clients speak JSON; elsewhere (the admin) Django's own HTML pages are kept.
JSON_PATH_PREFIXES = ("/api/", "/_allauth/")
_CSRF_PREFIX = "CSRF Failed: "
# No ``detail`` is longer (a safety net: messages quote client input through ``echo``).
DETAIL_LIMIT = 300
# A quoted part of a validation message, e.g. DRF's '"<input>" is not a valid choice.'
_QUOTED = re.compile(r'"([^"]*)"')
#: What a 503 asks the client to wait, in seconds, before it tries again.
RETRY_AFTER_SECONDS = 5
#: The errors of a service that does not answer: PostgreSQL (a lost or refused connection, a
#: server shutting down), Redis (the cache, the sessions' cache, the channel layer) and the
#: Celery broker (``kombu``'s error when a task cannot be published).
OUTAGES = (
    DatabaseOperationalError,
    DatabaseInterfaceError,
    RedisConnectionError,
    RedisTimeoutError,
    BrokerError,
)

logger = logging.getLogger(__name__)


class Problem(Exception):
    """A failure with an HTTP status, a stable code and optional extra members."""

    status: int = status.HTTP_400_BAD_REQUEST
    code = "bad_request"
    title = "Bad Request"

    def __init__(
        self,
        detail: str,
        *,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code
        # what the code's words may say besides the extra members (``problem_text``)
        self.params = dict(params or {})
        self.extra = extra

    def text(self, language: str | None) -> str:
        """The ``detail`` in ``language``: the code's words, else the English message."""
        words = problem_text(self.code, language, {**self.extra, **self.params})
        return self.detail if words is None else words

    def members(self, language: str | None) -> dict[str, Any]:
        """The extra members answered, in ``language`` where they say something in words."""
        return self.extra


class NotFound(Problem):
    status = status.HTTP_404_NOT_FOUND
    code = "not_found"
    title = "Not Found"


class Forbidden(Problem):
    status = status.HTTP_403_FORBIDDEN
    code = "forbidden"
    title = "Forbidden"


class Conflict(Problem):
    status = status.HTTP_409_CONFLICT
    code = "conflict"
    title = "Conflict"


class Gone(Problem):
    status = status.HTTP_410_GONE
    code = "gone"
    title = "Gone"


class InvalidQuery(exceptions.ValidationError):
    """A query string that failed validation (``inputs.QuerySerializer``, the pagination): the
    same ``400 invalid_input`` as a body's, whose ``detail`` says it is the query."""


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "the request body is too large"
    default_code = "payload_too_large"


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser; a body nested too deeply for Python's decoder is a 400 as well.

    (This module must not import ``rest_framework.views``: the settings name this class, and
    DRF reads them while that module is being imported.)
    """

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deeply") from None


def problem_body(
    *,
    status_code: int,
    code: str,
    title: str,
    detail: Any,
    params: Mapping[str, Any] | None = None,
    variant: str | None = None,
    **extra: Any,
) -> dict:
    """The problem's members, ``title`` and ``detail`` in the active language (the code's
    words, filled from ``extra`` and ``params``; ``variant`` asks for a second wording);
    ``detail`` stays for a code without words."""
    language = translation.get_language()
    words = problem_text(code, language, {**extra, **(params or {})}, variant=variant)
    if words is not None:
        detail = words
    return {
        "type": PROBLEM_BASE + code,
        "title": title_text(title, language),
        "status": status_code,
        "detail": clip(detail, DETAIL_LIMIT) if isinstance(detail, str) else detail,
        "code": code,
        **extra,
    }


def _set_rollback() -> None:
    """Like DRF's handler: an error rolls back the request's transaction (ATOMIC_REQUESTS)."""
    for db in connections.all(initialized_only=True):
        if db.settings_dict["ATOMIC_REQUESTS"] and db.in_atomic_block:
            db.set_rollback(True)


def _problem_response(status_code: int, body: dict, headers: dict | None = None) -> Response:
    _set_rollback()
    return Response(body, status=status_code, content_type=CONTENT_TYPE, headers=headers)


def outage_body() -> dict:
    return problem_body(
        status_code=503,
        code="service_unavailable",
        title="Service Unavailable",
        detail=f"the service is briefly unavailable; nothing was changed, try again in "
        f"{RETRY_AFTER_SECONDS} seconds",
        params={"wait": RETRY_AFTER_SECONDS},
    )


def problem_exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's exception handler, speaking problem+json for every error the API can raise."""
    if isinstance(exc, OUTAGES):
        logger.error("service unavailable: %r", exc, exc_info=exc)
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
        return _problem_response(503, outage_body(), headers)
    if isinstance(exc, Problem):
        body = problem_body(
            status_code=exc.status,
            code=exc.code,
            title=exc.title,
            detail=exc.detail,
            params=exc.params,
            **exc.members(translation.get_language()),
        )
        return _problem_response(exc.status, body)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):  # over DATA_UPLOAD_MAX_MEMORY_SIZE
        exc = PayloadTooLarge()
    if not isinstance(exc, exceptions.APIException):
        return None
    return _api_exception_response(exc)


def _api_exception_response(exc: exceptions.APIException) -> Response:
    status_code, title = exc.status_code, HTTPStatus(exc.status_code).phrase
    code: str = getattr(exc.detail, "code", None) or exc.default_code
    detail = str(exc.detail) if isinstance(exc.detail, str) else title
    extra: dict[str, Any] = {}
    params: dict[str, Any] = {}
    headers: dict[str, str] = {}
    if isinstance(exc, exceptions.ValidationError):
        params["part"] = "query" if isinstance(exc, InvalidQuery) else "body"
        what = "query" if isinstance(exc, InvalidQuery) else "request body"
        code, title, detail = "invalid_input", "Invalid input", f"the {what} is not valid"
        extra["errors"] = _clipped(exc.detail)
    elif isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        # DRF answers 403 when no authentication class names a scheme; a missing or unusable
        # credential is a 401, which must say how to authenticate.
        status_code, title = status.HTTP_401_UNAUTHORIZED, HTTPStatus.UNAUTHORIZED.phrase
        headers["WWW-Authenticate"] = getattr(exc, "auth_header", None) or WWW_AUTHENTICATE
    elif isinstance(exc, exceptions.PermissionDenied) and detail.startswith(_CSRF_PREFIX):
        code, title, detail = "csrf_failed", "CSRF check failed", detail.removeprefix(_CSRF_PREFIX)
        params["reason"] = detail
    wait = getattr(exc, "wait", None)
    if wait:
        headers["Retry-After"] = str(math.ceil(wait))
        params["wait"] = wait
    body = problem_body(
        status_code=status_code, code=code, title=title, detail=detail, params=params, **extra
    )
    return _problem_response(status_code, body, headers)


def _clipped(errors: Any) -> Any:
    """DRF's validation messages with the client input they quote (in double quotes, or as
    keys of a dict field) cut short."""
    if isinstance(errors, dict):
        return {clip(str(key)): _clipped(value) for key, value in errors.items()}
    if isinstance(errors, list):
        return [_clipped(value) for value in errors]
    message = _QUOTED.sub(lambda quoted: f'"{clip(quoted[1])}"', str(errors))
    return clip(message, DETAIL_LIMIT)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    body = problem_body(
        status_code=404, code="not_found", title="Not Found", detail="no such page", variant="page"
    )
    return JsonResponse(body, status=404, content_type=CONTENT_TYPE)


@csrf_exempt
def api_not_found(request: HttpRequest) -> HttpResponse:
    """Every URL under ``/api/`` that nothing else routes (the last ``api/`` pattern in
    ``config/urls.py``): a 404 problem for every method and in every mode, where Django would
    answer its HTML debug page (DEBUG) or redirect to the URL with a slash (``APPEND_SLASH``,
    which a POST cannot follow and which is a 500 under DEBUG). A URL that lacks only its
    trailing slash says so."""
    detail, variant = "no such URL", "url"
    if not request.path_info.endswith("/"):
        try:
            match = resolve(request.path_info + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not api_not_found:
            detail = "no such URL: API URLs end with a slash, add one"
            variant = "slash"
    body = problem_body(
        status_code=404, code="not_found", title="Not Found", detail=detail, variant=variant
    )
    return JsonResponse(body, status=404, content_type=CONTENT_TYPE)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a 500 problem, or a 503 if a service did not answer (``OUTAGES``)."""
    if isinstance(sys.exc_info()[1], OUTAGES):
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS)}
        return JsonResponse(outage_body(), status=503, content_type=CONTENT_TYPE, headers=headers)
    body = problem_body(
        status_code=500,
        code="server_error",
        title="Internal Server Error",
        detail="something went wrong",
    )
    return JsonResponse(body, status=500, content_type=CONTENT_TYPE)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: problem+json for the API and allauth's browser endpoints."""
    if not request.path.startswith(JSON_PATH_PREFIXES):
        return django_csrf_failure(request, reason)
    body = problem_body(
        status_code=403,
        code="csrf_failed",
        title="CSRF check failed",
        detail=reason,
        params={"reason": reason},
    )
    return JsonResponse(body, status=403, content_type=CONTENT_TYPE)
