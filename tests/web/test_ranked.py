"""Ranked play from the browser: two registered players ask for a sixty-six match to 11 at the
same stake, are paired, play, and both see their coins move by the stake and the match counted
on the sixty-six ladder only."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import MakePlayer
from tests.web.hidden import assert_no_hidden_cards
from tests.web.person import DESKTOP, TURN, confirm, person, play_turns

pytestmark = pytest.mark.django_db(transaction=True)
TRICKS_TAKEN = "window.snapszer.client.view.deal.trick_counts.reduce((a, b) => a + b, 0)"


def balance(who: Any) -> int:
    text = who.page.locator(".balance").inner_text()
    found = re.search(r"(\d+) érme", text)
    assert found, text
    return int(found.group(1))


def test_two_players_find_each_other_and_the_stake_changes_hands(
    chromium: Any, club_server: Any, make_player: MakePlayer
) -> None:
    dora = person(chromium, viewport=DESKTOP)
    ede = person(chromium)
    for who, name in ((dora, "Dóra"), (ede, "Ede")):
        club_server.sign_in(who.context, make_player(display_name=name).token)
        who.goto(club_server)
        who.page.get_by_text("Egyenleg: 1000 érme").wait_for()

    # Dóra looks, sees the wait, and changes her mind
    dora.button("Ellenfél keresése").click()
    dora.page.get_by_text(re.compile(r"Ellenfelet keresünk… \(\d+ mp\)")).wait_for()
    dora.button("Mégse").click()
    dora.page.get_by_text("A keresés véget ért.").wait_for()

    for who in (dora, ede):
        ranked = who.page.get_by_role("region", name="Rangsorolt játék")
        ranked.get_by_label("Játékváltozat", exact=True).select_option("sixty-six")
        ranked.get_by_label("Cél", exact=True).select_option("11")
        ranked.get_by_label("Tét").select_option("100")
        who.button("Ellenfél keresése").click()
    for who in (dora, ede):
        who.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
        who.page.locator(".table").wait_for()
        assert "Tét: 100" in who.page.locator(".topbar").inner_text()
        assert who.page.evaluate("window.snapszer.client.view.target") == 11
    match_id = dora.match_id()
    assert ede.match_id() == match_id

    # a few tricks, then it is Ede's turn and he resigns (nobody moves meanwhile)
    def tricks() -> int:
        return int(dora.page.evaluate(TRICKS_TAKEN))

    play_turns([dora, ede], lambda: tricks() >= 2 and ede.page.locator(TURN).count() > 0)
    confirm(ede, "Feladom a meccset")
    dora.page.locator(".match-end").get_by_text("Nyertél!").wait_for()
    ede.page.locator(".match-end").get_by_text("Vesztettél.").wait_for()

    for who in (dora, ede):
        assert assert_no_hidden_cards(who.recorder, match_id, who.seat()) > 0
        assert who.errors == []
        who.page.get_by_role("link", name="← Kezdőlap").click()
        who.page.locator(".balance", has_text="érme").wait_for()
    assert (balance(dora), balance(ede)) == (1100, 900)
    # and their profiles count the ranked match in sixty-six only: a win for Dóra, a rádli for Ede
    for who, line in (
        (dora, "Meccsek: 1 · Győzelmek: 1 · Rádli: 0"),
        (ede, "Meccsek: 1 · Győzelmek: 0 · Rádli: 1"),
    ):
        sixty_six = who.page.get_by_role("region", name=re.compile("^Hatvanhat"))
        sixty_six.get_by_text(line).wait_for()
        klub = who.page.get_by_role("region", name=re.compile("^Klub"))
        assert "Meccsek: 0" in klub.inner_text()
