"""axe-core (as package-lock.json pins it) on every screen of the club, at phone (390×844) and
desktop (1366×768) size: the home page of a guest and of a member, the sign-up and log-in forms,
the join page, the waiting room, the table of each game (klub and sixty-six: play, a deal's end,
the match's end; partnership: bidding, the doubling window, play, a hand's end, the game's end),
a friends' table with the chat, the block question and the report form open, and the
leaderboard's pages. No serious or critical violation anywhere.

Each screen is scanned at both sizes where it stands (the viewport is changed under it), and
every finding is gathered before the test fails, so one run names all that is wrong. With
A11Y_SCREENSHOTS=<folder> each screen scanned is kept there at both sizes, to look at."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.utils import timezone

from apps.matches.variant_settings import partnership_rules
from apps.ranking.models import Medal, Rating, Standing
from apps.ranking.rules import tournament
from tests.engine.partnership import partnership_registered
from tests.factories import UserFactory
from tests.web.person import (
    OVER,
    PHONE,
    TURN,
    Person,
    confirm,
    open_chat,
    person,
    serious_violations,
)

# how many of the person's moves (or waits on the page) a walk to a screen may take: counted,
# not timed, so a busy machine only makes it slower (each wait has Playwright's own timeout)
ROUNDS = 200

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 768}}
HANDS_DONE = "[...window.snapszer.client.deals.values()].filter((deal) => deal.result).length"


class Scans:
    """Every screen scanned, and what axe found on it, by screen and size."""

    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}
        self.screens: list[str] = []

    def __call__(self, who: Person, screen: str) -> None:
        for size, viewport in SIZES.items():
            who.page.set_viewport_size(viewport)
            who.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
            bad = serious_violations(who.page)
            if bad:
                self.found[f"{screen} @ {size}"] = bad
            if os.environ.get("A11Y_SCREENSHOTS"):
                folder = Path(os.environ["A11Y_SCREENSHOTS"])
                folder.mkdir(parents=True, exist_ok=True)
                slug = re.sub(r"[^a-z0-9]+", "-", screen.lower()).strip("-")
                who.page.screenshot(path=str(folder / f"{slug}-{size}.png"), full_page=True)
        who.page.set_viewport_size(PHONE)
        self.screens.append(screen)

    def assert_clean(self, who: Person) -> None:
        assert self.found == {}
        assert who.errors == []


def _play_kati(who: Person, game: str) -> None:
    kati = who.page.get_by_role("region", name=re.compile("Játék Kati ellen|Play Kati"))
    kati.get_by_label("Játékváltozat", exact=True).select_option(game)
    who.button("Játék Kati ellen").click()
    who.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))


def _hands_done(who: Person) -> int:
    return int(who.page.evaluate(HANDS_DONE))


def _play_until_a_deal_ends(who: Person, limit: int = 60) -> None:
    rounds = 0  # counted, not timed: each round is one move or one wait on the page
    while _hands_done(who) < 1:
        rounds += 1
        assert rounds <= limit, f"no deal ended within {limit} moves"
        who.wait_for(f"{TURN}, .deal-results [data-fair], {OVER}")
        if who.page.locator(TURN).count() and _hands_done(who) < 1:
            if who.page.locator(".card-button.legal").count():
                who.play_a_card()
            elif who.button("Számoljunk").count():  # sixty-six: every card played
                who.button("Számoljunk").click()
                who.page.wait_for_timeout(200)
    who.page.locator(".deal-results").wait_for()


def test_the_home_pages_forms_join_page_and_leaderboard(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    scan = Scans()
    # a visitor (nobody is made a guest by opening the page): the sign-up and log-in forms
    anna = person(chromium)
    anna.goto(club_server)
    anna.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()
    anna.page.locator("form.login").wait_for()
    anna.page.locator("form.signup").wait_for()
    scan(anna, "home, visitor (sign-up and log-in forms)")

    # a room's join link, opened by a guest: log in or sign up there
    host = make_player(display_name="Béla")
    room = host.client.post("/api/v1/rooms/", {"variant": "klub"}, format="json").json()
    anna.goto(club_server, urlsplit(room["invite"]["join_url"]).path)
    anna.page.get_by_role("heading", level=1).wait_for()
    scan(anna, "join page")

    # a member's home page, and the host's waiting room
    bela = person(chromium)
    club_server.sign_in(bela.context, host.token)
    bela.goto(club_server)
    bela.page.get_by_text("Egyenleg: 1000 érme").wait_for()
    scan(bela, "home, member")
    bela.goto(club_server, "/account/")
    bela.page.locator("section.account-delete").wait_for()
    scan(bela, "account page, member")
    anna.goto(club_server, "/account/password/reset")
    anna.page.locator("form.forgot").wait_for()
    scan(anna, "forgotten password")
    bela.goto(club_server, f"/m/{room['id']}/")
    bela.page.locator(".waiting").wait_for()
    scan(bela, "waiting room")

    # the leaderboard, with provisional ratings and medals to show
    year, month = tournament.previous_month(*tournament.month_of(timezone.now()))
    reached = tournament.month_start(year, month) + timedelta(days=3)
    for i in range(4):
        user = UserFactory(display_name=f"Játékos {i}")
        Rating.objects.create(user=user, rating=1600 - 10 * i, matches=5 + 10 * i)
        Rating.objects.create(user=user, variant="sixty-six", rating=1500 + i, matches=3)
        Standing.objects.create(
            user=user, year=year, month=month, points=30 - i, wins=5, losses=i,
            elo_gain=20 - i, reached_at=reached,
        )  # fmt: skip
        if i < 3:
            Medal.objects.create(
                user=user, year=year, month=month, rank=i + 1, points=30 - i,
                awarded_at=timezone.now(),
            )  # fmt: skip
    for path in (
        "/leaderboard/",
        "/leaderboard/sixty-six/",
        f"/leaderboard/klub/{year}/{month}/",
        f"/leaderboard/sixty-six/{year}/{month}/",
    ):
        anna.goto(club_server, path)
        anna.page.locator("h1").wait_for()
        scan(anna, f"leaderboard {path}")
    assert anna.page.locator(".provisional").count() == 0  # (the month pages show none)
    anna.goto(club_server, "/leaderboard/")
    assert anna.page.locator(".provisional").count() >= 1
    scan.assert_clean(anna)
    assert bela.errors == []


@pytest.mark.parametrize("game", ["klub", "sixty-six"])
def test_a_two_seat_table_from_play_to_the_matchs_end(
    chromium: Any, club_server: Any, game: str
) -> None:
    scan = Scans()
    anna = person(chromium)
    anna.goto(club_server)
    _play_kati(anna, game)
    anna.wait_for(TURN)
    scan(anna, f"{game}: my turn")
    anna.play_a_card()
    anna.wait_for(TURN)
    anna.page.get_by_role("button", name=re.compile("utolsó ütés", re.I)).first.click()
    scan(anna, f"{game}: play, the last trick open")
    _play_until_a_deal_ends(anna)
    scan(anna, f"{game}: a deal's end")
    anna.wait_for(TURN)
    confirm(anna, re.compile("^Feladom a meccset|^Feladás"))
    anna.wait_for(OVER)
    scan(anna, f"{game}: the match's end")
    scan.assert_clean(anna)


@pytest.fixture
def slow_doubling(settings: Any) -> Iterator[None]:
    """The product's partnership with a doubling window long enough to scan it."""
    settings.PARTNERSHIP_DOUBLING_SECONDS = 12
    with partnership_registered(partnership_rules()):
        yield


