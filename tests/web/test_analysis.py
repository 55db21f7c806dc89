"""The analysis of a finished deal (issue 39), as a player meets it: she plays a deal against
Kati on her phone, opens "Elemzés" from the deal's result at the table, waits while it is
computed, and steps through the deal with the buttons, the list of decisions and the arrow
keys; the step is in the address. Then at a desktop and in English, and from "Meccseim"; it
fits a small phone and a phone held sideways without scrolling sideways.

With CLIENT_SCREENSHOTS=<folder> the screenshots are kept there (docs/screenshots)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.matches.helpers import act, create_computer_match, fetch
from tests.web.hidden import assert_dom_shows_no_hidden_cards, assert_no_hidden_cards
from tests.web.person import DESKTOP, PHONE, TURN, person, serious_violations

pytestmark = pytest.mark.django_db(transaction=True)

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
READY = ".analysis-screen[data-pending=no] .analysis-decision"


def _shots(tmp_path: Path) -> Path:
    folder = os.environ.get("CLIENT_SCREENSHOTS")
    return Path(folder) if folder else tmp_path


def _play_first_deal(who: Any) -> None:
    """Play the first legal card at each turn until the first deal's result is at the table:
    at most the cards a seat plays in a deal (twelve in sixty-six), each turn waited for as the
    page shows it, each card until it has left the hand."""
    result = who.page.locator(".deal-result[data-deal='1']")
    for _ in range(12):
        who.page.locator(f"{TURN}, .deal-result[data-deal='1']").first.wait_for()
        if result.count():
            return
        code = who.play_a_card()
        # the card leaves the hand, or the deal ends with it still there: a king or queen led
        # with its marriage, whose 20 or 40 reached 66, ends the deal before the card is played
        who.page.wait_for_function(
            "(code) => !window.snapszer.client.view.deal.hand.includes(code)"
            " || document.querySelector(\".deal-result[data-deal='1']\") !== null",
            arg=code,
        )
    result.wait_for()


def _analysis(who: Any, match_id: str) -> dict[str, Any]:
    """The analysis as the server answers it to this player (what the screen must show)."""
    return dict(
        who.page.evaluate(
            "async (id) => (await fetch(`/api/v1/matches/${id}/deals/1/analysis/`)).json()",
            match_id,
        )
    )


def _at(who: Any, text: str) -> None:
    """The step counter says ``text`` (the screen is patched on the next frame)."""
    expect(who.page.locator(".analysis-counter")).to_have_text(text)


def _at_katis_table(
    chromium: Any, club_server: Any, make_player: Any, variant: str
) -> tuple[Any, dict[str, Any], Any]:
    """Anna at a new table against Kati (beginner) on her phone: the player, the match, the
    person. The deal's end stays on the table until she goes on (as it would for a minute)."""
    player = make_player(display_name="Anna")
    match = create_computer_match(player, variant=variant, strength="beginner")
    anna = person(chromium, viewport=PHONE)
    anna.context.add_init_script("localStorage.setItem('snapszer.nextDealMs', '60000');")
    club_server.sign_in(anna.context, player.token)
    anna.goto(club_server, f"/m/{match['id']}/")
    return player, match, anna


def _fits_and_hides_nothing(who: Any, match: dict[str, Any], shot: Path) -> None:
    """It fits a small phone and a phone held sideways (``shot``'s ``{}``: the size's name);
    only the finished deal was shown whole: nothing of the next deal's hidden cards came."""
    for size, name in (
        ({"width": 360, "height": 740}, "small-phone"),
        ({"width": 844, "height": 390}, "landscape"),
    ):
        who.page.set_viewport_size(size)
        who.page.wait_for_timeout(100)
        assert who.page.evaluate(OVERFLOW) <= 0, size
        who.page.screenshot(path=str(shot).format(name))
    assert assert_no_hidden_cards(who.recorder, match["id"], match["your_seat"]) > 0
    assert_dom_shows_no_hidden_cards(who.page, match["id"], match["your_seat"])
    assert who.errors == []


