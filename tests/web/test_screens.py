"""The table fits a phone and a desktop, in Hungarian and in English: no sideways scrolling, the
whole hand on screen, the turn and the actions in reach. With CLIENT_SCREENSHOTS=<folder> the
screenshots are kept there (docs/screenshots/ holds the ones the README shows)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.person import DESKTOP, PHONE, TURN, person

pytestmark = pytest.mark.django_db(transaction=True)

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize(
    ("size", "language", "start"),
    [
        ("phone", "hu", "Játék Kati ellen"),
        ("desktop", "hu", "Játék Kati ellen"),
        ("phone", "en", "Play Kati"),
        ("desktop", "en", "Play Kati"),
    ],
)
def test_the_table_fits_the_screen(
    chromium: Any, club_server: Any, tmp_path: Path, *, size: str, language: str, start: str
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    who = person(chromium, viewport=viewport, language=language)
    who.goto(club_server)
    assert who.page.locator("html").get_attribute("lang") == language
    who.button(start).click()
    who.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    who.wait_for(TURN)
    # one card played, so the trick and the last trick have something to show
    who.play_a_card()
    who.wait_for(TURN)
    assert who.page.evaluate(OVERFLOW) <= 0
    width = viewport["width"]
    for card in who.page.locator(".card-button").all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    turn = who.page.locator(".your-turn")
    assert turn.is_visible() and turn.inner_text() == (
        "Te jössz!" if language == "hu" else "Your turn!"
    )
    # and a screen reader heard it
    assert turn.inner_text() in who.page.locator("#announcer").inner_text()

    # text scaled to 200 % still fits, without sideways scrolling
    who.page.add_style_tag(content="html { font-size: 200% !important; }")
    assert who.page.evaluate(OVERFLOW) <= 0

    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    who.page.add_style_tag(content="html { font-size: 100% !important; }")
    who.page.screenshot(path=str(folder / f"table-{size}-{language}.png"), full_page=True)
    assert who.errors == []


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_members_home_page_fits_the_screen_with_every_game_offered(
    chromium: Any, club_server: Any, make_player: Any, tmp_path: Path, *, size: str
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    who = person(chromium, viewport=viewport)
    club_server.sign_in(who.context, make_player(display_name="Dóra").token)
    who.goto(club_server)
    who.page.get_by_text("Egyenleg: 1000 érme").wait_for()
    ranked = who.page.get_by_role("region", name="Rangsorolt játék")
    games = ranked.get_by_label("Játékváltozat", exact=True)
    assert games.locator("option").all_inner_texts() == [
        "Klub (20 lap, 7 pontig)",
        "Hatvanhat (24 lap, elég-mondással)",
    ]
    target = ranked.get_by_label("Cél", exact=True)
    assert not target.is_visible()  # klub is played to 7 only: no target to choose, nor its label
    assert not who.page.get_by_text("Cél", exact=True).first.is_visible()
    games.select_option("sixty-six")
    assert target.is_visible() and target.locator("option").all_inner_texts() == [
        "7 pontig",
        "11 pontig",
    ]
    who.page.get_by_role("region", name="Hatvanhat (24 lap, elég-mondással)").wait_for()
    assert who.page.evaluate(OVERFLOW) <= 0
    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    who.page.screenshot(path=str(folder / f"home-{size}-hu.png"), full_page=True)
    assert who.errors == []


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_refused_display_name_is_explained_and_a_good_one_is_saved(
    chromium: Any, club_server: Any, make_player: Any, tmp_path: Path, *, size: str
) -> None:
    """The profile's name field, as a member types in it: "Kati" (the computer's name) is
    refused with a sentence in Hungarian, an accented name is saved and greets the player."""
    viewport = PHONE if size == "phone" else DESKTOP
    who = person(chromium, viewport=viewport)
    club_server.sign_in(who.context, make_player(display_name="Dóra").token)
    who.goto(club_server)
    name = who.page.get_by_label("Megjelenített név")
    name.fill("Kati")
    name.press("Enter")
    refusal = who.page.get_by_text("Ez a név foglalt (Kati, a klub vagy a személyzet neve).")
    refusal.wait_for()
    refusal.scroll_into_view_if_needed()
    assert who.page.evaluate(OVERFLOW) <= 0
    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    who.page.screenshot(path=str(folder / f"profile-name-{size}-hu.png"))

    name.fill("  Győző  ")
    name.press("Enter")
    who.page.get_by_text("Elmentve.").wait_for()
    assert who.page.locator(".who").inner_text() == "Győző"  # stripped, as the header shows it
    assert who.errors == []
