"""The leaderboard pages in a real browser (Debian's Chromium through Playwright), on a desktop
and on a phone-sized screen, against a live server with a seeded database."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from apps.ranking import tournament
from apps.ranking.models import Medal, Rating, Standing
from tests.factories import UserFactory

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
LONG_NAME = "Szabó-Kisfaludy Erzsébet Annamária"  # 34 of 40

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
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
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
    for rank in (1, 2, 3):
        Medal.objects.create(
            user=users[rank - 1],
            year=year,
            month=month,
            rank=rank,
            points=90 - 2 * (rank - 1),
            awarded_at=timezone.now(),
        )
    return {"year": year, "month": month, "label": f"{reached:%B} {year}"}


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


def test_a_visitor_reads_the_elo_ranking_and_a_months_medals(
    browser: Any, live_server: Any, seeded: dict[str, Any]
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/leaderboard/")
    assert page.title().startswith("Elo ranking")
    rows = page.locator("tbody tr")
    assert rows.count() == 25
    first = rows.first
    assert LONG_NAME in first.inner_text()
    assert "1900" in first.inner_text()
    assert first.locator(".medal-gold").is_visible()

    page.get_by_role("link", name="Next →").click()
    page.wait_for_url("**/leaderboard/?page=2")
    assert page.locator("tbody tr").count() == 5
    assert "Player 29" in page.locator("tbody").inner_text()

    page.get_by_role("link", name=seeded["label"]).click()
    page.wait_for_url(f"**/leaderboard/{seeded['year']}/{seeded['month']}/")
    winners = page.locator("li.winner")
    assert winners.count() == 3
    assert "Gold" in winners.nth(0).inner_text() and LONG_NAME in winners.nth(0).inner_text()
    assert "Player 02" in winners.nth(2).inner_text()
    page.close()


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
    missing = page.goto(f"{live_server.url}/leaderboard/2026/13/")
    assert missing is not None and missing.status == 404
    assert page.get_by_text("There is no tournament for that month.").is_visible()
    _fits_the_screen(page)
    page.close()
