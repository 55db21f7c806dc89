"""The table fits the screen, phone first: for each game against Kati (klub, sixty-six,
partnership), in each phase (partnership's bidding and doubling window, every game's play on the
player's turn, the table after a deal's end, and the match's end), at four sizes (two phones
upright, a phone on its side, a laptop), the hand is one row and the hand, the trick, whose turn
it is, the actions offered and the score are all on screen, with nothing to scroll. One page per
game: the same table is measured at each size in turn. In partnership the person passes every
bid, so a Kati calls and the doubling window is offered to the person for sure (every seat but
the caller's is offered it).

Screenshots of each game at 390×844 and 1366×768 go to ``CLIENT_SCREENSHOTS`` when it is set
(``docs/screenshots/`` holds the chosen ones)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MakePlayer
from tests.web.person import (
    OVER,
    TURN,
    Person,
    close_chat,
    confirm,
    friends_at_a_table,
    open_chat,
    person,
    serious_violations,
    table_action,
)

# how many of the person's moves (or waits on the page) a walk to a screen may take: counted,
# not timed, so a busy machine only makes it slower (each wait has Playwright's own timeout)
ROUNDS = 200
RESIGN = "Feladom a meccset"

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 740},
    "landscape": {"width": 844, "height": 390},
    "laptop": {"width": 1366, "height": 768},
}
SHOTS = {"phone", "laptop", "landscape", "small-phone"}
HANDS_DONE = "[...window.snapszer.client.deals.values()].filter((deal) => deal.result).length"
# What must be on screen besides the hand (each selector: every element it matches).
ALWAYS = [".trick", ".turn"]
SCORES = {
    "klub": [".match-score", ".talon", ".table .seat"],
    "sixty-six": [".match-score", ".talon", ".table .seat"],
    "partnership": [".pot", ".my-seat .chips", ".ring .seat"],
}
ACTIONS = ".actions button, .bidding-box button, .doubling-box button, .play, .play-marriage"

# Every box of the listed elements, the viewport and how far the page scrolls.
MEASURE = """(selectors) => ({
  width: innerWidth, height: innerHeight,
  scroll: document.scrollingElement.scrollHeight,
  scrollX: document.scrollingElement.scrollWidth,
  boxes: selectors.flatMap((sel) => [...document.querySelectorAll(sel)].map((el, i) => {
    const r = el.getBoundingClientRect();
    return {sel: `${sel} #${i}`, top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  })),
  // the hand's cards and the actions are not under something else (their middle takes a tap)
  covered: [...document.querySelectorAll(
    '.hand .card-button, .actions button, .bidding-box button, .doubling-box button, .play')]
    .filter((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !(hit && el.contains(hit));
    }).map((el) => el.dataset.key || el.className),
  cards: [...document.querySelectorAll('.hand .card-button')].map((el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, width: r.width, height: r.height,
            selected: el.classList.contains('selected')};
  }),
})"""


def measure_on_screen(
    who: Person, selectors: list[str], name: str, shots: Path | None
) -> Iterator[tuple[str, dict[str, Any]]]:
    """At each size in turn (the table at rest): the page scrolls neither way, and each element
    the selectors match is inside the viewport. Yields (where, the measures) for the caller's
    own checks; back at phone size after."""
    for size, viewport in SIZES.items():
        who.page.set_viewport_size(viewport)
        who.page.wait_for_timeout(60)  # the resize is laid out (and any redraw patched)
        # the table at rest: a card still sliding in (a draw, a deal) is measured where it lands
        who.page.wait_for_function(
            "() => document.getAnimations().every((a) => a.playState !== 'running')",
            polling=20,
        )
        got = who.page.evaluate(MEASURE, selectors)
        if shots and size in SHOTS:
            shots.mkdir(parents=True, exist_ok=True)
            who.page.screenshot(path=str(shots / f"fit-{name}-{size}.png"))
        where = f"{name}, {size}"
        assert got["scroll"] <= got["height"] + 1, f"{where}: the page scrolls ({got['scroll']})"
        assert got["scrollX"] <= got["width"] + 1, f"{where}: the page scrolls sideways"
        outside = [
            box["sel"]
            for box in got["boxes"]
            if box["top"] < -0.5
            or box["left"] < -0.5
            or box["bottom"] > got["height"] + 0.5
            or box["right"] > got["width"] + 0.5
        ]
        assert outside == [], f"{where}: off screen: {outside}"
        got["shown"] = {box["sel"].split(" #")[0] for box in got["boxes"]}
        yield where, got
    who.page.set_viewport_size(SIZES["phone"])


def check_fits(
    who: Person, game: str, phase: str, shots: Path | None, *, notes: tuple[str, ...] = ()
) -> None:
    """At each size: nothing scrolls, the listed parts are on screen, the hand is one row.
    ``notes``: what must be on the table as well (a shown hand, a pause's countdown)."""
    selectors = [".hand .card-button", *ALWAYS, *SCORES[game], ACTIONS, ".deal-results", *notes]
    for where, got in measure_on_screen(who, selectors, f"{game}-{phase}", shots):
        assert set(notes) <= got["shown"], f"{where}: not on the table: {set(notes) - got['shown']}"
        assert got["covered"] == [], f"{where}: covered: {got['covered']}"
        cards = got["cards"]
        assert cards, f"{where}: no hand"
        tops = {round(card["top"]) for card in cards if not card["selected"]}
        assert len(tops) == 1, f"{where}: the hand is not one row: {tops}"
        # a comfortable target: the card is at least 40 px wide (its visible part: below)
        assert min(card["width"] for card in cards) >= 40, f"{where}: cards too small"


def check_end_fits(who: Person, game: str, shots: Path | None) -> None:
    """After the match: at each size nothing scrolls, and the match's end (its heading, the
    final score, the rematch offer) and the latest deal's result are on screen."""
    selectors = [".match-end h2", ".match-end [data-key=rematch]", ".deal-results"]
    for where, got in measure_on_screen(who, selectors, f"{game}-match-end", shots):
        assert got["shown"] == set(selectors), f"{where}: missing: {set(selectors) - got['shown']}"


def resign(who: Person) -> None:
    """Give the match up as a person does (the button, then its confirmation)."""
    who.wait_for(TURN)
    confirm(who, RESIGN)
    who.page.locator(OVER).wait_for()


def visible_steps(who: Person) -> list[float]:
    """How much of each hand card shows beside the next one (the part a finger can tap)."""
    return who.page.evaluate(
        """() => {
          const boxes = [...document.querySelectorAll('.hand .card-button')]
            .map((el) => el.getBoundingClientRect());
          return boxes.slice(0, -1).map((box, i) => boxes[i + 1].left - box.left);
        }"""
    )


def play_kati(who: Person, server: Any, game: str) -> None:
    who.goto(server)
    who.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()
    kati = who.page.get_by_role("region", name="Játék Kati ellen")
    kati.get_by_label("Játékváltozat", exact=True).select_option(game)
    kati.get_by_label("Kati erőssége").select_option("beginner")
    who.button("Játék Kati ellen").click()
    who.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))


