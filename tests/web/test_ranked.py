"""Ranked play from the browser: two registered players ask for a sixty-six match to 11 at the
same stake, are paired, play, and both see their coins move by the stake and the match counted
on the sixty-six ladder only."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from apps.matches import event_store, services
from apps.matches.models import Match
from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer
from tests.web.hidden import assert_no_hidden_cards
from tests.web.person import DESKTOP, TURN, confirm, person, play_turns, serious_violations

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
    # the first deal took both players' seeds, sent by their pages as the table opened
    dora.page.locator(".hand .card-button").first.wait_for()
    first_deal = event_store.state_load(Match.objects.get(pk=match_id))
    assert [(s.seat, s.by) for s in first_deal.deal_seeds] == [(0, "player"), (1, "player")]

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


def test_a_table_waits_a_moment_for_the_seeds_and_deals_without_a_missing_one(
    chromium: Any, start_club_server: Any, make_player: MakePlayer
) -> None:
    """Ede's client never sends his seed (he has not opened the table): Dóra sees the shuffle
    wait, her own seed in and his awaited, with the time left; then the deal comes by itself,
    his seed drawn by the server, and she plays."""
    # a longer wait than the product's, so that a busy machine still shows it while it is read
    club_server = start_club_server(FIRST_DEAL_SEED_SECONDS=12)
    dora_player, ede_player = make_player(display_name="Dóra"), make_player(display_name="Ede")
    for player in (dora_player, ede_player):
        wallet_open(user=player.user)
    match_id = services.match_create_ranked(
        user_ids=(dora_player.user.id, ede_player.user.id), stake=100
    )
    dora = person(chromium)
    club_server.sign_in(dora.context, dora_player.token)
    dora.page.goto(f"{club_server.url}/m/{match_id}/")
    wait = dora.page.locator(".shuffling")
    wait.get_by_role("heading", name="Keverés: 1. parti").wait_for()
    wait.locator("li[data-seeded=yes]", has_text="Te: a keverési mag megérkezett").wait_for()
    assert wait.locator("li[data-seeded=no]").inner_text() == "Ede: a keverési magra várunk…"
    assert re.fullmatch(
        r"Legkésőbb \d+ mp múlva osztunk\.", wait.locator(".shuffle-until").inner_text()
    )
    assert serious_violations(dora.page) == []  # the wait is as accessible as the table
    if "CLIENT_SCREENSHOTS" in os.environ:  # docs/screenshots, to look at
        dora.page.screenshot(path=f"{os.environ['CLIENT_SCREENSHOTS']}/table-shuffle-wait-hu.png")

    dora.page.locator(".hand .card-button").first.wait_for()  # dealt when the wait ran out
    assert dora.page.locator(".shuffling").count() == 0
    dealt = event_store.state_load(Match.objects.get(pk=match_id))
    assert [(s.seat, s.by) for s in dealt.deal_seeds] == [(0, "player"), (1, "server")]
    assert dora.errors == []
