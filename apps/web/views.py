"""The page shell of the web client, and what makes it an installable app: the manifest, the
service worker (at the root, so it controls every page of the club) and the page it shows
offline. Everything else the client does goes through the public API (REST, the WebSockets and
allauth's headless browser endpoints), like any app's."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views import i18n
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from apps.common.languages import user_language

from .shell import club_colours, current_release

#: The offline page's address; the service worker keeps it with the shell.
OFFLINE_PATH = "/offline/"


@ensure_csrf_cookie
def client(request: HttpRequest, **route: Any) -> HttpResponse:
    """The same shell for ``/``, ``/join/<code>``, ``/m/<match id>/``, ``/matches/``,
    ``/p/<player id>/`` and ``/rules/[<game>/]``; the client routes (a game without rules text
    says so there).

    A signed-in player who chose a language gets the page in it, on any device, and the
    language cookie follows (the client reads the page's language; the API answers in the
    player's setting anyway)."""
    context = {"colours": club_colours(), "version": current_release(_offline_page).version}
    own = user_language(request.user)
    if own is None or own == request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME):
        return render(request, "web/client.html", context)
    translation.activate(own)
    request.LANGUAGE_CODE = own
    response = render(request, "web/client.html", context)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        own,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


def _offline_page() -> str:
    # Both languages in one page (the service worker keeps one copy); offline.js shows the
    # visitor's, Hungarian without it.
    return render_to_string(
        "web/offline.html",
        {
            "colours": club_colours(),
            "language_cookie": settings.LANGUAGE_COOKIE_NAME,
            "languages": [_offline_words("hu"), _offline_words("en")],
        },
    )


def _offline_words(language: str) -> dict[str, str]:
    with translation.override(language):
        return {
            "code": language,
            "title": gettext("No connection"),
            "text": gettext("The club cannot be reached: this device seems to be offline."),
            "back": gettext("The page comes back by itself when the connection returns."),
            "retry": gettext("Try again"),
        }


@require_safe
@cache_control(no_cache=True)
def offline(request: HttpRequest) -> HttpResponse:
    """The page the service worker shows instead of one that cannot load."""
    return HttpResponse(_offline_page())


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: the service worker, with this release's shell and version filled in. Served
    from the root (a script's scope is at most its own folder), never from a cache: the browser
    compares it byte for byte to find a new version."""
    release = current_release(_offline_page)
    config = {
        "version": release.version,
        "shell": [shell_file.url for shell_file in release.files],
        "offline": OFFLINE_PATH,
        # pages kept for reading offline (their paths start so): the rules
        "readable": [reverse("web:rules")],
        # hashed names are served from the cache first (a name is one content for good);
        # plain names (`make run`, the tests' default) from the network first, the cache
        # only when it fails
        "hashed": release.hashed,
    }
    script = render_to_string("web/sw.js", {"config": json.dumps(config, indent=1)})
    return HttpResponse(script, content_type="text/javascript; charset=utf-8")


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: Hungarian unless ``?lang=en`` (the page links the visitor's)."""
    language = request.GET.get("lang", "")
    if language not in dict(settings.LANGUAGES):
        language = settings.LANGUAGE_CODE
    colours = club_colours()
    icon = "web/icons/icon-{}.png"
    with translation.override(language):
        description = gettext("Snapszer, sixty-six and more with friends, ranked or against Kati.")
    body = {
        "id": "/",
        "name": "Snapszer Klub",
        "short_name": "Snapszer",
        "description": description,
        "lang": language,
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": colours["theme"],
        "background_color": colours["background"],
        "categories": ["games"],
        "icons": [
            {"src": static(icon.format(192)), "sizes": "192x192", "type": "image/png"},
            {"src": static(icon.format(512)), "sizes": "512x512", "type": "image/png"},
            {
                "src": static(icon.format("maskable-512")),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("web/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def set_language(request: HttpRequest) -> HttpResponse:
    """The language picker (``POST /i18n/setlang/``): Django's own view (the language cookie,
    back to the page), and a signed-in player's choice kept as their setting, which the API's
    problems answer in on every device (``apps/common/languages.py``)."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    user = request.user
    known = {code for code, _ in settings.LANGUAGES}
    if (
        request.method == "POST"
        and language in known
        and user.is_authenticated
        and getattr(user, "language", language) != language
    ):
        user.language = language
        user.save(update_fields=["language"])
    return response
