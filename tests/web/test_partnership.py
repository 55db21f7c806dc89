"""Partnership (four players, bidding, a secret partner) from the browser: a guest plays hands
against three Katis at phone size from the home page, bidding, letting or saying the doublings,
playing, and resigns after the third hand, which ends the game; four people play a hand
together from one invite link. Nothing hidden reaches any page: no card of another hand, and no
partner before it is public (``tests/web/hidden.py``)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from apps.matches.variant_settings import partnership_rules
from tests.engine.partnership import partnership_registered
from tests.web.hidden import assert_dom_shows_no_hidden_cards, assert_no_hidden_cards
from tests.web.person import (
    DEALS_CHECKED,
    OVER,
    TURN,
    Person,
    confirm,
    person,
    serious_violations,
)

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = 3
DOUBLING_SECONDS = 2  # the operator's doubling window, short for the test
CALLED_BY_ME = (
    "() => [...document.querySelectorAll('.calls li')]"
    ".some((li) => /^Te: .*Snapszer/.test(li.textContent))"
)
HANDS_DONE = "[...window.snapszer.client.deals.values()].filter((deal) => deal.result).length"


@pytest.fixture
def short_doubling(settings: Any) -> Iterator[None]:
    """The product's partnership with a short doubling window, as the server forked from this
    process will have it (list it before ``club_server``)."""
    settings.PARTNERSHIP_DOUBLING_SECONDS = DOUBLING_SECONDS
    with partnership_registered(partnership_rules()):
        yield


def hands_done(who: Person) -> int:
    return int(who.page.evaluate(HANDS_DONE))


def take_turn(who: Person, *, bid: bool) -> str:
    """Whatever the table offers this seat now, as a person would do it: a bid (the first card
    offered, then the Bid button) or a pass; "no double" in the doubling window; else the
    first card that may be played, tapped twice. Returns what was done."""
    page = who.page
    if page.locator(".bidding-box").count():
        cards = page.locator(".bid-card:not([disabled])")
        if bid and cards.count():
            cards.first.click()
            page.locator(".bid-make").click()
            return "bid"
        page.locator(".bidding-box .pass").click()
        return "pass"
    if page.locator(".doubling-box button").count():
        page.locator(".doubling-box .doubling-no_double").click()
        return "no_double"
    who.play_a_card()
    return "play"


def test_a_guest_plays_partnership_against_three_katis_on_a_phone(
    short_doubling: None, chromium: Any, club_server: Any
) -> None:
    anna = person(chromium)
    anna.goto(club_server)
    anna.page.get_by_text(re.compile("Vendégként játszol")).wait_for()
    kati = anna.page.get_by_role("region", name="Játék Kati ellen")
    kati.get_by_label("Játékváltozat", exact=True).select_option("partnership")
    assert not kati.get_by_label("Cél", exact=True).is_visible()  # no target: chips decide
    kati.get_by_label("Kati erőssége").select_option("beginner")
    anna.button("Játék Kati ellen").click()
    anna.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    match_id = anna.match_id()
    anna.page.locator(".four-seat").wait_for()
    seat = anna.seat()

    # three others around the table, each with chips; the pot in the middle
    for pos in ("left", "top", "right"):
        panel = anna.page.locator(f".ring .seat[data-pos={pos}]")
        assert "Kati" in panel.inner_text() and "3000 zseton" in panel.inner_text()
    assert anna.page.locator(".pot").inner_text() == "Kassza: 0"
    assert serious_violations(anna.page) == []

    done: list[str] = []
    deadline = time.monotonic() + 50
    while hands_done(anna) < HANDS:
        assert time.monotonic() < deadline, f"{HANDS} hands not played in time: {done}"
        if not anna.my_turn_or_over():
            break
        done.append(take_turn(anna, bid=hands_done(anna) == 0 and "bid" not in done))
        if done[-1] == "bid":
            # the bid is in the list of calls at once
            anna.page.wait_for_function(CALLED_BY_ME)
        assert_dom_shows_no_hidden_cards(anna.page, match_id, seat)
    assert "bid" in done and "play" in done

    # each finished hand says why it ended and who won or lost how many chips
    results = anna.page.locator(".deal-result")
    results.first.wait_for()
    assert re.search(r"(Te|Kati) [+-]?\d+", results.first.inner_text())
    anna.page.wait_for_function(DEALS_CHECKED)
    fair = {n.get_attribute("data-fair") for n in anna.page.locator("[data-fair]").all()}
    assert fair == {"verified"}

    # resigning ends the game: every seat's chips as the last hand left them
    anna.page.wait_for_selector(TURN)
    confirm(anna, "Feladom a meccset")
    end = anna.page.locator(OVER)
    end.wait_for()
    assert "A játék véget ért" in end.inner_text()
    assert re.search(r"Te: \d+ · Kati 2: \d+ · Kati 3: \d+ · Kati 4: \d+", end.inner_text())

    assert anna.fold_mismatches() == []
    assert anna.page.evaluate("window.snapszer.folds") > 0
    assert assert_no_hidden_cards(anna.recorder, match_id, seat) > 0
    assert_dom_shows_no_hidden_cards(anna.page, match_id, seat)
    assert anna.errors == []