def test_a_player_opens_the_analysis_of_a_deal_against_kati_and_steps_through_it(
    chromium: Any, club_server: Any, make_player: Any, tmp_path: Path
) -> None:
    shots = _shots(tmp_path)
    player, match, anna = _at_katis_table(chromium, club_server, make_player, "klub")
    _play_first_deal(anna)

    # the deal's end on the table, and its result below, offer its analysis
    name = "Elemzés: 1. parti"
    result = anna.page.locator(".deal-result[data-deal='1']")
    expect(result.get_by_role("link", name=name)).to_be_visible()
    anna.page.screenshot(path=str(shots / "analysis-link-table-phone-hu.png"))
    anna.page.locator(".deal-over[data-deal='1']").get_by_role("link", name=name).click()
    anna.page.wait_for_url(f"**/matches/{match['id']}/deals/1/analysis/")
    anna.page.get_by_role("heading", name="Elemzés: 1. parti").wait_for()
    # the server makes it first: the screen says so, and asks again after the wait it was told
    anna.page.get_by_text("Számolás…").wait_for()
    anna.page.screenshot(path=str(shots / "analysis-computing-phone-hu.png"))
    anna.wait_for(READY, timeout=30)
    data = _analysis(anna, match["id"])
    count = len(data["decisions"])
    assert count >= 3  # (a random deal: Kati may reach 66 within a few tricks)
    _at(anna, f"0 / {count}")
    assert anna.page.get_by_role("heading", name="A kiosztott lapok").is_visible()
    # both dealt hands on the board: five cards each
    assert anna.page.locator(".analysis-board .analysis-hand .card-wrap").count() == 10

    # every decision in the list, with its mark as the server gave it
    moves = anna.page.locator(".analysis-move")
    assert moves.count() == count
    for index, decision in enumerate(data["decisions"]):
        mark = (decision["own"] or {}).get("mark")
        glyph = moves.nth(index).locator(".move-mark")
        if mark:
            assert glyph.inner_text() == MARKS[mark]
        else:
            assert glyph.count() == 0
    assert serious_violations(anna.page) == []
    assert anna.page.evaluate(OVERFLOW) <= 0

    # the arrow key steps on: decision 1, its choice made beside the best, the address says #1
    anna.page.keyboard.press("ArrowRight")
    _at(anna, f"1 / {count}")
    assert anna.page.url.endswith("#1")
    first = data["decisions"][0]
    panel = anna.page.locator(".analysis-decision")
    assert re.search(r"1\. döntés: (Te|Kati)", panel.locator("h2").inner_text())
    assert panel.get_by_text("A választás:").is_visible()
    assert panel.locator("tr[data-chosen=yes]").count() == 1
    choices = panel.locator("tbody tr")
    assert choices.count() == len(first["exact"]["values"])
    if not first["forced"]:
        assert panel.get_by_text("Legjobb:").is_visible()
        assert panel.locator("tr[data-best=yes]").count() >= 1
    anna.page.screenshot(path=str(shots / "analysis-step-phone-hu.png"), full_page=True)

    # the buttons: next, previous; End and Home keys
    anna.page.get_by_role("button", name="Következő lépés").click()
    _at(anna, f"2 / {count}")
    anna.page.get_by_role("button", name="Előző lépés").click()
    _at(anna, f"1 / {count}")
    anna.page.keyboard.press("End")
    _at(anna, f"{count} / {count}")
    expect(anna.page.get_by_role("button", name="Következő lépés")).to_be_disabled()
    anna.page.keyboard.press("Home")
    _at(anna, f"0 / {count}")

    # a decision from the list; a marked one shows its mark in words
    marked = [i for i, d in enumerate(data["decisions"]) if d["own"] and d["own"]["mark"]]
    target = marked[0] if marked else count // 2
    moves.nth(target).click()
    _at(anna, f"{target + 1} / {count}")
    assert anna.page.url.endswith(f"#{target + 1}")
    if marked:
        words = {"inaccuracy": "pontatlanság", "mistake": "hiba", "blunder": "súlyos hiba"}
        mark = data["decisions"][target]["own"]["mark"]
        assert f"{MARKS[mark]} {words[mark]}" in panel.locator(".analysis-made").inner_text()
        anna.page.screenshot(path=str(shots / "analysis-mark-phone-hu.png"), full_page=True)

    # the turning point, when the deal had one
    turning = data["turning_point"]
    if turning:
        anna.page.get_by_role("button", name="Fordulópont", exact=True).click()
        _at(anna, f"{turning['decision'] + 1} / {count}")
        assert panel.locator(".analysis-turning").is_visible()

    # each seat's totals
    totals = anna.page.locator(".analysis-totals tbody tr")
    assert totals.count() == 2
    assert "Te" in totals.all_inner_texts()[0] + totals.all_inner_texts()[1]

    # the address keeps the step: opened again at #3, decision 3 is shown
    anna.page.goto(f"{club_server.url}/matches/{match['id']}/deals/1/analysis/#3")
    anna.wait_for(READY)
    _at(anna, f"3 / {count}")

    # back at the table, the deal's replay leads to its analysis too
    anna.page.get_by_role("link", name="← Vissza a meccshez").click()
    anna.page.wait_for_url(f"**/m/{match['id']}/")
    result.get_by_role("button", name="A parti visszajátszása").click()
    replay = anna.page.get_by_role("dialog", name="1. parti visszajátszása")
    replay.get_by_role("link", name=name).click()
    anna.wait_for(READY)
    _at(anna, f"0 / {count}")

    _fits_and_hides_nothing(anna, match, shots / "analysis-{}-hu.png")

    # at a desktop, in English: the same analysis, stepped with the arrow keys
    ann = person(chromium, viewport=DESKTOP, language="en")
    club_server.sign_in(ann.context, player.token)
    ann.goto(club_server, f"/matches/{match['id']}/deals/1/analysis/")
    ann.page.get_by_role("heading", name="Analysis of deal 1").wait_for()
    ann.wait_for(READY)
    _at(ann, f"0 of {count}")
    ann.page.keyboard.press("ArrowRight")
    ann.page.keyboard.press("ArrowRight")
    _at(ann, f"2 of {count}")
    assert ann.page.url.endswith("#2")
    decision = ann.page.locator(".analysis-decision")
    assert decision.get_by_text("Chosen:").is_visible()
    assert decision.get_by_role("columnheader", name="Every card known").is_visible()
    assert ann.page.get_by_role("heading", name="Totals").is_visible()
    assert ann.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(ann.page) == []
    ann.page.screenshot(path=str(shots / "analysis-desktop-en.png"), full_page=True)
    assert ann.errors == []


