"""My matches and players' profiles, as a person on a phone uses them: a member with a few
finished matches opens "Meccseim", picks a game, turns the page, opens an opponent's profile from
a row and goes on with an unfinished match; a name on the leaderboard opens its profile too.
With CLIENT_SCREENSHOTS=<folder> the screenshots are kept there."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from apps.ranking.models import Rating
from tests.matches.helpers import act, create_computer_match, create_friend_match, fetch
from tests.web.person import PHONE, friends_at_a_table, person, serious_violations

pytestmark = pytest.mark.django_db(transaction=True)

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _resign(player: Any, match: dict) -> None:
    answer = act(player, fetch(player, match["id"]), {"type": "resign"}, f"r-{match['id']}")
    assert answer.status_code == 200, answer.content


def _rows(who: Any) -> Any:
    return who.page.locator("main .history-rows > li")


def test_my_matches_filter_page_resume_and_open_a_profile(
    chromium: Any, club_server: Any, make_player: Any, tmp_path: Path
) -> None:
    anna = make_player(display_name="Anna")
    bela = make_player(display_name="Béla")
    unfinished = create_computer_match(anna, variant="klub", strength="strong")
    for _ in range(4):
        _resign(anna, create_computer_match(anna, variant="sixty-six", strength="club"))
    for _ in range(7):
        _resign(bela, create_friend_match(anna, bela))
    Rating.objects.create(user=bela.user, variant="klub", rating=1532, matches=3)
    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)

    who = person(chromium, viewport=PHONE)
    club_server.sign_in(who.context, anna.token)
    who.goto(club_server)
    mine = who.page.get_by_role("region", name="Meccseim")
    mine.locator(".history-row").nth(2).wait_for()
    assert mine.locator(".history-row").count() == 3  # the latest few on the home page
    mine.get_by_role("link", name="Összes meccsem").click()
    who.page.wait_for_url(re.compile(r"/matches/$"))
    who.page.get_by_role("heading", name="Meccseim", level=1).wait_for()
    who.page.get_by_text("12 meccsből: 1–10.").wait_for()
    assert _rows(who).count() == 10
    first = _rows(who).first
    assert "Klub · Barát ellen" in first.locator(".row-head").inner_text()
    assert first.locator(".row-who").inner_text() == "Ellenfél: Béla"
    assert (
        first.locator(".row-how")
        .inner_text()
        .startswith("Győzelem · feladással · 0 : 0 · 1 leosztás")
    )
    assert who.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(who.page) == []
    who.page.screenshot(path=str(folder / "history-phone-hu.png"), full_page=True)

    # one game only
    who.page.get_by_label("Játék", exact=True).select_option("sixty-six")
    who.page.get_by_text("4 meccsből: 1–4.").wait_for()
    games = {row.locator(".row-game").inner_text() for row in _rows(who).all()}
    assert games == {"Hatvanhat"}
    assert _rows(who).first.locator(".row-how").inner_text().startswith("Vereség · feladással")
    assert _rows(who).first.locator(".row-who").inner_text() == "Ellenfél: Kati (Klubjátékos)"
    assert who.button("Régebbiek →").count() == 0  # one page: no paging

    # every game again, and the older page: the unfinished match is the oldest
    who.page.get_by_label("Játék", exact=True).select_option("")
    who.page.get_by_text("12 meccsből: 1–10.").wait_for()
    assert who.button("← Újabbak").is_disabled()
    who.button("Régebbiek →").click()
    who.page.get_by_text("12 meccsből: 11–12.").wait_for()
    assert who.button("Régebbiek →").is_disabled()
    last = _rows(who).last
    assert "folyamatban" in last.locator(".row-how").inner_text()
    assert last.locator(".row-who").inner_text() == "Ellenfél: Kati (Erős)"

    # an opponent's profile from a row of the first page, and back
    who.button("← Újabbak").click()
    who.page.get_by_text("12 meccsből: 1–10.").wait_for()
    _rows(who).first.get_by_role("link", name="Béla").click()
    who.page.wait_for_url(re.compile(rf"/p/{bela.user.pk}/$"))
    who.page.get_by_role("heading", name="Béla", level=1).wait_for()
    ratings = who.page.get_by_role("region", name="Értékszám")
    assert "Elo: 1532 · 0 meccs, 0 győzelem · ideiglenes" in ratings.inner_text()
    recent = who.page.get_by_role("region", name="Legutóbbi eredmények")
    assert recent.locator(".history-row").count() == 7
    assert recent.locator(".history-row").first.locator(".row-who").inner_text() == (
        "Ellenfél: Anna"
    )
    assert "Vereség · feladással · 0 : 0" in recent.locator(".history-row").first.inner_text()
    assert who.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(who.page) == []
    who.page.screenshot(path=str(folder / "profile-phone-hu.png"), full_page=True)
    who.button("← Vissza").click()
    who.page.wait_for_url(re.compile(r"/matches/$"))

    # the unfinished match goes on from the history
    who.page.get_by_text("12 meccsből: 1–10.").wait_for()
    who.button("Régebbiek →").click()
    who.page.get_by_text("12 meccsből: 11–12.").wait_for()
    _rows(who).last.get_by_role("link", name=re.compile("^Folytatás")).click()
    who.page.wait_for_url(re.compile(rf"/m/{unfinished['id']}/$"))
    who.page.locator(".table").wait_for()
    assert who.errors == []


def test_a_name_on_the_leaderboard_opens_its_profile(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    anna = make_player(display_name="Anna")
    bela = make_player(display_name="Béla")
    Rating.objects.create(user=bela.user, variant="klub", rating=1532, matches=3)
    who = person(chromium, viewport=PHONE, language="en")
    club_server.sign_in(who.context, anna.token)
    who.goto(club_server, "/leaderboard/")
    who.page.get_by_role("link", name="Béla").click()
    who.page.wait_for_url(re.compile(rf"/p/{bela.user.pk}/$"))
    who.page.get_by_role("heading", name="Béla", level=1).wait_for()
    ratings = who.page.get_by_role("region", name="Rating")
    assert "Elo 1532 · 0 matches, 0 won · provisional" in ratings.inner_text()
    who.page.get_by_text("No finished match yet.").wait_for()
    assert serious_violations(who.page) == []
    assert who.errors == []


def test_a_blocked_players_profile_is_not_there(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    anna = make_player(display_name="Anna")
    bela = make_player(display_name="Béla")
    blocked = bela.client.post("/api/v1/blocks/", {"user_id": anna.user.pk}, format="json")
    assert blocked.status_code == 201
    who = person(chromium, viewport=PHONE)
    club_server.sign_in(who.context, anna.token)
    who.goto(club_server, f"/p/{bela.user.pk}/")
    who.page.get_by_text("Nincs ilyen játékos.").wait_for()
    assert who.page.get_by_text("Béla").count() == 0
    who.page.get_by_role("link", name="Vissza a kezdőlapra").wait_for()
    assert serious_violations(who.page) == []


def test_a_name_at_the_table_opens_its_profile_beside_the_match(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    bela, cili, match = friends_at_a_table(chromium, club_server, make_player)
    seat = bela.page.locator(".seat .seat-name")
    link = seat.get_by_role("link", name="Cili profilja (új lapon)")
    with bela.context.expect_page() as opened:
        link.click()
    profile = opened.value
    profile.wait_for_url(re.compile(r"/p/\d+/$"))
    profile.get_by_role("heading", name="Cili", level=1).wait_for()
    # the match goes on in its own tab
    assert bela.page.url.endswith(f"/m/{match['id']}/")
    bela.page.locator(".table").wait_for()
    assert bela.errors == [] and cili.errors == []
