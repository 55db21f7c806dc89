"""A request whose URI (path and query) is over ``MAX_URI_LENGTH`` is answered 414
problem+json, ``uri_too_long``, before any view.

The app sees only the URIs the web server let through: gunicorn answers a request line over
its ``limit_request_line`` (4094 bytes with the method and version) with its own 414 page
and closes the connection, and nginx one over its header buffer (8 KB) with its own. This
limit sits below both, so a client of the API meets the API's answer (docs/api.md, limits).
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.http import HttpRequest, HttpResponse, JsonResponse

from .errors import CONTENT_TYPE, problem_body

#: The longest URI (path and query, percent-encoded) the app answers (characters).
MAX_URI_LENGTH = 2048


class UriLengthMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if len(request.get_full_path()) <= MAX_URI_LENGTH:
            return self.get_response(request)
        status = HTTPStatus.REQUEST_URI_TOO_LONG
        body = problem_body(
            status_code=status,
            code="uri_too_long",
            title=status.phrase,
            detail=f"the URI is over {MAX_URI_LENGTH} characters",
        )
        return JsonResponse(body, status=status, content_type=CONTENT_TYPE)