def test_my_matches_opens_a_finished_matchs_analysis(
    chromium: Any, club_server: Any, make_player: Any, tmp_path: Path
) -> None:
    """A finished sixty-six match against Kati (its first deal played out, then resigned):
    "Meccseim" offers its analysis; the screen steps to the next deal when there is one."""
    player = make_player(display_name="Anna")
    match = create_computer_match(player, variant="sixty-six", strength="beginner")
    for step in range(80):
        state = fetch(player, match["id"])
        if state["view"]["deals_played"] >= 1:
            break
        offered = state["view"]["legal_actions"]
        moves = [a for a in offered if a["type"] == "play_card"]
        say = [a for a in offered if a["type"] in ("declare_enough", "let_count")]
        deal = state["view"]["deal"]
        action = (
            say[0] if say and (deal["points"] >= 66 or say[0]["type"] == "let_count") else moves[0]
        )
        assert act(player, state, action, f"a-{step}").status_code == 200
    state = fetch(player, match["id"])
    assert act(player, state, {"type": "resign"}, "resign").status_code == 200

    anna = person(chromium, viewport=PHONE)
    club_server.sign_in(anna.context, player.token)
    anna.goto(club_server, "/matches/")
    row = anna.page.locator("main .history-rows > li").first
    row.get_by_role("link", name=re.compile("^Elemzés")).click()
    anna.page.wait_for_url(f"**/matches/{match['id']}/deals/1/analysis/")
    anna.wait_for(READY, timeout=40)
    count = anna.page.locator(".analysis-move").count()
    assert count >= 6
    anna.page.keyboard.press("ArrowRight")
    _at(anna, f"1 / {count}")
    assert anna.page.evaluate(OVERFLOW) <= 0
    shot = _shots(tmp_path) / "analysis-sixty-six-phone-hu.png"
    anna.page.screenshot(path=str(shot), full_page=True)

    # on to the next deal: the one she resigned in
    anna.page.get_by_role("link", name="Következő parti →").click()
    anna.page.wait_for_url(f"**/matches/{match['id']}/deals/2/analysis/")
    anna.wait_for(READY, timeout=40)
    shot = _shots(tmp_path) / "analysis-resigned-phone-hu.png"
    anna.page.screenshot(path=str(shot), full_page=True)
    assert anna.errors == []


