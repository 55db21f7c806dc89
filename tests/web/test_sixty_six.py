"""Sixty-six from the browser, at phone size: a room for the 24-card game played to 11, six
cards in hand, and "enough!" said (with its confirmation) too early: the deal ends and the
table says what it was worth ("… — not enough: the opponent scores 3")."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.web.hidden import assert_dom_shows_no_hidden_cards, assert_no_hidden_cards
from tests.web.person import TURN, confirm, log_in, member, person

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp/snapszer-screens"))


def test_a_sixty_six_room_to_eleven_and_a_declaration_that_is_not_enough(
    chromium: Any, club_server: Any
) -> None:
    bela_user = member(display_name="Béla")
    cili_user = member(display_name="Cili")
    bela, cili = person(chromium), person(chromium)

    bela.goto(club_server)
    log_in(bela, bela_user.email)
    bela.page.get_by_text("Szia, Béla!").wait_for()
    bela.page.get_by_label("Játékváltozat", exact=True).select_option("sixty-six")
    bela.page.get_by_label("Cél", exact=True).select_option("11")
    bela.button("Szoba nyitása").click()
    bela.page.get_by_text("Várakozás az ellenfélre…").wait_for()
    link = bela.page.get_by_label("Meghívó link").input_value()

    cili.goto(club_server, urlsplit(link).path)
    log_in(cili, cili_user.email)
    cili.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    match_id = cili.match_id()
    for who in (bela, cili):
        who.page.locator(".table").wait_for()
        assert who.page.locator(".card-button").count() == 6
        who.page.get_by_text(re.compile(r"cél: 11")).wait_for()

    # whoever leads says "enough" at once, with no trick: wrong, the other scores 3
    leader = _on_turn(bela, cili)
    other = cili if leader is bela else bela
    SHOTS.mkdir(parents=True, exist_ok=True)
    leader.page.screenshot(path=str(SHOTS / "sixty-six-phone-hu.png"), full_page=True)
    confirm(leader, "Elég!")
    for who in (leader, other):
        who.page.locator(".declaration").get_by_text(
            re.compile(r"— nem elég: az ellenfél 3 pontot kap")
        ).wait_for(timeout=20_000)
    scores = leader.page.evaluate("window.snapszer.client.view.scores")
    assert scores[other.seat()] == 3 and scores[leader.seat()] == 0
    leader.page.screenshot(path=str(SHOTS / "sixty-six-declared-phone-hu.png"), full_page=True)

    for who in (bela, cili):
        seat = who.seat()
        assert assert_no_hidden_cards(who.recorder, match_id, seat) > 0
        assert_dom_shows_no_hidden_cards(who.page, match_id, seat)
        assert who.errors == []


def _on_turn(*people: Any) -> Any:
    """The one of ``people`` whose turn it is (waiting for the table to say so)."""
    first = people[0].page
    first.wait_for_function(
        "() => window.snapszer && window.snapszer.client && window.snapszer.client.view",
        timeout=20_000,
    )
    for _ in range(200):
        for who in people:
            if who.page.locator(TURN).count():
                return who
        first.wait_for_timeout(100)
    raise AssertionError("nobody's turn")
