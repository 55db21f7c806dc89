"""The page shell of the web client. Everything else the client does goes through the public API
(REST, the WebSockets and allauth's headless browser endpoints), like any app's."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie


@ensure_csrf_cookie
def client(request: HttpRequest, **route: Any) -> HttpResponse:
    """The same shell for ``/``, ``/join/<code>``, ``/m/<match id>/``, ``/matches/`` and
    ``/p/<player id>/``; the client routes."""
    return render(request, "web/client.html")
