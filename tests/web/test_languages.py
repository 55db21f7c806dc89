"""One language everywhere (issue 38, point 7), as a person on a phone meets it: the server's
words on a Hungarian page are Hungarian (a password refused as too common, the wallet's
entries), and English on an English page; no raw code is shown."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.person import person

pytestmark = pytest.mark.django_db(transaction=True)

SMALL_PHONE = {"width": 360, "height": 740}


def _folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize(
    ("language", "refused"),
    [("hu", "Ez a jelszó túlságosan gyakori."), ("en", "This password is too common.")],
)
def test_a_common_password_is_refused_in_the_pages_language(
    chromium: Any, club_server: Any, tmp_path: Path, language: str, refused: str
) -> None:
    visitor = person(chromium, viewport=SMALL_PHONE, language=language)
    visitor.goto(club_server)
    form = visitor.page.locator("form.signup")
    form.get_by_label("E-mail").fill("new.player@example.com")
    form.get_by_label(re.compile("Jelszó|Password")).fill("password")
    form.get_by_role("button", name=re.compile("Regisztráció|Sign up")).click()

    visitor.page.get_by_text(refused).wait_for()
    other = "This password is too common." if language == "hu" else "túlságosan gyakori"
    assert visitor.page.get_by_text(other).count() == 0
    visitor.page.screenshot(
        path=str(_folder(tmp_path) / f"signup-refused-{language}.png"), full_page=True
    )
    assert visitor.errors == []


@pytest.mark.parametrize("case", [("hu", "Kezdő jóváírás"), ("en", "Sign-up grant")])
def test_the_wallet_names_its_entries_in_words(
    chromium: Any, club_server: Any, make_player: Any, tmp_path: Path, case: tuple[str, str]
) -> None:
    language, grant = case
    anna = make_player(display_name="Anna")
    who = person(chromium, language=language)
    club_server.sign_in(who.context, anna.token)
    who.goto(club_server)

    entry = who.page.locator("ol.ledger li").first
    entry.wait_for()
    assert re.fullmatch(rf"\+1000 · {grant} · .+", entry.inner_text()), entry.inner_text()
    assert "signup_grant" not in who.page.locator("body").inner_text()
    entry.scroll_into_view_if_needed()
    who.page.screenshot(path=str(_folder(tmp_path) / f"wallet-{language}.png"), full_page=True)
    assert who.errors == []


def test_a_player_who_chose_english_gets_english_pages_on_a_new_phone(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    """The choice is the player's, not the device's: picked once, it follows them."""
    anna = make_player(display_name="Anna")
    first = person(chromium)
    club_server.sign_in(first.context, anna.token)
    first.goto(club_server)
    first.page.get_by_text("Szia, Anna!").wait_for()
    first.page.locator("#language-select").select_option("en")
    first.page.get_by_text("Hello, Anna!").wait_for()

    another = person(chromium, viewport=SMALL_PHONE)  # no language cookie: Hungarian by default
    club_server.sign_in(another.context, anna.token)
    another.goto(club_server)

    another.page.get_by_text("Hello, Anna!").wait_for()
    assert another.page.locator("html").get_attribute("lang") == "en"
    assert first.errors == another.errors == []