def test_the_partnership_table_bidding_doubling_play_and_the_end(
    slow_doubling: None, chromium: Any, club_server: Any
) -> None:
    scan = Scans()
    anna = person(chromium)
    anna.goto(club_server)
    _play_kati(anna, "partnership")
    anna.page.locator(".four-seat").wait_for()
    seen: set[str] = set()
    rounds = 0  # counted, not timed: each round is one move or one wait on the page
    while not {"bidding", "doubling", "play", "hand end"} <= seen:
        rounds += 1
        assert rounds <= ROUNDS, f"not every partnership screen came within {ROUNDS} moves: {seen}"
        anna.wait_for(f"{TURN}, .doubling-box button, .deal-results [data-fair]")
        page = anna.page
        if _hands_done(anna) and "hand end" not in seen:
            scan(anna, "partnership: a hand's end")
            seen.add("hand end")
        screen = anna.screen()
        if screen == "bidding":
            if "bidding" not in seen:
                scan(anna, "partnership: bidding")
                seen.add("bidding")
            # pass while no doubling was seen (a Kati's bid offers Anna the Kontra), then bid
            cards = page.locator(".bid-card:not([disabled])")
            if "doubling" in seen and cards.count():
                cards.first.click()
                page.locator(".bid-make").click()
            else:
                page.locator(".bidding-box .pass").click()
        elif screen == "doubling":
            if "doubling" not in seen:
                scan(anna, "partnership: the doubling window")
                seen.add("doubling")
            page.locator(".doubling-box .doubling-no_double").click()
        elif screen == "play":
            if "play" not in seen:
                scan(anna, "partnership: play")
                seen.add("play")
            anna.play_a_card()
        page.wait_for_timeout(100)
    anna.wait_for(TURN)
    confirm(anna, re.compile("^Feladom|^Feladás"))
    anna.wait_for(OVER)
    scan(anna, "partnership: the game's end")
    scan.assert_clean(anna)


def test_a_friends_table_with_the_chat_block_and_report_open(
    chromium: Any, club_server: Any, make_player: Any
) -> None:
    scan = Scans()
    host, friend = make_player(display_name="Béla"), make_player(display_name="Cili")
    room = host.client.post("/api/v1/rooms/", {"variant": "klub"}, format="json").json()
    joined = friend.client.post(
        "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
    )
    assert joined.status_code == 200, joined.content
    cili = person(chromium)
    club_server.sign_in(cili.context, friend.token)
    cili.goto(club_server, f"/m/{room['id']}/")
    open_chat(cili)
    chat = cili.page.get_by_label("Üzenet (max. 500 karakter)")
    chat.fill("Szia, jó játékot!")
    chat.press("Enter")
    cili.page.locator(".messages li").first.wait_for()
    scan(cili, "friends' table, chat open")
    cili.button("Letiltás: Béla").click()
    cili.page.get_by_role("alertdialog").wait_for()
    scan(cili, "friends' table, the block question")
    cili.page.get_by_role("alertdialog").get_by_role("button", name="Mégse").click()
    cili.button("Jelentés: Béla").click()
    cili.page.locator("form.report").wait_for()
    scan(cili, "friends' table, the report form")
    scan.assert_clean(cili)
