"""The shuffle a player can prove fair, in the browser: a visitor starts a game against Kati
with a seed of its own for the first deal (after the server's commitment), sends one with its
first card for the next deal, and the check in the page recomputes each deck from the revealed
secret and the seeds (Web Crypto) and names whose seeds went in. A record whose secret (even
with a commitment made to match it) or seed was altered on the way fails the check, visibly;
a page that got no commitment starts without a seed, and the server's is named as such."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest

from tests.web.hidden import assert_no_hidden_cards
from tests.web.person import TURN, confirm, person

pytestmark = pytest.mark.django_db(transaction=True)

RECORD = re.compile(r"/api/v1/matches/[0-9a-f-]+/deals/\d+/$")


def flip(hex_digits: str) -> str:
    return ("1" if hex_digits[0] == "0" else "0") + hex_digits[1:]


def tamper(route: Any) -> None:
    """Deal 1's record with another secret and the commitment to that secret; deal 2's with
    its first seed changed."""
    response = route.fetch()
    record = response.json()
    if record["number"] == 1:
        record["salt"] = flip(record["salt"])
        record["commitment"] = hashlib.sha256(record["salt"].encode()).hexdigest()
    else:
        record["seeds"][0]["value"] = flip(record["seeds"][0]["value"])
    route.fulfill(response=response, body=json.dumps(record))


def two_deals(who: Any, server: Any) -> None:
    """Against Kati: a card of deal 1 (the page's seed for deal 2 goes with it), deal 1 given
    up, then deal 2 given up as soon as it is the person's turn."""
    who.goto(server)
    who.button("Játék Kati ellen").click()
    who.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    assert who.my_turn_or_over()
    who.play_a_card()
    assert who.my_turn_or_over()
    confirm(who, "Feladom a partit")
    who.page.wait_for_function("() => window.snapszer.client.view?.deal?.number === 2")
    who.wait_for(TURN)
    confirm(who, "Feladom a partit")


def fair(who: Any, number: int) -> tuple[str, str, str]:
    """Deal ``number``'s check as the page shows it: its state, its words, and whose seeds."""
    who.wait_for(f"[data-deal='{number}'] [data-fair]:not([data-fair='checking'])")
    line = who.page.locator(f"[data-deal='{number}'] .fair")
    seeds = who.page.locator(f"[data-deal='{number}'] .fair-seeds")
    return (
        str(line.get_attribute("data-fair")),
        str(line.text_content()),
        f"{seeds.get_attribute('data-seeds')}: {seeds.text_content()}",
    )


def test_a_person_s_seed_shuffles_the_next_deal_and_an_altered_secret_or_seed_fails(
    chromium: Any, club_server: Any
) -> None:
    honest, fooled = person(chromium), person(chromium)
    fooled.page.route(RECORD, tamper)
    fooled.page.route("**/api/v1/matches/commitments/", lambda route: route.abort())
    for who in (honest, fooled):
        two_deals(who, club_server)

    state, words, seeds = fair(honest, 2)
    assert state == "verified"
    assert "a keverési magok adták ki" in words
    assert seeds == "player: Keverési magok: Te (saját)."  # the page's own seed
    state, words, seeds = fair(honest, 1)  # its seed came with the game's start
    assert state == "verified"
    assert seeds == "player: Keverési magok: Te (saját)."

    for number in (1, 2):
        state, words, seeds = fair(fooled, number)
        assert state == "failed" and "HIBA" in words, number
    assert seeds == "player: Keverési magok: Te (saját)."  # deal 2 (the seed altered)
    # no commitment reached the page: deal 1 was made without its seed, the server's filled in
    assert fair(fooled, 1)[2] == "server: Keverési magok: Te (szerver)."

    for who in (honest, fooled):
        assert assert_no_hidden_cards(who.recorder, who.match_id(), who.seat()) > 0
        assert who.errors == []


def test_two_friends_shuffle_their_room_s_first_deal_with_seeds_of_their_own(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    """Béla opens a room at the home page (his page asks for a commitment first and sends his
    seed with the room); Cili opens the invitation link (her page reads the room's commitment
    and sends her seed with the join). Deal 1, given up by whoever leads, checks out at both
    tables, each naming both seeds as the players' own."""
    host, friend = make_player(display_name="Béla"), make_player(display_name="Cili")
    bela, cili = person(chromium), person(chromium)
    club_server.sign_in(bela.context, host.token)
    club_server.sign_in(cili.context, friend.token)
    bela.goto(club_server)
    bela.button("Szoba nyitása").click()
    bela.page.get_by_text("Várakozás az ellenfélre…").wait_for()
    link = bela.page.get_by_label("Meghívó link").input_value()
    cili.goto(club_server, "/join/" + link.rsplit("/", 1)[1])
    cili.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    bela.page.wait_for_function("() => window.snapszer.client.view?.deal?.number === 1")
    turn = bela.page.evaluate("window.snapszer.client.view.deal.turn")
    leader = bela if turn == bela.seat() else cili
    leader.wait_for(TURN)
    confirm(leader, "Feladom a partit")

    for who, seeds_named in [
        (bela, "player player: Keverési magok: Te (saját), Cili (saját)."),
        (cili, "player player: Keverési magok: Béla (saját), Te (saját)."),
    ]:
        state, words, seeds = fair(who, 1)
        assert state == "verified" and "a keverési magok adták ki" in words
        assert seeds == seeds_named
    for who in (bela, cili):
        assert who.errors == []
