"""Two friends at two browsers: a room, the invitation link, chat, a shown hand, a pause with
the computer standing in, a reload in the middle of a deal, the end of the match and a rematch.
Neither page ever receives the other's hidden cards."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from apps.chat.models import Block
from apps.moderation.models import Report
from tests.web.hidden import assert_dom_shows_no_hidden_cards, assert_no_hidden_cards
from tests.web.person import (
    TURN,
    close_chat,
    confirm,
    log_in,
    member,
    open_chat,
    person,
    play_turns,
    table_action,
)

pytestmark = pytest.mark.django_db(transaction=True)


def deal_number(who: Any) -> int:
    return int(who.page.evaluate("window.snapszer.client.view.deal.number"))


@pytest.mark.slow
def test_two_friends_play_a_room_through_to_a_rematch(chromium: Any, club_server: Any) -> None:
    bela_user = member(display_name="Béla")
    cili_user = member(display_name="Cili")
    bela = person(chromium)
    cili = person(chromium)

    # Béla logs in on the home page and opens a room
    bela.goto(club_server)
    log_in(bela, bela_user.email)
    bela.page.get_by_text("Szia, Béla!").wait_for()
    bela.button("Szoba nyitása").click()
    bela.page.get_by_text("Várakozás az ellenfélre…").wait_for()
    link = bela.page.get_by_label("Meghívó link").input_value()
    assert re.search(r"/join/[A-Z0-9]{6}$", link)

    # Cili opens the link: the room needs an account, so she logs in there, and sits down
    cili.goto(club_server, urlsplit(link).path)
    cili.page.get_by_text("Ehhez regisztrálnod kell.").wait_for()
    log_in(cili, cili_user.email)
    cili.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    match_id = cili.match_id()
    bela.page.locator(".table").wait_for()
    assert bela.match_id() == match_id

    # they chat (in the chat drawer, closed again to play)
    open_chat(bela)
    bela.page.get_by_label("Üzenet (max. 500 karakter)").fill("Szia Cili, jó játékot!")
    bela.page.keyboard.press("Enter")
    open_chat(cili)
    cili.page.locator(".messages").get_by_text("Szia Cili, jó játékot!").wait_for()
    close_chat(bela)
    close_chat(cili)

    # Cili shows her cards: Béla sees exactly the cards she holds, for a while
    table_action(cili, "Lapok megmutatása (10 mp)").click()
    shown = bela.page.locator(".shown [data-card]")
    shown.first.wait_for()
    hand = cili.page.evaluate("window.snapszer.client.view.deal.hand")
    assert sorted(shown.evaluate_all("nodes => nodes.map(n => n.dataset.card)")) == sorted(hand)
    assert "megmutatta a lapjait" in bela.page.locator(".shown").inner_text()

    # Béla pauses; when his 20 s run out the computer plays for him, marked as such
    table_action(bela, "Szünet (20 mp)").click()
    cili.page.locator(".seat .paused").get_by_text(re.compile("szünetet tart")).wait_for()
    cili.page.locator(".seat .stand-in").wait_for(timeout=40_000)
    bela.page.get_by_text("Helyetted a gép játszik.").wait_for()
    play_turns(
        [cili],
        lambda: any(
            frame.get("event", {}).get("stand_in")
            for frame in cili.recorder.frames("/ws/matches/")
            if isinstance(frame, dict)
        ),
        limit=30,
    )
    bela.button("OK, itt vagyok").click()
    cili.page.locator(".seat .stand-in").wait_for(state="detached")

    # Cili reloads in the middle of the deal and plays on
    number = deal_number(cili)
    cili.page.reload()
    cili.page.locator(".table").wait_for()
    # on to the next deal, until it is Cili's turn (so that nobody moves while she resigns)
    play_turns(
        [bela, cili],
        lambda: deal_number(cili) > number and cili.page.locator(TURN).count() > 0,
        limit=120,
    )
    assert cili.page.locator(".deal-result").count() >= 1

    # Cili resigns (she is asked first); both see the end of the match
    confirm(cili, "Feladom a meccset")
    bela.page.locator(".match-end").get_by_text("Nyertél!").wait_for()
    cili.page.locator(".match-end").get_by_text("Vesztettél.").wait_for()

    for who in (bela, cili):
        seat = who.seat()
        assert assert_no_hidden_cards(who.recorder, match_id, seat) > 0
        assert_dom_shows_no_hidden_cards(who.page, match_id, seat)
        assert who.fold_mismatches() == []
        assert who.errors == []

    # a rematch: Béla offers, Cili accepts, both are at the new table
    bela.button("Visszavágó").click()
    bela.page.get_by_text("Visszavágót ajánlottál").wait_for()
    cili.page.get_by_text("Béla visszavágót ajánl.").wait_for()
    cili.button("Elfogadom").click()
    for who in (bela, cili):
        who.page.wait_for_url(re.compile(rf"/m/(?!{match_id})[0-9a-f-]{{36}}/$"))
        who.page.locator(".table").wait_for()
    assert bela.match_id() == cili.match_id() != match_id

    # Cili reports Béla to the moderators, then blocks him
    open_chat(cili)
    cili.button("Jelentés: Béla").click()
    cili.page.get_by_label("Kategória").select_option("abuse")
    cili.page.get_by_label("Mi történt?").fill("Csúnyán beszélt a csevegésben.")
    cili.page.locator("form.report").get_by_role("button", name="Jelentés").click()
    cili.page.get_by_text("A jelentést elküldtük a moderátoroknak.").wait_for()
    report = Report.objects.get()
    assert (report.reporter_id, report.reported_id) == (cili_user.pk, bela_user.pk)
    confirm(cili, "Letiltás: Béla")  # a block asks first
    cili.page.get_by_text("Letiltottad: Béla.").wait_for()
    assert Block.objects.filter(blocker=cili_user, blocked=bela_user).exists()
    assert bela.page.locator(TURN).count() + cili.page.locator(TURN).count() <= 1