def check_play_turn(who: Person, game: str, shots: Path | None) -> None:
    """On the player's turn to play: measured as it is, then with a card chosen (raised, its
    Play button offered), then the card is played."""
    check_fits(who, game, "play", shots)
    code, card = who.legal_card()
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    check_fits(who, game, "chosen", shots)
    for size, viewport in SIZES.items():  # a finger finds every card, at every size
        who.page.set_viewport_size(viewport)
        assert min(visible_steps(who), default=99) >= 36, f"{game} {size}: cards overlap too much"
    who.page.set_viewport_size(SIZES["phone"])
    card.click()
    who.wait_until_played(code)


def play_to_deal_end(who: Person, *, limit: int = 60) -> None:
    """Play the first legal card (or pass, or no doubling) until a deal has ended."""
    rounds = 0  # counted, not timed: each round is one move or one wait on the page
    while int(who.page.evaluate(HANDS_DONE)) == 0:
        rounds += 1
        assert rounds <= limit, f"no deal ended within {limit} moves"
        if not who.my_turn_or_over():
            return
        if int(who.page.evaluate(HANDS_DONE)):
            break
        page = who.page
        screen = who.screen()
        if screen == "bidding":
            page.locator(".bidding-box .pass").click()
        elif screen == "doubling":
            page.locator(".doubling-box .doubling-no_double").click()
        elif screen == "play":
            who.play_a_card()
        elif screen == "count":  # sixty-six: no card, only "count"
            page.locator(".action-let_count").click()
        page.wait_for_timeout(30)


