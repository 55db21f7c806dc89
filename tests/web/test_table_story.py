"""A table that shows what happened (issue 37, point 3): the word on the table after a trick and
each seat's trick count, a deal's result only after its last trick has been on the table (and
no one else's turn said meanwhile), the next deal on a tap, the table's log in Hungarian in an
aria-live region, nothing moving under prefers-reduced-motion, the sounds off until turned on.

The pace settings are set per test (a person's own settings, kept in the browser); no test
measures wall-clock durations."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.hidden import assert_no_hidden_cards
from tests.web.person import OVER, TURN, Person, person

pytestmark = pytest.mark.django_db(transaction=True)

# Every change of the page, as it was drawn: the cards on the table, whether the first deal's
# result is shown (under the table or on it), the turn line.
STORY = """
window.__story = [];
new MutationObserver(() => {
  const turn = document.querySelector('.turn');
  window.__story.push({
    trick: [...document.querySelectorAll('.trick figure.played')].map((f) => f.dataset.card),
    result: Boolean(document.querySelector(
      '.deal-result[data-deal="1"], .deal-over[data-deal="1"]')),
    turn: turn ? turn.innerText : '',
  });
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def pace(**settings: int) -> str:
    return "".join(f"localStorage.setItem('snapszer.{k}', '{v}');" for k, v in settings.items())


def against_kati(chromium: Any, server: Any, *, init: str = "", reduced: bool = False) -> Person:
    """A guest starts klub against Kati from the home page, with the given pace settings."""
    who = person(chromium)
    if init:
        who.context.add_init_script(init)
    if reduced:
        who.page.emulate_media(reduced_motion="reduce")
    who.goto(server)
    who.page.get_by_label("Kati erőssége").select_option("beginner")
    who.button("Játék Kati ellen").click()
    who.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    return who


def trick_total(who: Person) -> int:
    """Every seat's trick count as the table shows it: the player's own and the opponent's."""
    mine = int(who.page.locator(".my-tricks").get_attribute("data-tricks") or "-1")
    theirs = who.page.locator(".seat .seat-facts").inner_text()
    found = re.search(r"Ütések: (\d+)", theirs)
    assert found, theirs
    return mine + int(found.group(1))


def test_after_a_trick_the_table_says_who_took_it_and_the_counts_change(
    chromium: Any, club_server: Any
) -> None:
    # the word stays until the next card; Kati's next card waits long enough to read it
    anna = against_kati(chromium, club_server, init=pace(cardMs=1500, trickMs=600))
    anna.wait_for(TURN)
    assert trick_total(anna) == 0
    assert anna.page.locator(".my-tricks").inner_text() == "Ütéseid: 0"
    # play until the first trick is taken
    while anna.page.locator(".table-word").count() == 0:
        anna.wait_for(f"{TURN}, .table-word")
        if anna.page.locator(".table-word").count():
            break
        anna.play_a_card()
    word = anna.page.locator(".table-word").inner_text()
    assert word in ("Kati vitte", "Elvitted"), word
    anna.page.wait_for_function(
        "() => window.snapszer.client.view.deal.trick_counts.reduce((a, b) => a + b, 0) === 1"
    )
    assert trick_total(anna) == 1
    mine = anna.page.evaluate(
        "(() => { const v = window.snapszer.client.view; return v.deal.trick_counts[v.seat]; })()"
    )
    assert anna.page.locator(".my-tricks").inner_text() == f"Ütéseid: {mine}"
    assert (word == "Elvitted") == (mine == 1)
    assert anna.errors == []


def test_the_deal_s_end_waits_for_its_last_trick_and_the_next_deal_for_a_tap(
    chromium: Any, club_server: Any
) -> None:
    # the next deal waits for the tap (its countdown is long)
    anna = against_kati(chromium, club_server, init=STORY + pace(nextDealMs=600_000))
    match_id = anna.match_id()
    while not anna.page.locator(".deal-over").count():
        anna.wait_for(f"{TURN}, .deal-over, {OVER}", timeout=60)
        if anna.page.locator(".deal-over").count():
            break
        assert not anna.page.locator(OVER).count(), "the match ended without a deal's end shown"
        anna.play_a_card()

    over = anna.page.locator(".deal-over")
    assert over.get_attribute("data-deal") == "1"
    assert re.search(r"\d+ mp múlva indul", over.inner_text())
    # the turn line says the deal is over, not whose turn it would be
    assert "következik" not in anna.page.locator(".turn").inner_text()
    assert anna.page.locator(".deal-results .deal-result[data-deal='1']").count() == 1

    # the deal's last trick was on the table before its result was shown
    record = anna.page.evaluate(
        f"fetch('/api/v1/matches/{match_id}/deals/1/').then((r) => r.json())"
    )
    last = sorted(entry["card"] for entry in record["tricks"][-1]["cards"])
    story = anna.page.evaluate("window.__story")
    first_result = next(i for i, moment in enumerate(story) if moment["result"])
    assert any(sorted(moment["trick"]) == last for moment in story[:first_result]), last
    # and no moment with the result shown said someone else's turn
    assert not [m["turn"] for m in story if m["result"] and "következik" in m["turn"]]

    # the table waits for the tap: still the first deal
    assert anna.page.evaluate("window.snapszer.client.view.deal.number") == 1
    anna.button("Következő parti").click()
    anna.page.wait_for_function("() => window.snapszer.client.view.deal.number === 2")
    anna.wait_for(".table-screen[data-settled=yes]")
    assert anna.page.locator(".deal-over").count() == 0

    # the table's log: each event a line, in Hungarian, in an aria-live region
    log = anna.page.locator("ol.table-log")
    # a list that is read aloud as it grows (role="log" would take the items out of their list)
    assert log.get_attribute("aria-live") == "polite" and log.get_attribute("role") is None
    lines = log.locator("li").all_inner_texts()
    assert any(re.match(r"Te: (piros|tök|zöld|makk) ", line) for line in lines), lines
    assert any(re.match(r"Kati: (piros|tök|zöld|makk) ", line) for line in lines), lines
    assert any(re.match(r"(Kati vitte|Elvitted) az ütést", line) for line in lines), lines
    assert any(re.match(r"(Kati nyerte|Te nyerted) a partit", line) for line in lines), lines
    assert "Osztás: 2. parti" in lines
    # said once: the events are not announced again by the page's other live region
    announced = anna.page.locator("#announcer").inner_text()
    assert not [line for line in lines if line in announced]
    assert anna.fold_mismatches() == []
    assert assert_no_hidden_cards(anna.recorder, match_id, anna.seat()) > 0
    assert anna.errors == []


def test_under_reduced_motion_nothing_moves_but_the_words_are_said(
    chromium: Any, club_server: Any
) -> None:
    slow = pace(moveMs=3000, cardMs=1500, trickMs=600)
    moving = against_kati(chromium, club_server, init=slow)
    still = against_kati(chromium, club_server, init=slow, reduced=True)
    counts = {}
    for who in (moving, still):
        who.wait_for(TURN)
        code = who.play_a_card()
        who.wait_for(f".trick figure.played[data-card='{code}']")
        counts[who is still] = who.page.evaluate("document.getAnimations().length")
    assert counts[False] > 0  # the card travels to the trick
    assert counts[True] == 0  # nothing moves under prefers-reduced-motion
    # the words are still said: who took the trick
    still.page.locator(".table-word").wait_for()
    assert re.fullmatch("Kati vitte|Elvitted", still.page.locator(".table-word").inner_text())
    assert still.page.evaluate("document.getAnimations().length") == 0
    assert moving.errors == [] and still.errors == []


def test_the_sounds_are_off_until_turned_on_and_stay_so(chromium: Any, club_server: Any) -> None:
    anna = against_kati(chromium, club_server)
    anna.wait_for(TURN)
    toggle = anna.button("Hangok")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert anna.page.evaluate("localStorage.getItem('snapszer.sound')") == "on"
    anna.page.reload()
    anna.wait_for(TURN)
    assert anna.button("Hangok").get_attribute("aria-pressed") == "true"
    anna.play_a_card()  # a card's tone is played (Web Audio), with no error
    anna.wait_for(TURN)
    assert anna.errors == []
