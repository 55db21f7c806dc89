"""A learning deal: from the home page a newcomer on a phone starts a deal against Kati that
explains itself. On each turn a card over the top of the table says what may be played and
why, what each trick was worth and the points so far, with the hand and its buttons free to
tap; "Értem" folds it away until the table moves on; at the deal's end it says who won it and
how the game points are counted."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.person import TURN, person, serious_violations

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 40  # the person's moves a deal may take (counted, not timed)
HAND_FREE = """() => [...document.querySelectorAll('.hand .card-button, .actions button')]
  .filter((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !(hit && el.contains(hit));
  }).length"""
END = r"^(Megnyerted a partit|Kati nyerte a partit) \(.+\): \d pont"


def test_a_newcomer_plays_a_learning_deal_that_explains_itself(
    chromium: Any, club_server: Any
) -> None:
    shots = Path(os.environ["CLIENT_SCREENSHOTS"]) if "CLIENT_SCREENSHOTS" in os.environ else None
    anna = person(chromium)
    anna.goto(club_server)
    anna.button("Tanuló parti Katival").click()
    anna.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    guide = anna.page.get_by_role("region", name="Tanuló parti")

    seen: set[str] = set()
    checked = False
    for _ in range(ROUNDS):
        anna.wait_for(f"{TURN}, .deal-result")
        if anna.page.locator(".deal-result").count():
            break
        guide.wait_for()
        tips = {
            tip.get_attribute("data-tip"): tip.inner_text() for tip in guide.locator("li").all()
        }
        seen |= set(tips)
        # what this turn offers, and why: the lead, or the reply to Kati's card
        assert "lead" in tips or "follow" in tips, tips
        assert re.search(r"Pontjaid: \d+", tips["points"])
        if "last" in tips:
            assert re.search(r"Az előző ütést (te vitted|Kati vitte): \d+ pont \(", tips["last"])
        assert anna.page.evaluate(HAND_FREE) == 0  # the guide covers no card and no button
        if "follow" in tips and not checked:  # once, on a reply to Kati's card
            checked = True
            assert serious_violations(anna.page) == []
            if shots:
                shots.mkdir(parents=True, exist_ok=True)
                anna.page.screenshot(path=str(shots / "learning-deal-phone.png"))
        # read: folded into a Tips button until the table moves on
        anna.button("Értem").click()
        guide.wait_for(state="detached")
        anna.button("Tanácsok").wait_for()
        anna.play_a_card()
    else:
        raise AssertionError(f"the deal did not end in {ROUNDS} moves")
    assert {"last", "points"} <= seen and seen & {"lead", "follow"}, seen

    # the deal's end explained: who won, and how game points are counted
    end = guide.locator("li[data-tip=end]")
    end.wait_for()
    assert re.search(
        r"^(Megnyerted a partit|Kati nyerte a partit) \(.+\): \d pont", end.inner_text()
    )
    assert "33 pont" in end.inner_text()
    assert serious_violations(anna.page) == []
    assert anna.errors == []
