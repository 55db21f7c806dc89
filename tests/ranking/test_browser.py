"""The leaderboard pages in a real browser (Debian's Chromium through Playwright), on a desktop
and on a phone-sized screen, against a live server with a seeded database: in Hungarian first
(the club's language), then in English as a visitor chooses it with the language switch."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from apps.ranking.models import Medal, Rating, Standing
from apps.ranking.rules import tournament
from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.factories import UserFactory

PHONE = {"width": 390, "height": 844}
LONG_NAME = "Szabó-Kisfaludy Erzsébet Annamária"  # 34 of 40
HUNGARIAN_MONTHS = [
    "január",
    "február",
    "március",
    "április",
    "május",
    "június",
    "július",
    "augusztus",
    "szeptember",
    "október",
    "november",
    "december",
]

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install -y chromium)",
    ),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def browser(seeded: dict[str, Any], live_server: Any) -> Iterator[Any]:
    """Started after the database is seeded: Playwright's sync API runs an event loop in this
    thread, and Django refuses ORM calls while one runs."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def seeded(settings: Any) -> dict[str, Any]:
    """30 rated players (the page shows 25), last month's standings and medals."""
    settings.RANKING_PAGE_SIZE = 25
    year, month = tournament.previous_month(*tournament.month_of(timezone.now()))
    users = [UserFactory(display_name=f"Player {i:02d}") for i in range(30)]
    users[0].display_name = LONG_NAME
    users[0].save(update_fields=["display_name"])
    reached = tournament.month_start(year, month) + timedelta(days=3)
    for i, user in enumerate(users):
        Rating.objects.create(user=user, rating=1900 - 10 * i, matches=20 + i)
        Standing.objects.create(
            user=user,
            year=year,
            month=month,
            points=90 - 2 * i,
            wins=20 - i // 2,
            losses=i,
            elo_gain=100 - i,
            reached_at=reached,
        )
    Rating.objects.create(user=users[5], variant="sixty-six", rating=1700, matches=3)
    for rank in (1, 2, 3):
        Medal.objects.create(
            user=users[rank - 1],
            year=year,
            month=month,
            rank=rank,
            points=90 - 2 * (rank - 1),
            awarded_at=timezone.now(),
        )
    return {
        "year": year,
        "month": month,
        "label": f"{year}. {HUNGARIAN_MONTHS[month - 1]}",  # as Hungarians write it
        "english_label": f"{reached:%B} {year}",
    }


def _fits_the_screen(page: Any) -> None:
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"horizontal scroll of {overflow}px"


def _inside(page: Any, locator: Any) -> None:
    assert locator.is_visible()
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 0.5


