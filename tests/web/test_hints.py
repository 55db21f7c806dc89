"""A hint against Kati: on her turn a person taps "Tipp", reads what the strongest Kati would
do, finds the card she names already chosen (raised, its Play button naming it) and plays it;
the hint goes with the move. Between people there is no such button."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MakePlayer
from tests.web.person import TURN, friends_at_a_table, person, serious_violations

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 12  # the person's turns a walk to a card hint may take (counted, not timed)


def test_a_guest_asks_kati_for_a_hint_and_plays_it(chromium: Any, club_server: Any) -> None:
    anna = person(chromium)
    anna.goto(club_server)
    kati = anna.page.get_by_role("region", name="Játék Kati ellen")
    kati.get_by_label("Kati erőssége").select_option("beginner")
    anna.button("Játék Kati ellen").click()
    anna.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    for _ in range(ROUNDS):
        anna.wait_for(TURN)
        anna.button("Tipp").click()
        said = anna.page.locator(".hint-text")
        said.wait_for()
        text = said.inner_text()
        assert text.startswith("Kati tippje: ")
        chosen = anna.page.locator(".hand .card-button[aria-pressed=true]")
        if chosen.count() == 0:  # not a card (an exchange, closing): she plays her own card
            version = anna.page.locator(".table-screen").get_attribute("data-version")
            anna.play_a_card()
            anna.page.wait_for_function(
                "(v) => document.querySelector('.table-screen').dataset.version !== v", arg=version
            )
            continue
        # the card she names is chosen, and the Play button names it too
        card = chosen.get_attribute("data-card-button")
        name = text.removeprefix("Kati tippje: ")
        assert name in chosen.get_attribute("aria-label")
        assert serious_violations(anna.page) == []
        if "CLIENT_SCREENSHOTS" in os.environ:
            anna.page.screenshot(
                path=str(Path(os.environ["CLIENT_SCREENSHOTS"]) / "hint-phone.png")
            )
        play = anna.page.locator(".play")
        assert name in play.inner_text()
        play.click()
        anna.wait_until_played(card)
        anna.page.locator(".hint-text").wait_for(state="detached")
        break
    else:
        raise AssertionError(f"no card hint in {ROUNDS} turns")
    assert anna.errors == []


def test_no_hint_at_a_friends_table(
    chromium: Any, club_server: Any, make_player: MakePlayer
) -> None:
    bela, cili, _ = friends_at_a_table(chromium, club_server, make_player)
    for who in (bela, cili):
        who.page.locator(".hand .card-button").first.wait_for()
    host_turn = bela.page.locator(TURN).count() > 0
    on_turn = bela if host_turn else cili
    on_turn.wait_for(TURN)
    assert on_turn.page.get_by_role("button", name="Tipp").count() == 0
    assert bela.errors == [] and cili.errors == []
