"""Errors as RFC 9457 problem details (``application/problem+json``) with a stable ``code``.

Services raise ``Problem`` subclasses (or the engine's ``RuleViolation``); the DRF exception
handler and the plain-Django 404/500 handlers turn every failure into the same shape:

    {"type": "https://snapszer.klub/problems/not_your_turn", "title": "…", "status": 409,
     "detail": "it is not your turn", "code": "not_your_turn", …extra members}
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from apps.matches.engine import CodecError, RuleViolation

PROBLEM_BASE = "https://snapszer.klub/problems/"
CONTENT_TYPE = "application/problem+json"


class Problem(Exception):
    """A failure with an HTTP status, a stable code and optional extra members."""

    status = status.HTTP_400_BAD_REQUEST
    code = "bad_request"
    title = "Bad request"

    def __init__(self, detail: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code
        self.extra = extra


class NotFound(Problem):
    status = status.HTTP_404_NOT_FOUND
    code = "not_found"
    title = "Not found"


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


def problem_body(*, status_code: int, code: str, title: str, detail: Any, **extra: Any) -> dict:
    return {
        "type": PROBLEM_BASE + code,
        "title": title,
        "status": status_code,
        "detail": detail,
        "code": code,
        **extra,
    }


def _problem_response(status_code: int, body: dict, headers: dict | None = None) -> Response:
    return Response(body, status=status_code, content_type=CONTENT_TYPE, headers=headers)


def problem_exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's exception handler, speaking problem+json for every error the API can raise."""
    if isinstance(exc, Problem):
        body = problem_body(
            status_code=exc.status, code=exc.code, title=exc.title, detail=exc.detail, **exc.extra
        )
        return _problem_response(exc.status, body)
    if isinstance(exc, RuleViolation):
        body = problem_body(
            status_code=409, code=exc.code, title="Move not allowed", detail=exc.message
        )
        return _problem_response(409, body)
    if isinstance(exc, CodecError):
        body = problem_body(
            status_code=400, code="invalid_action", title="Bad request", detail=str(exc)
        )
        return _problem_response(400, body)
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        code, title, detail = "invalid_input", "Invalid input", "the request body is not valid"
        extra = {"errors": response.data}
    else:
        detail_obj = getattr(exc, "detail", None)
        code = getattr(detail_obj, "code", None) or getattr(exc, "default_code", "error")
        title = str(getattr(exc, "default_detail", "Error"))
        detail = str(detail_obj) if detail_obj is not None else title
        extra = {}
    body = problem_body(
        status_code=response.status_code, code=code, title=title, detail=detail, **extra
    )
    headers = {
        k: v for k, v in response.items() if k in ("WWW-Authenticate", "Retry-After", "Allow")
    }
    return _problem_response(response.status_code, body, headers)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    body = problem_body(status_code=404, code="not_found", title="Not found", detail="no such page")
    return JsonResponse(body, status=404, content_type=CONTENT_TYPE)


def server_error(request: HttpRequest) -> HttpResponse:
    body = problem_body(
        status_code=500, code="server_error", title="Server error", detail="something went wrong"
    )
    return JsonResponse(body, status=500, content_type=CONTENT_TYPE)
