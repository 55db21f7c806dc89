"""A request body the application did not read is read to its end (and thrown away) before the
answer goes out, so that the client's keep-alive connection serves its next request.

A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is refused with a 413 before any of it is read.
Under gunicorn, the unread rest was left on the connection: gunicorn skips at most 64 KB of
it, then closes the connection it had just announced as ``keep-alive``, with the rest unread,
so the kernel resets it — and a client still sending its body lost the 413 with it. Reading
the rest costs the thread the time the client takes to send it, so only a body of up to
``DRAINED_BODY_LIMIT`` is read; the server closes the connection of a larger one (or of one
without a length) after the answer, and says so (``Connection: close``): the gunicorn hook
in ``deploy/gunicorn.conf.py`` asks ``closes_after()``. Behind the reverse proxy, which
refuses bodies over 3 MB itself, the whole body is already at hand.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, UnreadablePostError

#: The largest body read to its end after a refusal (bytes).
DRAINED_BODY_LIMIT = 16 * 1024 * 1024
_CHUNK = 64 * 1024


def drained(content_length: int) -> bool:
    """Whether the application reads a body of this length to its end."""
    return content_length <= DRAINED_BODY_LIMIT


def closes_after(content_length: str | None, *, chunked: bool) -> bool:
    """Whether the connection must close after the answer to a request with this
    ``Content-Length`` header (None: none) and transfer coding: its body may be left unread."""
    if chunked:  # Django reads no body without a length
        return True
    return (
        content_length is not None and content_length.isdigit() and not drained(int(content_length))
    )


class UnreadBodyMiddleware:
    """Outermost: reads what is left of the request's body once the answer is made."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > 0 and drained(length):
            try:
                while request.read(_CHUNK):
                    pass
            except UnreadablePostError:  # the client is gone: the server closes
                pass
        return response