def _play_a_partnership_hand(who: Any, *, limit: int = 200) -> None:
    """Bid the first card offered that is not in her hand (a partner to find), let every
    doubling go, and play the first legal card, until the first hand's result is at the
    table (a Kati may outbid her; someone bids, so the hand is played)."""
    page = who.page
    result = page.locator(".deal-result[data-deal='1']")
    rounds = 0  # counted, not timed: each round is one move or one wait on the page
    while not result.count():
        rounds += 1
        assert rounds <= limit, "the first hand did not end"
        who.wait_for(f"{TURN}, .deal-result[data-deal='1']", timeout=60)
        if result.count():
            break
        if page.locator(".bidding-box .pass").count():
            hand = set(page.evaluate("window.snapszer.client.view.deal.hand"))
            cards = page.locator(".bid-card:not([disabled])")
            codes = [cards.nth(i).get_attribute("data-bid-card") for i in range(cards.count())]
            free = [code for code in codes if code not in hand]
            if free:
                page.locator(f".bid-card[data-bid-card='{free[0]}']").click()
                page.locator(".bid-make").click()
            else:
                page.locator(".bidding-box .pass").click()
        elif page.locator(".doubling-box .doubling-no_double").count():
            page.locator(".doubling-box .doubling-no_double").click(timeout=2000)
        elif page.locator(TURN).count() and page.locator(".card-button.legal").count():
            who.play_a_card()
        page.wait_for_timeout(60)