@pytest.mark.parametrize("game", ["klub", "sixty-six"])
def test_the_two_seat_table_fits_every_screen(chromium: Any, club_server: Any, game: str) -> None:
    shots = Path(os.environ["CLIENT_SCREENSHOTS"]) if "CLIENT_SCREENSHOTS" in os.environ else None
    who = person(chromium)
    play_kati(who, club_server, game)
    assert who.my_turn_or_over()
    check_play_turn(who, game, shots)
    play_to_deal_end(who)
    assert who.my_turn_or_over()
    who.page.locator(".deal-result").first.wait_for()
    check_fits(who, game, "deal-end", shots)
    resign(who)
    check_end_fits(who, game, shots)
    assert who.errors == []


def test_the_partnership_table_fits_every_screen(chromium: Any, club_server: Any) -> None:
    game = "partnership"
    shots = Path(os.environ["CLIENT_SCREENSHOTS"]) if "CLIENT_SCREENSHOTS" in os.environ else None
    who = person(chromium)
    play_kati(who, club_server, game)
    who.page.locator(".four-seat").wait_for()
    seen: set[str] = set()
    rounds = 0  # counted, not timed: each round is one move or one wait on the page
    while "play" not in seen:
        rounds += 1
        assert rounds <= ROUNDS, f"no play within {ROUNDS} moves: {seen}"
        assert who.my_turn_or_over()
        page = who.page
        screen = who.screen()
        if screen == "bidding":
            if "bidding" not in seen:
                check_fits(who, game, "bidding", shots)
                seen.add("bidding")
            page.locator(".bidding-box .pass").click()  # a Kati calls (or all pass: dealt again)
        elif screen == "doubling":
            if "doubling" not in seen:
                check_fits(who, game, "doubling", shots)
                seen.add("doubling")
            no_double = page.locator(".doubling-box .doubling-no_double")
            if no_double.count():  # the window may have closed while it was measured
                no_double.click(timeout=2000)
        elif screen == "play":
            seen.add("play")
            check_play_turn(who, game, shots)
        page.wait_for_timeout(30)
    assert {"bidding", "doubling", "play"} <= seen
    play_to_deal_end(who)
    assert who.my_turn_or_over()
    who.page.locator(".deal-result").first.wait_for()
    check_fits(who, game, "deal-end", shots)
    resign(who)
    check_end_fits(who, game, shots)
    assert who.errors == []


