"""The leaderboard pages speak Hungarian unless the visitor chose English (the language cookie),
and the language switch on the pages works as a plain form (no JavaScript); the committed
catalogue is compiled and complete."""

from __future__ import annotations

import ast
import gettext
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from apps.ranking.models import Medal, Rating, Standing

pytestmark = pytest.mark.django_db

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "hu" / "LC_MESSAGES"


def english() -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


@pytest.fixture
def september(make_player) -> None:  # type: ignore[no-untyped-def]
    """Anna won September 2026 (gold, 29 points) and leads the Elo ranking."""
    anna = make_player(display_name="Anna")
    Rating.objects.create(user=anna.user, rating=1610, matches=3)
    Standing.objects.create(
        user=anna.user,
        year=2026,
        month=9,
        points=29,
        wins=3,
        losses=1,
        elo_gain=30,
        reached_at=datetime(2026, 9, 10, tzinfo=UTC),
    )
    Medal.objects.create(
        user=anna.user, year=2026, month=9, rank=1, points=29, awarded_at=timezone.now()
    )


def test_the_leaderboard_is_hungarian_by_default(september: None) -> None:
    response = Client().get("/leaderboard/")
    assert response.status_code == 200
    assert response["Content-Language"] == "hu"
    html = response.content.decode()
    assert '<html lang="hu">' in html
    assert "<title>Elo-ranglista · Klub · Snapszer Klub</title>" in html
    assert "<h1>Elo-ranglista · Klub</h1>" in html
    assert "<th>Játékos</th>" in html and "Értékszám" in html
    assert "ideiglenes" in html and "Arany 2026-09" in html
    assert ">2026. szeptember</a>" in html  # the month names from Django's Hungarian formats
    assert '<a class="club" href="/">Snapszer Klub</a>' in html
    assert "Elo ranking" not in html and "Player" not in html


def test_with_the_cookie_the_leaderboard_is_english(september: None) -> None:
    response = english().get("/leaderboard/")
    assert response["Content-Language"] == "en"
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "<h1>Elo ranking · Klub</h1>" in html
    assert "<th>Player</th>" in html and "provisional" in html and "Gold 2026-09" in html
    assert ">September 2026</a>" in html
    assert "Elo-ranglista" not in html

    month = english().get("/leaderboard/2026/9/").content.decode()
    assert "<h1>Monthly tournament · September 2026 · Klub</h1>" in month
    assert "Medal winners" in month and ">Gold</span>" in month and "29 points" in month
    missing = english().get("/leaderboard/2026/13/")
    assert missing.status_code == 404
    assert "There is no tournament for that month." in missing.content.decode()


def test_an_unknown_language_in_the_cookie_is_hungarian() -> None:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = client.get("/leaderboard/")
    assert response["Content-Language"] == "hu"
    assert "<h1>Elo-ranglista · Klub</h1>" in response.content.decode()


def test_the_language_switch_is_a_form_that_works_without_javascript(september: None) -> None:
    """What a browser without scripts does: read the form, post it, follow the redirect."""
    client = Client(enforce_csrf_checks=True)
    html = client.get("/leaderboard/2026/9/", {"page": 1}).content.decode()
    form = re.search(
        r'<form class="language" action="([^"]+)" method="post"[^>]*>(.*?)</form>', html, re.S
    )
    assert form is not None
    action, fields = form.groups()
    assert action == "/i18n/setlang/"
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', fields)
    assert token is not None
    assert '<input type="hidden" name="next" value="/leaderboard/2026/9/?page=1">' in fields
    buttons = re.findall(
        r'<button type="submit" name="language" value="(\w+)"[^>]*>([^<]+)<', fields
    )
    assert buttons == [("hu", "Magyar"), ("en", "English")]
    assert 'value="hu" lang="hu" aria-pressed="true"' in fields

    switched = client.post(
        action,
        {"csrfmiddlewaretoken": token[1], "next": "/leaderboard/2026/9/?page=1", "language": "en"},
    )
    assert switched.status_code == 302
    assert switched["Location"] == "/leaderboard/2026/9/?page=1"
    assert switched.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    page = client.get(switched["Location"])
    assert page["Content-Language"] == "en"
    assert "<h1>Monthly tournament · September 2026 · Klub</h1>" in page.content.decode()

    back = client.post(
        action,
        {"csrfmiddlewaretoken": token[1], "next": "/leaderboard/", "language": "hu"},
    )
    assert back.status_code == 302
    assert "<h1>Elo-ranglista · Klub</h1>" in client.get(back["Location"]).content.decode()


def _po_entries(text: str) -> dict[tuple[str | None, str], list[str]]:
    """(context, msgid) → msgstr (or the plural forms) of a .po file's entries."""
    entries: dict[tuple[str | None, str], list[str]] = {}
    for block in text.strip().split("\n\n"):
        fields: dict[str, str] = {}
        name = ""
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            quoted = line
            if not line.startswith('"'):
                name, quoted = line.split(" ", 1)
                fields[name] = ""
            fields[name] += ast.literal_eval(quoted)
        if fields.get("msgid"):
            plural = sorted(k for k in fields if k.startswith("msgstr["))
            strings = [fields[k] for k in plural] if plural else [fields["msgstr"]]
            entries[(fields.get("msgctxt"), fields["msgid"])] = strings
    return entries


def test_the_committed_catalogue_is_complete_and_compiled() -> None:
    """Every text has its Hungarian, and django.mo is compiled from the django.po as it stands
    (a machine without gettext uses the committed .mo)."""
    entries = _po_entries((CATALOGUE / "django.po").read_text(encoding="utf-8"))
    assert entries
    with (CATALOGUE / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for (context, msgid), strings in entries.items():
        assert all(strings), f"{msgid!r} has no Hungarian"
        if len(strings) == 1:
            got = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
            assert got == strings[0], f"django.mo is stale: {msgid!r}"
        else:
            assert compiled.ngettext(msgid, msgid, 1) == strings[0], f"stale: {msgid!r}"
            assert compiled.ngettext(msgid, msgid, 2) == strings[1], f"stale: {msgid!r}"
