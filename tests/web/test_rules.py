"""The rules pages, as a person reads them on a phone: from the home page to the list of games,
partnership's rules and its bidding section (by the contents' anchor), the same place in
English; at a table the game's rules open over it and close back to the same match. A game of
the catalogue without rules text says so. Nothing scrolls sideways at 360 px; axe finds no
serious violation. With CLIENT_SCREENSHOTS=<folder> the screenshots are kept there
(docs/screenshots/ holds the ones docs/client.md shows)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.engine.toy import toy_registered
from tests.web.person import (
    DESKTOP,
    PHONE,
    friends_at_a_table,
    person,
    serious_violations,
    table_action,
)

pytestmark = pytest.mark.django_db(transaction=True)

SMALL_PHONE = {"width": 360, "height": 740}
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
TOP = "(id) => Math.round(document.getElementById(id).getBoundingClientRect().top)"
TABLE_URL = re.compile(r"/m/[0-9a-f-]{36}/$")


def _screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _in_view(who: Any, element_id: str, *, below: int = 0) -> None:
    """The section ``element_id`` is at the top of the screen (its anchor was followed), or
    just ``below`` a bar that stays there."""
    who.page.wait_for_function(
        f"() => Math.abs(({TOP})('{element_id}') - {below}) < 40", polling=50, timeout=5000
    )


def test_a_visitor_reads_partnerships_bidding_in_both_languages_and_the_rules_at_a_table(
    chromium: Any, club_server: Any
) -> None:
    who = person(chromium, viewport=SMALL_PHONE)
    who.goto(club_server)
    who.page.get_by_role("link", name="Szabályok").click()
    who.page.wait_for_url(re.compile(r"/rules/$"))
    who.page.get_by_role("heading", name="Szabályok", level=1).wait_for()
    assert who.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(who.page) == []

    # every game of the catalogue is listed; partnership is picked
    games = who.page.locator(".rules-games a")
    assert games.count() == 3
    who.page.get_by_role("link", name=re.compile("^Partnerkereső")).click()
    who.page.wait_for_url(re.compile(r"/rules/partnership/$"))
    who.page.get_by_role("heading", name="A partnerkereső szabályai", level=1).wait_for()
    # the cards are drawn, with their worth
    assert who.page.locator(".rules-cards svg[role=img]").count() == 6
    assert who.page.get_by_role("img", name="zöld ász").count() >= 1

    # the contents lead to the bidding: the page scrolls to it and stays the same page
    contents = who.page.get_by_role("navigation", name="Tartalom")
    contents.get_by_role("link", name="Licit").click()
    who.page.wait_for_url(re.compile(r"/rules/partnership/#bidding$"))
    _in_view(who, "bidding")
    bidding = who.page.get_by_role("region", name="Licit")
    assert bidding.get_by_role("cell", name="Durchmarsch").count() == 2
    assert bidding.get_by_role("cell", name="300").count() == 1
    assert who.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(who.page) == []
    # a scoring table fits inside its own box, not the page's width
    who.page.get_by_role("link", name="Zsetonok és a játék vége").click()
    _in_view(who, "chips")
    assert who.page.evaluate(OVERFLOW) <= 0

    # English, from the header: the same section, in English
    who.page.get_by_role("link", name="Licit").first.click()
    _in_view(who, "bidding")
    who.page.get_by_label("Nyelv").select_option("en")
    who.page.get_by_role("heading", name="The rules of partnership", level=1).wait_for()
    assert who.page.url.endswith("/rules/partnership/#bidding")
    _in_view(who, "bidding")
    assert (
        who.page.get_by_role("region", name="Bidding").get_by_role("cell", name="Hearts").count()
        == 2
    )
    assert who.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(who.page) == []

    # at a table: the rules open over it and close back to the same match
    who.page.get_by_role("link", name="The rules of every game").first.click()
    who.page.wait_for_url(re.compile(r"/rules/$"))
    who.goto(club_server, "/")
    who.button("Play Kati").click()
    who.page.wait_for_url(TABLE_URL)
    match = who.match_id()
    who.page.locator(".card-button").first.wait_for()
    who.button("Rules").click()
    drawer = who.page.get_by_role("dialog", name="Rules")
    drawer.get_by_role("heading", name="The rules of klub snapszer").wait_for()
    new_tab = drawer.get_by_role("link", name="Open in a new tab")
    assert new_tab.get_attribute("target") == "_blank"
    assert new_tab.get_attribute("rel") == "noopener"
    assert new_tab.get_attribute("href") == "/rules/klub/"
    drawer.get_by_role("navigation", name="Contents").get_by_role("link", name="Scoring").click()
    _in_view(who, "rules-scoring", below=56)
    assert who.page.url.endswith(f"/m/{match}/")  # the table's address stays
    assert who.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(who.page) == []
    drawer.get_by_role("button", name="Close the rules").click()
    drawer.wait_for(state="detached")
    assert who.page.evaluate("document.activeElement.dataset.key") == "rules-toggle"
    assert who.match_id() == match
    who.page.locator(".card-button").first.wait_for()
    assert who.page.locator(".table").is_visible()

    # Esc closes it as well
    who.button("Rules").click()
    drawer.wait_for()
    drawer.press("Escape")
    drawer.wait_for(state="detached")
    assert who.match_id() == match
    assert who.errors == []


def test_at_a_friends_table_the_rules_are_under_more(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    """At a friends' table the top bar holds the chat's button, so the rules are under "More"
    ("Továbbiak"): they open over the table, and closing them gives the focus back to "More";
    the table fits a small phone meanwhile."""
    _, cili, match = friends_at_a_table(chromium, club_server, make_player)
    cili.page.set_viewport_size(SMALL_PHONE)
    assert cili.page.locator(".topbar [data-key=rules-toggle]").count() == 0
    table_action(cili, "Szabályok").click()
    drawer = cili.page.get_by_role("dialog", name="Szabályok")
    drawer.get_by_role("heading", name="A klub snapszer szabályai").wait_for()
    assert cili.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(cili.page) == []
    drawer.press("Escape")
    drawer.wait_for(state="detached")
    assert cili.page.evaluate("document.activeElement.dataset.key") == "more"
    assert cili.match_id() == match["id"]
    assert cili.page.evaluate("document.scrollingElement.scrollHeight") <= 740 + 1
    assert cili.errors == []


def test_a_game_without_rules_text_says_so(chromium: Any, start_club_server: Any) -> None:
    """A game the catalogue lists but the client has no rules text for: listed without a link,
    and its address says there is no rules page yet; the others still open. Reading the rules
    makes nobody a guest."""
    with toy_registered():
        club_server = start_club_server()  # the server (a forked process) serves the toy too
        players = get_user_model().objects.count()
        who = person(chromium, viewport=SMALL_PHONE)
        who.goto(club_server, "/rules/")
        who.page.get_by_role("heading", name="Szabályok", level=1).wait_for()
        who.page.locator(".rules-games li").nth(3).wait_for()
        assert who.page.locator(".rules-games li").count() == 4
        assert who.page.locator(".rules-games a").count() == 3
        assert who.page.get_by_text("ehhez még nincs szabályleírás").count() == 1

        who.goto(club_server, "/rules/klub-3/")
        who.page.get_by_text("ehhez a játékhoz még nincs szabályleírás").wait_for()
        who.page.get_by_role("link", name="← Az összes játék szabálya").click()
        who.page.wait_for_url(re.compile(r"/rules/$"))
        who.page.get_by_role("link", name=re.compile("^Hatvanhat")).click()
        who.page.get_by_role("heading", name="A hatvanhat szabályai", level=1).wait_for()
        assert get_user_model().objects.count() == players
        assert who.errors == []


def test_the_rules_pages_on_a_phone_screenshots(
    chromium: Any, club_server: Any, tmp_path: Path
) -> None:
    """The rules at 390x844 in Hungarian: partnership's top (title, contents), klub's scoring
    table and a worked example; nothing wider than the screen."""
    folder = _screenshots(tmp_path)
    who = person(chromium, viewport=PHONE)
    who.goto(club_server, "/rules/partnership/")
    who.page.get_by_role("heading", name="A partnerkereső szabályai", level=1).wait_for()
    assert who.page.evaluate(OVERFLOW) <= 0
    who.page.screenshot(path=str(folder / "rules-partnership-phone-hu.png"))
    who.goto(club_server, "/rules/klub/#scoring")
    who.page.get_by_role("heading", name="Pontozás").wait_for()
    _in_view(who, "scoring")
    assert who.page.evaluate(OVERFLOW) <= 0
    who.page.screenshot(path=str(folder / "rules-klub-scoring-phone-hu.png"))
    who.goto(club_server, "/rules/sixty-six/#examples")
    who.page.get_by_role("heading", name="Példák").wait_for()
    _in_view(who, "examples")
    who.page.screenshot(path=str(folder / "rules-sixty-six-examples-phone-hu.png"))
    assert serious_violations(who.page) == []
    # on a laptop too: nothing wider than the screen, axe clean
    who.page.set_viewport_size(DESKTOP)
    who.goto(club_server, "/rules/klub/")
    who.page.get_by_role("heading", name="A klub snapszer szabályai", level=1).wait_for()
    assert who.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(who.page) == []
    who.page.set_viewport_size(PHONE)

    # at the table: the button in the top bar, the drawer over the table
    who.goto(club_server, "/")
    who.button("Játék Kati ellen").click()
    who.page.wait_for_url(TABLE_URL)
    who.page.locator(".card-button").first.wait_for()
    who.page.screenshot(path=str(folder / "rules-button-table-phone-hu.png"))
    who.button("Szabályok").click()
    who.page.get_by_role("dialog", name="Szabályok").get_by_role(
        "heading", name="A klub snapszer szabályai"
    ).wait_for()
    assert who.page.evaluate(OVERFLOW) <= 0
    who.page.screenshot(path=str(folder / "rules-table-phone-hu.png"))
    assert who.errors == []
