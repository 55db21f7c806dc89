"""A guest becomes a member without losing anything, at phone size: a visitor plays Kati as a
guest, signs up halfway through the match, and goes on with the same match as a member; a guest
who logs in to an existing account is offered its finished matches; and when too many guests
came from one address, the page says when to try again and still lets everyone log in."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from apps.accounts.api import GuestThrottle
from tests.web.person import (
    Person,
    confirm,
    log_in,
    mailed_code,
    member,
    person,
    serious_violations,
    server_with_outbox,
)

pytestmark = pytest.mark.django_db(transaction=True)

SMALL_PHONE = {"width": 360, "height": 740}


def shot(who: Person, tmp_path: Path, name: str, *, full_page: bool = False) -> None:
    """A screenshot to look at: into ``CLIENT_SCREENSHOTS`` (docs/screenshots) when set."""
    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    who.page.screenshot(path=str(folder / name), full_page=full_page)


def play_kati(who: Person) -> str:
    """From the home page, a match against Kati (beginner); its id."""
    who.page.get_by_label("Kati erőssége").select_option("beginner")
    who.button("Játék Kati ellen").click()
    who.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    return who.match_id()


def home(who: Person) -> None:
    who.page.get_by_role("link", name="← Kezdőlap").click()
    who.page.wait_for_url(re.compile(r"/$"))


def test_a_guest_signs_up_halfway_and_plays_the_same_match_on(
    chromium: Any, start_club_server: Any, tmp_path: Path
) -> None:
    outbox = tmp_path / "mail"
    server = server_with_outbox(start_club_server, outbox)
    zoe = person(chromium)
    zoe.goto(server)
    # opening the page makes nobody a guest: the forms are there, and nothing is played yet
    zoe.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()
    zoe.page.locator("form.signup").wait_for()
    assert zoe.page.get_by_role("region", name="Meccseim").count() == 0

    match_id = play_kati(zoe)
    assert zoe.my_turn_or_over()
    first = zoe.play_a_card()
    zoe.wait_until_played(first)
    assert zoe.my_turn_or_over()
    hand = zoe.page.evaluate("window.snapszer.client.view.deal.hand")
    home(zoe)
    zoe.page.get_by_text(re.compile("Vendégként játszol")).wait_for()

    form = zoe.page.locator("form.signup")
    form.get_by_label("E-mail").fill("zoe@example.com")
    form.get_by_label("Jelszó").fill("a long enough secret 42")
    form.get_by_role("button", name="Regisztráció").click()
    zoe.page.get_by_label("Megerősítő kód").wait_for()
    zoe.page.get_by_label("Megerősítő kód").fill(mailed_code(outbox, "zoe@example.com"))
    zoe.page.get_by_role("button", name="Megerősítés").click()

    zoe.page.get_by_text(re.compile(r"^Szia, Játékos \d+!$")).wait_for()
    zoe.page.get_by_text("Egyenleg: 1000 érme").wait_for()
    going = zoe.page.get_by_role("region", name="Meccseim").get_by_role(
        "link", name=re.compile("^Folytatás")
    )
    going.wait_for()  # (the list comes in beside the wallet, as it loads)
    assert going.count() == 1
    going.scroll_into_view_if_needed()
    shot(zoe, tmp_path, "guest-signed-up-phone-hu.png")

    going.click()
    zoe.page.wait_for_url(f"**/m/{match_id}/")
    assert zoe.my_turn_or_over()
    # the same deal, the same hand: the match goes on where the guest left it
    assert zoe.page.evaluate("window.snapszer.client.view.deal.hand") == hand
    card = zoe.play_a_card()
    zoe.wait_until_played(card)
    shot(zoe, tmp_path, "guest-signed-up-same-match-phone-hu.png")
    assert zoe.errors == []


def test_a_guest_who_logs_in_may_bring_its_finished_match_along(
    chromium: Any, club_server: Any, tmp_path: Path
) -> None:
    bela = member(email="bela@example.com", display_name="Béla")
    guest = person(chromium, viewport=SMALL_PHONE)
    guest.goto(club_server)
    play_kati(guest)
    assert guest.my_turn_or_over()
    confirm(guest, "Feladom a meccset")
    guest.page.locator(".match-end").wait_for()
    home(guest)

    log_in(guest, bela.email)

    offer = guest.page.get_by_role("region", name="Vendégként játszott meccseid")
    offer.get_by_text("1 befejezett meccset").wait_for()
    guest.page.get_by_text("Szia, Béla!").wait_for()
    shot(guest, tmp_path, "guest-matches-offer-phone-hu.png")
    assert serious_violations(guest.page) == []
    offer.get_by_role("button", name="Áthozom").click()

    offer.get_by_text("1 meccs átkerült a fiókodba.").wait_for()
    matches = guest.page.get_by_role("region", name="Meccseim")
    matches.locator(".history-row[data-status=finished]").get_by_role(
        "link", name=re.compile("^Megnézem")
    ).wait_for()
    assert guest.errors == []


def test_too_many_guests_are_told_when_to_try_again_and_may_still_log_in(
    chromium: Any, start_club_server: Any, tmp_path: Path
) -> None:
    # the guests earlier tests made from this machine's address do not count here
    GuestThrottle.cache.delete(
        GuestThrottle.cache_format % {"scope": GuestThrottle.scope, "ident": "127.0.0.1"}
    )
    server = start_club_server(GUEST_CREATE_RATE="1/hour")
    first = person(chromium)
    first.goto(server)
    play_kati(first)
    bela = member(email="bela@example.com", display_name="Béla")
    # someone else from the same address (an office, a school, a phone network)
    second = person(chromium)
    second.goto(server)
    second.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()

    second.button("Játék Kati ellen").click()

    refusal = second.page.get_by_role("region", name="Játék Kati ellen").get_by_role("status")
    wait = r"\d+ (óra|perc)( \d+ perc)?"
    refusal.get_by_text(re.compile(f"Próbáld újra {wait} múlva, vagy jelentkezz be\\.")).wait_for()
    assert "throttled" not in refusal.inner_text()
    shot(second, tmp_path, "guest-throttled-phone-hu.png")
    assert serious_violations(second.page) == []
    # the language picker and the log-in form are still there, and work
    assert second.page.get_by_label("Nyelv").is_visible()
    log_in(second, bela.email)
    second.page.get_by_text("Szia, Béla!").wait_for()
    assert second.errors == []
    # the same, in English
    third = person(chromium, language="en")
    third.goto(server)
    third.button("Play Kati").click()
    third.page.get_by_text(
        re.compile(r"Try again in \d+ (h|min)( \d+ min)?, or log in\.")
    ).wait_for()
    assert third.page.locator("form.login").is_visible()