def test_a_player_steps_through_a_partnership_hands_analysis(
    chromium: Any, club_server: Any, make_player: Any, tmp_path: Path
) -> None:
    """Anna plays a partnership hand against three Katis on her phone, opens its analysis from
    the hand's result: four hands, the called card and the trick by seat, values in chips,
    the caller's side named, and the contract part with the 48 bids; then at a desktop."""
    shots = _shots(tmp_path)
    player, match, anna = _at_katis_table(chromium, club_server, make_player, "partnership")
    anna.page.locator(".four-seat").wait_for()
    _play_a_partnership_hand(anna)

    result = anna.page.locator(".deal-result[data-deal='1']")
    result.get_by_role("link", name="Elemzés: 1. parti").click()
    anna.page.wait_for_url(f"**/matches/{match['id']}/deals/1/analysis/")
    anna.wait_for(READY, timeout=60)
    data = _analysis(anna, match["id"])
    assert data["variant"] == "partnership"
    count = len(data["decisions"])
    assert count >= 4
    _at(anna, f"0 / {count}")

    # the dealt hands: four seats of six cards, the called card and its caller on the felt
    board = anna.page.locator(".analysis-board")
    assert board.locator(".analysis-seat").count() == 4
    assert board.locator(".analysis-hand .card-wrap").count() == 24
    contract = data["contract"]
    assert board.locator(".analysis-called .card-wrap").count() == 1
    expect(board.locator(".analysis-called")).to_contain_text(re.compile("hívtál|hívott"))
    expect(board.locator("[data-role=caller]")).to_have_count(1)
    assert serious_violations(anna.page) == []
    assert anna.page.evaluate(OVERFLOW) <= 0

    # step with the arrow key and the buttons: the decision in chips, its side named
    anna.page.keyboard.press("ArrowRight")
    _at(anna, f"1 / {count}")
    assert anna.page.url.endswith("#1")
    panel = anna.page.locator(".analysis-decision")
    first = data["decisions"][0]
    expect(panel.locator("h2")).to_contain_text("1. döntés")
    expect(panel.locator(".side-tag")).to_have_text(
        "hívó oldal" if first["caller_side"] else "ellenfelek"
    )
    expect(panel.locator(".analysis-unit")).to_contain_text(f"±{first['unit']} zsetont")
    assert panel.locator("tr[data-chosen=yes]").count() == 1
    anna.page.get_by_role("button", name="Következő lépés").click()
    anna.page.get_by_role("button", name="Következő lépés").click()
    anna.page.get_by_role("button", name="Következő lépés").click()
    _at(anna, f"4 / {count}")
    # the fourth card of the first trick: three on the table, each under its seat's name
    expect(board.locator(".analysis-played")).to_have_count(3)
    anna.page.screenshot(path=str(shots / "analysis-partnership-step-phone-hu.png"))
    anna.page.get_by_role("button", name="Előző lépés").click()
    _at(anna, f"3 / {count}")
    expect(board.locator(".analysis-played")).to_have_count(2)

    # the contract part: the bid made, its value, the best open bid, the 48 bids
    part = anna.page.get_by_role("region", name="Licit")
    expect(part.get_by_role("heading", name="Licit")).to_be_visible()
    expect(part).to_contain_text("Értéke legjobb játékkal:")
    expect(part).to_contain_text(re.compile("A legjobb szabad licit(ek)?:"))
    part.get_by_text("Mind a 48 licit").click()
    bids = part.locator(".analysis-bids td[data-bid]")
    assert bids.count() == 48
    made = f"{contract['card']}-{contract['level']}"
    assert part.locator(f"td[data-bid='{made}']").get_attribute("class").count("made") == 1
    assert anna.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(anna.page) == []
    part.scroll_into_view_if_needed()
    anna.page.screenshot(path=str(shots / "analysis-partnership-contract-phone-hu.png"))
    anna.page.screenshot(path=str(shots / "analysis-partnership-phone-hu.png"), full_page=True)

    _fits_and_hides_nothing(anna, match, shots / "analysis-partnership-{}-hu.png")

    # at a desktop, in English
    ann = person(chromium, viewport=DESKTOP, language="en")
    club_server.sign_in(ann.context, player.token)
    ann.goto(club_server, f"/matches/{match['id']}/deals/1/analysis/#2")
    ann.wait_for(READY, timeout=30)
    _at(ann, f"2 of {count}")
    ann.page.keyboard.press("ArrowRight")
    _at(ann, f"3 of {count}")
    expect(ann.page.locator(".analysis-decision .analysis-unit")).to_contain_text("chips")
    expect(ann.page.get_by_role("heading", name="Contract")).to_be_visible()
    expect(ann.page.get_by_text(re.compile("^Best open bids?:"))).to_be_visible()
    assert ann.page.evaluate(OVERFLOW) <= 0
    assert serious_violations(ann.page) == []
    ann.page.screenshot(path=str(shots / "analysis-partnership-desktop-en.png"), full_page=True)
    assert ann.errors == []

    # the match over (she resigns), "Meccseim" offers the hand's analysis too
    state = fetch(player, match["id"])
    assert act(player, state, {"type": "resign"}, "resign").status_code == 200
    ann.goto(club_server, "/matches/")
    row = ann.page.locator("main .history-rows > li").first
    row.get_by_role("link", name=re.compile("^Analysis")).click()
    ann.page.wait_for_url(f"**/matches/{match['id']}/deals/1/analysis/")
    ann.wait_for(READY, timeout=30)
    expect(ann.page.locator(".analysis-board .analysis-seat")).to_have_count(4)
    assert ann.errors == []
