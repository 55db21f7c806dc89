"""The page shell of the web client. Everything else the client does goes through the public API
(REST, the WebSockets and allauth's headless browser endpoints), like any app's."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie


@ensure_csrf_cookie
def client(request: HttpRequest, **route: Any) -> HttpResponse:
    """The same shell for ``/``, ``/join/<code>``, ``/m/<match id>/`` and ``/rules/[<game>/]``;
    the client routes (a game without rules text says so there)."""
    return render(request, "web/client.html")
