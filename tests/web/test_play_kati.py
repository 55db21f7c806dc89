"""A visitor opens the club at phone size and plays a whole match against Kati: no sign-up, no
installation, only the browser. Nothing hidden reaches the page on the way."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.hidden import assert_dom_shows_no_hidden_cards, assert_no_hidden_cards
from tests.web.person import DEALS_CHECKED, person, play_until_over, serious_violations

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.slow
def test_a_guest_plays_a_whole_match_against_kati_on_a_phone(
    chromium: Any, club_server: Any
) -> None:
    anna = person(chromium)
    anna.goto(club_server)

    # the home page greets a visitor, in Hungarian (the click on "play" makes them a guest)
    anna.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()
    assert anna.page.locator("html").get_attribute("lang") == "hu"
    assert serious_violations(anna.page) == []

    anna.page.get_by_label("Kati erőssége").select_option("beginner")
    anna.button("Játék Kati ellen").click()
    anna.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    match_id = anna.match_id()
    assert anna.my_turn_or_over()
    assert serious_violations(anna.page) == []
    seat = anna.seat()
    assert_dom_shows_no_hidden_cards(anna.page, match_id, seat)

    played = play_until_over(anna)

    end = anna.page.locator(".match-end")
    assert re.search("Nyertél!|Vesztettél.", end.inner_text())
    assert "7" in anna.page.locator(".match-score").inner_text() or "8" in end.inner_text()
    scores = anna.page.evaluate("window.snapszer.client.view.result.scores")
    assert max(scores) >= 7
    assert played >= 10
    # every finished deal was checked in the browser against its published commitment
    fair = anna.page.locator("[data-fair]")
    fair.first.wait_for()
    anna.page.wait_for_function(DEALS_CHECKED)
    assert {n.get_attribute("data-fair") for n in fair.all()} == {"verified"}

    assert anna.fold_mismatches() == []
    assert anna.page.evaluate("window.snapszer.folds") > 0
    assert assert_no_hidden_cards(anna.recorder, match_id, seat) > 0
    assert_dom_shows_no_hidden_cards(anna.page, match_id, seat)
    assert anna.errors == []

    # the leaderboard is one link away, and as accessible as the table
    anna.page.get_by_role("link", name="Ranglista").first.click()
    anna.page.wait_for_url("**/leaderboard/")
    assert serious_violations(anna.page) == []
