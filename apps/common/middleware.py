"""Every error under ``/api/`` is problem+json, in every mode.

The API's views answer problem+json themselves (``errors.py``), and ``errors.api_not_found``
answers every URL under ``/api/`` that nothing routes. What is left are Django's own pages for
an exception: with ``DEBUG`` on, its HTML debug page for a server error (the traceback is
logged all the same), and its default 400 and 403 pages. This middleware turns any error
answer under ``/api/`` that is not problem+json into one, keeping its status.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from .errors import CONTENT_TYPE, problem_body

API_PREFIX = "/api/"
# The problem code of a status Django may answer with a page of its own.
_CODES = {
    400: "bad_request",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    500: "server_error",
}


class ApiProblemMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code < 400
            or not request.path.startswith(API_PREFIX)
            or response.get("Content-Type", "").startswith(CONTENT_TYPE)
        ):
            return response
        status = response.status_code
        code = _CODES.get(status, "server_error" if status >= 500 else "bad_request")
        title = response.reason_phrase
        body = problem_body(status_code=status, code=code, title=title, detail=title)
        problem = JsonResponse(body, status=status, content_type=CONTENT_TYPE)
        # Django logs an error answer once; the page replaced was (a refused foreign host's
        # one WARNING line, a server error's traceback): not a second line for this one.
        problem._has_been_logged = getattr(response, "_has_been_logged", False)  # type: ignore[attr-defined]
        for header in ("Allow", "Retry-After"):
            if header in response:
                problem[header] = response[header]
        return problem
