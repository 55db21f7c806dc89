"""Sixty-six from the browser, at phone size: a whole match against Kati from the home page,
saying "enough" (with its confirmation); and a room for the 24-card game played to 11, where
"enough" said too early ends the deal and the table says what it was worth ("… — not enough:
the opponent scores 3")."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.web.hidden import assert_dom_shows_no_hidden_cards, assert_no_hidden_cards
from tests.web.person import DEALS_CHECKED, TURN, confirm, log_in, member, person

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
    friends = bela.page.get_by_role("region", name="Játék barát ellen")
    friends.get_by_label("Játékváltozat", exact=True).select_option("sixty-six")
    friends.get_by_label("Cél", exact=True).select_option("11")
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


def test_a_guest_plays_a_whole_sixty_six_match_against_kati_saying_enough(
    chromium: Any, club_server: Any
) -> None:
    anna = person(chromium)
    anna.goto(club_server)
    anna.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()
    kati = anna.page.get_by_role("region", name="Játék Kati ellen")
    kati.get_by_label("Játékváltozat", exact=True).select_option("sixty-six")
    kati.get_by_label("Kati erőssége").select_option("beginner")
    anna.button("Játék Kati ellen").click()
    anna.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    match_id = anna.match_id()
    assert anna.my_turn_or_over()
    seat = anna.seat()
    assert anna.page.locator(".card-button").count() == 6

    declared = 0
    while anna.my_turn_or_over(timeout=30):
        view = anna.page.evaluate("window.snapszer.client.view")
        version = anna.page.evaluate("window.snapszer.client.version")
        offered = {action["type"] for action in view["legal_actions"]}
        deal = view["deal"]
        enough = deal["points"] >= 66 and deal["trick_counts"][seat] > 0
        if "declare_enough" in offered and (enough or not declared):
            confirm(anna, "Elég!")  # the first one at once: most likely not enough
            declared += 1
        elif "play_card" in offered:
            anna.play_a_card()
        elif "let_count" in offered:
            anna.button("Számoljunk").click()
        else:
            raise AssertionError(f"my turn with nothing to do: {sorted(offered)}")
        anna.page.wait_for_function(
            "v => window.snapszer.client.version > v", arg=version, timeout=30_000
        )

    end = anna.page.locator(".match-end")
    assert re.search("Nyertél!|Vesztettél.", end.inner_text())
    scores = anna.page.evaluate("window.snapszer.client.view.result.scores")
    assert max(scores) >= 7 and declared >= 1
    # what each "enough" was worth: the latest deal is shown, the older ones folded; she opens
    # them (the declaration may have been in an earlier deal)
    older = anna.page.locator(".deal-results summary")
    if older.count():
        older.click()
    anna.page.locator(".declaration").first.wait_for()
    anna.page.wait_for_function(DEALS_CHECKED)
    fair = {n.get_attribute("data-fair") for n in anna.page.locator("[data-fair]").all()}
    assert fair == {"verified"}
    assert assert_no_hidden_cards(anna.recorder, match_id, seat) > 0
    assert_dom_shows_no_hidden_cards(anna.page, match_id, seat)
    assert anna.errors == []
    anna.page.screenshot(path=str(SHOTS / "sixty-six-kati-end-phone-hu.png"), full_page=True)