def test_the_chat_is_a_drawer_over_the_table(
    chromium: Any, club_server: Any, make_player: MakePlayer
) -> None:
    """At a friends' table on a phone the chat is a drawer: a button with the count of unread
    messages opens it over the table, Esc or its close button closes it, and what was typed
    and not sent is still there when it opens again. Closed, the table fits the screen."""
    bela, cili, _ = friends_at_a_table(chromium, club_server, make_player)
    toggle = cili.page.locator("[data-key=chat-toggle]")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert cili.page.locator(".messages").count() == 0  # closed: the table alone
    assert cili.page.evaluate("document.scrollingElement.scrollHeight") <= 844 + 1

    # Béla writes twice: Cili's button counts them
    open_chat(bela)
    for text in ("Szia!", "Jó játékot!"):
        bela.page.get_by_label("Üzenet (max. 500 karakter)").fill(text)
        bela.page.keyboard.press("Enter")
    close_chat(bela)
    cili.page.locator("[data-unread='2']").wait_for()
    assert "2 új" in toggle.inner_text()

    # Cili opens it: the messages over the table, the field focused, nothing unread
    open_chat(cili)
    drawer = cili.page.get_by_role("dialog", name="Csevegés")
    drawer.get_by_text("Jó játékot!").wait_for()
    box = drawer.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5
    assert cili.page.evaluate("document.activeElement.id") == "chat-input"
    assert cili.page.locator("[data-unread]").count() == 0
    # she starts an answer and closes the drawer (Esc): the focus is back on its button
    cili.page.keyboard.type("Neked is")
    close_chat(cili)
    assert cili.page.evaluate("document.activeElement.dataset.key") == "chat-toggle"
    # opened again, her words are still there; the close button closes it too
    open_chat(cili)
    assert cili.page.get_by_label("Üzenet (max. 500 karakter)").input_value() == "Neked is"
    cili.button("Csevegés bezárása").click()
    cili.page.locator("#club-drawer").wait_for(state="detached")

    # read messages stay read after a reload; a new one is the only one counted
    cili.page.reload()
    cili.page.locator(".table").wait_for()
    open_chat(bela)
    bela.page.get_by_label("Üzenet (max. 500 karakter)").fill("Kezdhetjük?")
    bela.page.keyboard.press("Enter")
    close_chat(bela)
    cili.page.locator("[data-unread='1']").wait_for()
    assert bela.errors == [] and cili.errors == []


def test_a_shown_hand_and_a_pause_keep_the_table_on_one_screen(
    chromium: Any, club_server: Any, make_player: MakePlayer
) -> None:
    """At a friends' table Cili shows her cards and pauses: at Béla's table her seat holds her
    five cards and the pause's countdown, and the table still fits every size; then Béla
    pauses too, and his own countdown by his hand fits as well."""
    shots = Path(os.environ["CLIENT_SCREENSHOTS"]) if "CLIENT_SCREENSHOTS" in os.environ else None
    bela, cili, _ = friends_at_a_table(chromium, club_server, make_player)
    table_action(cili, "Lapok megmutatása (10 mp)").click()
    bela.page.locator(".seat .shown [data-card]").first.wait_for()
    table_action(cili, "Szünet (20 mp)").click()
    bela.page.locator(".seat .paused").wait_for()
    # the talon's count is a badge on the pile, read out whole
    assert bela.page.get_by_role("img", name=re.compile(r"^Talon: \d+ lap$")).is_visible()
    check_fits(bela, "klub", "shown", shots, notes=(".seat .shown", ".seat .paused"))
    # the table's own actions wait under "More": a sheet in thumb reach, Esc closes it
    more = bela.page.locator("[data-key=more]")
    more.click()
    sheet = bela.page.get_by_role("group", name="Továbbiak")
    for name in ("Szünet (20 mp)", "Távozás", "Feladom a meccset"):
        assert sheet.get_by_role("button", name=name).is_visible()
    assert bela.page.evaluate("document.activeElement.dataset.key") == "action-pause"
    box = sheet.bounding_box()
    assert box is not None and box["y"] + box["height"] <= SIZES["phone"]["height"]
    assert serious_violations(bela.page) == []
    if shots:
        bela.page.screenshot(path=str(shots / "fit-klub-more-phone.png"))
    bela.page.keyboard.press("Escape")
    sheet.wait_for(state="detached")
    assert more.get_attribute("aria-expanded") == "false"
    assert bela.page.evaluate("document.activeElement.dataset.key") == "more"
    table_action(bela, "Szünet (20 mp)").click()
    bela.page.locator(".turn .paused").wait_for()
    check_fits(bela, "klub", "paused", shots, notes=(".turn .paused",))
    assert bela.errors == [] and cili.errors == []