def test_a_visitor_reads_the_elo_ranking_and_a_months_medals_then_switches_to_english(
    browser: Any, live_server: Any, seeded: dict[str, Any]
) -> None:
    month_path = f"/leaderboard/klub/{seeded['year']}/{seeded['month']}/"
    # Scripts off: the pages, the pager and the language switch need none.
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/leaderboard/")
    assert page.locator("html").get_attribute("lang") == "hu"
    assert page.title() == "Elo-ranglista · Klub · Snapszer Klub"
    assert page.get_by_role("heading", level=1).inner_text() == "Elo-ranglista · Klub"
    assert page.get_by_role("link", name="Snapszer Klub").get_attribute("href") == "/"
    assert page.get_by_role("button", name="Magyar").get_attribute("aria-pressed") == "true"
    rows = page.locator("tbody tr")
    assert rows.count() == 25
    first = rows.first
    assert LONG_NAME in first.inner_text()
    assert "1900" in first.inner_text()
    assert first.locator(".medal-gold").is_visible()
    assert first.locator(".medal-gold").inner_text().startswith("Arany ")
    for header in ("Helyezés", "Játékos", "Értékszám"):
        assert page.get_by_role("columnheader", name=header).is_visible()

    page.get_by_role("link", name="Következő →").click()
    page.wait_for_url("**/leaderboard/?page=2")
    assert page.locator("tbody tr").count() == 5
    assert "Player 29" in page.locator("tbody").inner_text()
    assert page.get_by_text("2. oldal (összesen 2)").is_visible()

    page.get_by_role("link", name=seeded["label"]).click()
    page.wait_for_url(f"**{month_path}")
    assert (
        page.get_by_role("heading", level=1).inner_text()
        == f"Havi verseny · {seeded['label']} · Klub"
    )
    winners = page.locator("li.winner")
    assert winners.count() == 3
    assert "Arany" in winners.nth(0).inner_text() and LONG_NAME in winners.nth(0).inner_text()
    assert "Bronz" in winners.nth(2).inner_text() and "Player 02" in winners.nth(2).inner_text()
    assert page.get_by_role("heading", name="Érmesek").is_visible()

    # The switch is a plain form: the button posts it and the same page comes back in English.
    page.get_by_role("button", name="English").click()
    page.wait_for_url(f"**{month_path}")
    page.wait_for_selector("html[lang=en]", state="attached")
    assert page.get_by_role("button", name="English").get_attribute("aria-pressed") == "true"
    assert (
        page.get_by_role("heading", level=1).inner_text()
        == f"Monthly tournament · {seeded['english_label']} · Klub"
    )
    winners = page.locator("li.winner")
    assert "Gold" in winners.nth(0).inner_text() and LONG_NAME in winners.nth(0).inner_text()
    assert "Bronze" in winners.nth(2).inner_text()
    assert page.get_by_role("heading", name="Medal winners").is_visible()

    page.get_by_role("link", name="Elo ranking").click()
    page.wait_for_url("**/leaderboard/klub/")
    assert page.title() == "Elo ranking · Klub · Snapszer Klub"
    assert page.locator("tbody tr").first.locator(".medal-gold").inner_text().startswith("Gold ")
    assert page.get_by_role("link", name=seeded["english_label"]).is_visible()
    page.get_by_role("link", name="Next →").click()
    page.wait_for_url("**/leaderboard/klub/?page=2")
    assert page.get_by_text("Page 2 of 2").is_visible()

    # The choice stays (the cookie), and the way back keeps the page one is on.
    page.get_by_role("button", name="Magyar").click()
    page.wait_for_selector("html[lang=hu]", state="attached")
    assert page.url.endswith("/leaderboard/klub/?page=2")
    assert page.get_by_role("link", name="← Előző").is_visible()

    # Each game has its own ladder: the sixty-six tab shows only its one rated player.
    page.get_by_role("link", name="Hatvanhat").click()
    page.wait_for_url("**/leaderboard/sixty-six/")
    assert page.get_by_role("heading", level=1).inner_text() == "Elo-ranglista · Hatvanhat"
    assert page.get_by_role("link", name="Hatvanhat").get_attribute("aria-current") == "page"
    rows = page.locator("tbody tr")
    assert rows.count() == 1
    assert "Player 05" in rows.first.inner_text() and "1700" in rows.first.inner_text()
    assert rows.first.locator(".medal").count() == 0  # klub medals stay on klub's ladder
    context.close()


def test_on_a_phone_nothing_scrolls_sideways_and_names_and_medals_show(
    browser: Any, live_server: Any, seeded: dict[str, Any]
) -> None:
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    for path in ("/leaderboard/", f"/leaderboard/{seeded['year']}/{seeded['month']}/"):
        response = page.goto(f"{live_server.url}{path}")
        assert response is not None and response.status == 200
        _fits_the_screen(page)
        first = page.locator("tbody tr").first
        _inside(page, first.locator(".name"))
        assert LONG_NAME in first.locator(".name").inner_text()
        _inside(page, first.locator(".medal").first)
        _inside(page, page.locator("tbody tr").nth(2).locator(".medal-bronze"))
        for button in ("Magyar", "English"):
            _inside(page, page.get_by_role("button", name=button))
    missing = page.goto(f"{live_server.url}/leaderboard/2026/13/")
    assert missing is not None and missing.status == 404
    assert page.get_by_text("Erre a hónapra nincs verseny.").is_visible()
    _fits_the_screen(page)
    page.close()
