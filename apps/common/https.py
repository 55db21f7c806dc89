"""Where the club is served over HTTPS only (``SECURE_SSL_REDIRECT``), an API call over plain
HTTP is refused, not redirected.

Django's ``SecurityMiddleware`` answers a plain-HTTP request with a 301 to its HTTPS address:
right for a page a person opens, wrong for an API call. By the time it is redirected the call
has already sent its session token (and its body) in clear, and a client that follows the 301
repeats a POST as a GET (RFC 9110 allows it), so a move would be lost without an error. Such
a call gets ``403 https_required`` (problem+json) instead, and the client's author sees the
mistake at once. Web pages are still redirected; ``/healthz`` and ``/readyz`` are answered
before either (``health.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

from .errors import CONTENT_TYPE, JSON_PATH_PREFIXES, problem_body


class HttpsOnlyApiMiddleware:
    """Before ``SecurityMiddleware``, whose redirect it keeps from the API's paths."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            settings.SECURE_SSL_REDIRECT
            and not request.is_secure()
            and request.path.startswith(JSON_PATH_PREFIXES)
        ):
            status = HTTPStatus.FORBIDDEN
            body = problem_body(
                status_code=status,
                code="https_required",
                title=status.phrase,
                detail="the API is served over HTTPS only: send the request to its https:// "
                "address",
            )
            return JsonResponse(body, status=status, content_type=CONTENT_TYPE)
        return self.get_response(request)
