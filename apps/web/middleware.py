"""The club speaks Hungarian unless a visitor chose English (Django's language cookie).

Pages follow the visitor's choice; the API (``/api/``, ``/_allauth/``) always answers in English,
so its ``detail`` texts do not change under a client (clients branch on ``code`` anyway, and
translate with their own catalogue). The administrators' admin is English unless they chose
Hungarian."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from apps.common.errors import JSON_PATH_PREFIXES

ADMIN_PREFIX = "/admin/"


class ClubLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.known = {code for code, _ in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(JSON_PATH_PREFIXES):
            language = "en"
        else:
            chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
            default = "en" if request.path.startswith(ADMIN_PREFIX) else settings.LANGUAGE_CODE
            language = chosen if chosen in self.known else default
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        translation.deactivate()
        return response
