"""The language a request is answered in: Hungarian unless English is asked for.

Pages follow the visitor's choice (Django's language cookie, ``apps/web/middleware.py``). The
API (``/api/``, ``/_allauth/``) answers its problems' ``title`` and ``detail``, and Django's,
DRF's and allauth's own messages (validation, the password validators), in the signed-in
player's language setting (``User.language``, activated when DRF has authenticated the
caller: ``authentication.py``), else in the one ``Accept-Language`` prefers among Hungarian
and English, else Hungarian. The web client sends its page's language as ``Accept-Language``.
A WebSocket's error frames follow ``socket_language``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from http.cookies import CookieError, SimpleCookie
from typing import Any

from django.conf import settings
from django.utils import translation

from .catalogue import LANGUAGES


def accepted_language(header: str) -> str:
    """The first language of an ``Accept-Language`` header that the club speaks ("hu" or
    "en", by the weights given, a region ignored: "en-GB" is "en"); else the default."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")):
        tag, _, weight = part.strip().partition(";")
        primary = tag.strip().split("-", maxsplit=1)[0].lower()
        quality = 1.0
        if weight.strip().startswith("q="):
            try:
                quality = float(weight.strip()[2:])
            except ValueError:
                quality = 0.0
        if primary in LANGUAGES and quality > 0:
            ranked.append((-quality, position, primary))
    return min(ranked)[2] if ranked else settings.LANGUAGE_CODE


def club_language(*preferred: str | None) -> str:
    """The first of ``preferred`` (a player's setting, say) that the club speaks, else the
    active language (the request's) if it does, else the default: for what is written outside
    a request's answer (a mail, a name in the player's words)."""
    for tag in (*preferred, translation.get_language()):
        language = (tag or "").split("-")[0].lower()
        if language in LANGUAGES:
            return language
    return str(settings.LANGUAGE_CODE)


def user_language(user: Any) -> str | None:
    """The signed-in player's own setting ("hu", "en"), ``None`` if they chose none."""
    language = getattr(user, "language", "") if getattr(user, "is_authenticated", False) else ""
    return language if language in LANGUAGES else None


def socket_language(scope: Mapping[str, Any], user: Any) -> str:
    """The language of a WebSocket's refusals (``detail`` of its error frames): the player's
    setting, else the page's (Django's language cookie, which the web client's page follows),
    else ``Accept-Language``, else the default."""
    own = user_language(user)
    if own is not None:
        return own
    headers = {name.decode("latin-1").lower(): value for name, value in scope.get("headers", [])}
    cookies = SimpleCookie()
    with contextlib.suppress(CookieError):
        cookies.load(headers.get("cookie", b"").decode("latin-1"))
    chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen is not None and chosen.value in LANGUAGES:
        return chosen.value
    return accepted_language(headers.get("accept-language", b"").decode("latin-1"))


def activate_for_user(user: Any) -> None:
    """Speak the player's own language for the rest of the request, if they chose one."""
    language = user_language(user)
    if language is not None:
        translation.activate(language)
