"""The club speaks Hungarian unless a visitor chose English.

Pages follow the visitor's choice (Django's language cookie, set by the language picker:
``views.set_language``). The API (``/api/``, ``/_allauth/``) answers in the language of the
request (``apps/common/languages.py``): ``Accept-Language``, which the web client sets to its
page's language, until DRF has authenticated a player who chose a language of their own. The
administrators' admin is English unless they chose Hungarian. ``Content-Language`` says the
language answered in."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from apps.common.errors import JSON_PATH_PREFIXES
from apps.common.languages import accepted_language

ADMIN_PREFIX = "/admin/"


class ClubLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.known = {code for code, _ in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        api = request.path.startswith(JSON_PATH_PREFIXES)
        if api:
            language = accepted_language(request.headers.get("Accept-Language", ""))
        else:
            chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
            default = "en" if request.path.startswith(ADMIN_PREFIX) else settings.LANGUAGE_CODE
            language = chosen if chosen in self.known else default
        translation.activate(language)
        request.LANGUAGE_CODE = language
        try:
            response = self.get_response(request)
            # the player's own setting, if the API's authentication activated it meanwhile
            response.headers.setdefault("Content-Language", translation.get_language() or language)
        finally:
            translation.deactivate()
        if api:
            patch_vary_headers(response, ("Accept-Language",))
        return response
