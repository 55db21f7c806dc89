"""Partnership (four players, bidding, a secret partner) from the browser: a guest plays hands
against three Katis at phone size from the home page, bidding, letting or saying the doublings,
playing, and resigns after the third hand, which ends the game; four people play a hand
together from one invite link, and any of the other three can be reported or blocked by name.
Nothing hidden reaches any page: no card of another hand, and no partner
before it is public (``tests/web/hidden.py``)."""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from apps.chat.models import Block
from apps.matches import event_store, follow_ups, services
from apps.matches.engine import Command, DealCards, MatchState
from apps.matches.models import Match
from apps.matches.variant_settings import partnership_rules
from apps.moderation.models import Report
from tests.conftest import Player
from tests.engine.partnership import partnership_registered
from tests.matches.helpers import act, create_computer_match, fetch
from tests.web.hidden import Recorder, assert_dom_shows_no_hidden_cards, assert_no_hidden_cards
from tests.web.person import (
    DESKTOP,
    OVER,
    PHONE,
    TURN,
    Person,
    confirm,
    log_in,
    member,
    open_chat,
    person,
    serious_violations,
)

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = 3
DOUBLING_SECONDS = 2  # the operator's doubling window, short for the test
CALLED_BY_ME = (
    "() => [...document.querySelectorAll('.calls li')]"
    ".some((li) => /^Te: (?!Passz)/.test(li.textContent))"
)
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
HANDS_DONE = "[...window.snapszer.client.deals.values()].filter((deal) => deal.result).length"


@pytest.fixture
def short_doubling(settings: Any) -> Iterator[None]:
    """The product's partnership with a short doubling window, as the server forked from this
    process will have it (list it before ``club_server``)."""
    settings.PARTNERSHIP_DOUBLING_SECONDS = DOUBLING_SECONDS
    with partnership_registered(partnership_rules()):
        yield


def hands_done(who: Person) -> int:
    return int(who.page.evaluate(HANDS_DONE))


def take_turn(who: Person, *, bid: bool, double: bool = False) -> str:
    """Whatever the table offers this seat now, as a person would do it: a bid (the first card
    offered, then the Bid button) or a pass; in the doubling window Kontra (with ``double``,
    when offered) or "no double"; else the first card that may be played, tapped twice.
    Returns what was done ("wait" when the table asks nothing yet)."""
    page = who.page
    screen = who.screen()
    if screen == "bidding":
        cards = page.locator(".bid-card:not([disabled])")
        if bid and cards.count():
            cards.first.click()
            page.locator(".bid-make").click()
            return "bid"
        page.locator(".bidding-box .pass").click()
        return "pass"
    if screen == "doubling":
        # every seat offered the choice sees the window's countdown
        assert re.search(r"\d+ (mp|s)", page.locator(".doubling-box .countdown").inner_text())
        kontra = page.locator(".doubling-box .doubling-kontra")
        if double and kontra.count():
            kontra.click()
            return "kontra"
        page.locator(".doubling-box .doubling-no_double").click()
        return "no_double"
    if screen == "play":
        who.play_a_card()
        return "play"
    return "wait"


def test_a_guest_plays_partnership_against_three_katis_on_a_phone(
    short_doubling: None, chromium: Any, club_server: Any
) -> None:
    anna = person(chromium)
    anna.goto(club_server)
    anna.page.get_by_text("Üdv a Snapszer Klubban!").wait_for()
    kati = anna.page.get_by_role("region", name="Játék Kati ellen")
    kati.get_by_label("Játékváltozat", exact=True).select_option("partnership")
    assert not kati.get_by_label("Cél", exact=True).is_visible()  # no target: chips decide
    kati.get_by_label("Kati erőssége").select_option("beginner")
    anna.button("Játék Kati ellen").click()
    anna.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    match_id = anna.match_id()
    anna.page.locator(".four-seat").wait_for()
    seat = anna.seat()

    # three others around the table, each with chips; the pot in the middle
    for pos in ("left", "top", "right"):
        panel = anna.page.locator(f".ring .seat[data-pos={pos}]")
        assert "Kati" in panel.inner_text() and "3000 zseton" in panel.inner_text()
    assert anna.page.locator(".pot").inner_text() == "Kassza: 0"
    assert serious_violations(anna.page) == []

    done: list[str] = []
    deadline = time.monotonic() + 50
    while hands_done(anna) < HANDS:
        assert time.monotonic() < deadline, f"{HANDS} hands not played in time: {done}"
        if not anna.my_turn_or_over():
            break
        first = hands_done(anna) == 0
        if not done:  # the bidding box, as accessible as the rest of the table
            assert anna.page.locator(".bidding-box").count() == 1
            assert serious_violations(anna.page) == []
        done.append(take_turn(anna, bid=first and "bid" not in done, double="kontra" not in done))
        if done[-1] == "kontra":  # said at the table: every seat's contract shows it
            anna.page.locator(".contract").get_by_text(re.compile("Kontra")).wait_for()
        if done[-1] == "bid":
            # the bid is in the list of calls at once
            anna.page.wait_for_function(CALLED_BY_ME)
        assert_dom_shows_no_hidden_cards(anna.page, match_id, seat)
    assert "bid" in done and "play" in done

    # each finished hand says why it ended and who won or lost how many chips
    results = anna.page.locator(".deal-result")
    results.first.wait_for()
    assert re.search(r"(Te|Kati) [+-]?\d+", results.first.inner_text())
    # the hands played so far (the Katis may finish another while this looks: it is left out)
    played = [f".deal-result[data-deal='{n}'] [data-fair]" for n in range(1, HANDS + 1)]
    anna.page.wait_for_function(
        "(sels) => sels.every(s => { const n = document.querySelector(s); "
        "return n && n.dataset.fair !== 'checking'; })",
        arg=played,
    )
    fair = {anna.page.locator(sel).get_attribute("data-fair") for sel in played}
    assert fair == {"verified"}

    # resigning ends the game: every seat's chips as the last hand left them
    anna.wait_for(TURN)
    confirm(anna, "Feladom a meccset")
    end = anna.page.locator(OVER)
    end.wait_for()
    assert "A játék véget ért" in end.inner_text()
    assert re.search(r"Te: \d+ · Kati 2: \d+ · Kati 3: \d+ · Kati 4: \d+", end.inner_text())

    # what was folded matched the server's view (how often it is compared depends on the
    # cards: a hand that ends at its first trick is fetched whole)
    assert anna.fold_mismatches() == []
    assert assert_no_hidden_cards(anna.recorder, match_id, seat) > 0
    assert_dom_shows_no_hidden_cards(anna.page, match_id, seat)
    assert anna.errors == []


def test_four_friends_play_a_hand_from_one_invite_link(
    short_doubling: None, chromium: Any, club_server: Any
) -> None:
    names = ["Béla", "Cili", "Dani", "Emma"]
    users = [member(display_name=name) for name in names]
    people = [person(chromium) for _ in names]
    host, *friends = people

    # Béla opens a partnership room: four seats, his own taken
    host.goto(club_server)
    log_in(host, users[0].email)
    host.page.get_by_text("Szia, Béla!").wait_for()
    room = host.page.get_by_role("region", name="Játék barát ellen")
    room.get_by_label("Játékváltozat", exact=True).select_option("partnership")
    host.button("Szoba nyitása").click()
    host.page.get_by_text("Várakozás a játékosokra…").wait_for()
    seats = host.page.locator(".room-seats li")
    assert seats.count() == 4 and seats.nth(1).inner_text().startswith("Üres hely")
    link = host.page.get_by_label("Meghívó link").input_value()
    # the ranked choice offers the two-seat games only
    host.goto(club_server)
    ranked = host.page.get_by_role("region", name="Rangsorolt játék")
    games = ranked.get_by_label("Játékváltozat", exact=True).locator("option")
    assert "partnership" not in [o.get_attribute("value") for o in games.all()]
    host.page.go_back()
    host.page.get_by_text("Várakozás a játékosokra…").wait_for()

    # the three others open the link, log in there, and sit down in turn
    for friend, user, name in zip(friends, users[1:], names[1:], strict=True):
        friend.goto(club_server, urlsplit(link).path)
        log_in(friend, user.email)
        friend.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
        if name != names[-1]:  # the room still waits: the host sees who sat down
            host.page.locator(".room-seats").get_by_text(name).wait_for()
    match_id = host.match_id()
    for who in people:
        who.page.locator(".four-seat").wait_for()
        assert who.match_id() == match_id
        assert who.page.locator(".card-button").count() == 6
    seat_of = {names[i]: who.seat() for i, who in enumerate(people)}
    assert sorted(seat_of.values()) == [0, 1, 2, 3]
    # each sees the others where they sit: the next seat clockwise on the left
    for i, who in enumerate(people):
        left = names[(seat_of[names[i]] + 1) % 4]
        panel = who.page.locator(".ring .seat[data-pos=left]")
        assert panel.inner_text().startswith(left)

    # one hand: whoever is offered something does it; the first to bid calls a card
    done: list[str] = []
    deadline = time.monotonic() + 50
    while hands_done(host) < 1:
        assert time.monotonic() < deadline, f"the hand did not end in time: {done}"
        for who in people:
            if who.page.locator(TURN).count() and hands_done(host) < 1:
                done.append(take_turn(who, bid="bid" not in done))
        host.page.wait_for_timeout(50)
    assert "bid" in done and "play" in done
    for who in people:
        who.page.locator(".deal-result").first.wait_for()
        assert re.search(
            r"(Te|Béla|Cili|Dani|Emma) [+-]\d+", who.page.locator(".deal-result").first.inner_text()
        )
        assert who.fold_mismatches() == []
        assert assert_no_hidden_cards(who.recorder, match_id, who.seat()) > 0
        assert_dom_shows_no_hidden_cards(who.page, match_id, who.seat())
        assert who.errors == []

    # at four seats each of the other three can be blocked or reported by name: Emma reports
    # and blocks the one listed last (the others' order is the seats')
    emma, emma_user = people[3], users[3]
    others = sorted(names[:3], key=seat_of.__getitem__)
    open_chat(emma)
    for name in others:
        assert emma.button(f"Jelentés: {name}").count() == 1
        assert emma.button(f"Letiltás: {name}").count() == 1
    last = others[-1]
    emma.button(f"Jelentés: {last}").click()
    form = emma.page.locator("form.report")
    assert f"Jelentés: {last}" in form.inner_text()
    emma.page.get_by_label("Kategória").select_option("cheating")
    emma.page.get_by_label("Mi történt?").fill("Túl jól tudta, kinél van a hívott lap.")
    form.get_by_role("button", name="Jelentés").click()
    emma.page.get_by_text("A jelentést elküldtük a moderátoroknak.").wait_for()
    reported = users[names.index(last)]
    report = Report.objects.get()
    assert (report.reporter_id, report.reported_id) == (emma_user.pk, reported.pk)
    confirm(emma, f"Letiltás: {last}")  # a block asks first
    emma.page.get_by_text(f"Letiltottad: {last}.").wait_for()
    assert list(Block.objects.values_list("blocker", "blocked")) == [(emma_user.pk, reported.pk)]


PLAYING = (
    "() => { const deal = window.snapszer.client.view.deal;"
    " return Boolean(deal && deal.phase === 'play' && deal.table.length >= 1); }"
)


@pytest.mark.parametrize(("size", "language"), [("phone", "hu"), ("desktop", "en")])
def test_the_partnership_table_fits_the_screen(
    short_doubling: None,
    chromium: Any,
    club_server: Any,
    tmp_path: Path,
    *,
    size: str,
    language: str,
) -> None:
    """At phone size a guest's game against three Katis; at desktop size a member's room, where
    the host seats Kati at a chosen strength in each empty seat. Both are shown mid-trick, with
    the contract called: nothing scrolls sideways, the whole hand is on screen."""
    viewport = PHONE if size == "phone" else DESKTOP
    who = person(chromium, viewport=viewport, language=language)
    if size == "phone":
        who.goto(club_server)
        kati = who.page.get_by_role("region", name="Játék Kati ellen")
        kati.get_by_label("Játékváltozat", exact=True).select_option("partnership")
        who.button("Játék Kati ellen").click()
    else:
        host = member(display_name="Dóra")
        who.goto(club_server)
        log_in(who, host.email)
        room = who.page.get_by_role("region", name="Play a friend")
        room.get_by_label("Game variant", exact=True).select_option("partnership")
        who.button("Open a room").click()
        for seat, strength in ((1, "club"), (2, "strong"), (3, "expert")):
            empty = who.page.locator(f".room-seats li[data-seat='{seat}']")
            empty.get_by_label("Kati's strength").select_option(strength)
            empty.get_by_role("button", name="Seat Kati here").click()
            if seat < 3:
                taken = who.page.locator(f".room-seats li[data-seat='{seat}']")
                assert taken.get_by_text(re.compile(r"^Kati")).inner_text() != ""
    who.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    who.page.locator(".four-seat").wait_for()
    if size == "desktop":
        strengths = [p.inner_text() for p in who.page.locator(".ring .seat .seat-name").all()]
        assert strengths == ["Kati 2 (Club player)", "Kati 3 (Strong)", "Kati 4 (Expert)"]

    # on their turn in a trick already led (the table waits for them while the picture is taken)
    done: list[str] = []
    deadline = time.monotonic() + 40
    while not (who.page.locator(TURN).count() and who.page.evaluate(PLAYING)):
        assert time.monotonic() < deadline, "no trick under way in time"
        if who.page.locator(TURN).count():
            done.append(take_turn(who, bid="bid" not in done))
        who.page.wait_for_timeout(50)
    who.page.locator(".called-card").wait_for()
    assert who.page.evaluate(OVERFLOW) <= 0
    width = viewport["width"]
    for card in who.page.locator(".card-button").all():
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    folder = Path(os.environ.get("CLIENT_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    who.page.screenshot(path=str(folder / f"partnership-{size}-{language}.png"), full_page=True)
    assert_dom_shows_no_hidden_cards(who.page, who.match_id(), who.seat())
    assert who.errors == []


def test_the_checker_catches_a_partner_named_before_it_is_public(make_player: Any) -> None:
    """The hidden-information check itself: the person calls a card it does not hold, and
    while the partner is secret a view naming the holder (or an event revealing it early) is
    caught, while the view the server really sent passes."""
    player = make_player(guest=True)
    for _ in range(5):  # Kati may outbid the person and call the person's own card: again
        match = _called_by_someone_else_s_card(player)
        if match["view"]["deal"]["partner"] is None:
            break
    seat = match["your_seat"]
    view = match["view"]
    deal = view["deal"]
    assert deal["caller"] is not None and deal["partner"] is None  # a secret to this seat
    holder = event_store.state_load(Match.objects.get(pk=match["id"])).deal.holder
    assert holder is not None and holder != seat
    url = f"/api/v1/matches/{match['id']}/"

    honest = Recorder()
    honest.add_http(url, match)
    assert assert_no_hidden_cards(honest, match["id"], seat) > 0

    early = Recorder()
    early.add_http(url, {**match, "view": {**view, "deal": {**deal, "partner": holder}}})
    with pytest.raises(AssertionError, match=f"partner seat {holder}"):
        assert_no_hidden_cards(early, match["id"], seat)

    told = Recorder()
    event = {"type": "partner_revealed", "seat": holder, "how": "trick_won"}
    told.add_ws("/ws/", {"type": "event", "seq": match["version"], "event": event})
    with pytest.raises(AssertionError, match="not public"):
        assert_no_hidden_cards(told, match["id"], seat)


def _called_by_someone_else_s_card(player: Any) -> dict:
    """A partnership game whose bidding is over, the person having bid a card it does not
    hold (or passed when it could not)."""
    match = create_computer_match(player, variant="partnership", strength="beginner")
    for move in range(20):
        match = fetch(player, match["id"])
        view = match["view"]
        if view["deal"]["caller"] is not None:
            return match
        hand = set(view["deal"]["hand"])
        bids = [a for a in view["legal_actions"] if a["type"] == "bid" and a["card"] not in hand]
        action = bids[0] if bids else {"type": "pass"}
        assert act(player, match, action, f"m{move}").status_code == 200
    raise AssertionError("the bidding did not end")


class _HeartsToSeatZero:
    """The shuffles of a game whose first dealer is seat 3 and whose first deck gives seat 0
    (the person, first to bid) all six hearts; later decks are shuffled as usual."""

    def __init__(self) -> None:
        self.rng = random.Random(66)
        self.decks = 0

    def randrange(self, n: int) -> int:
        return 3 % n

    def choice(self, seq: Any) -> Any:
        return self.rng.choice(seq)

    def getrandbits(self, k: int) -> int:
        return self.rng.getrandbits(k)

    def shuffle(self, deck: list[Any]) -> None:
        self.rng.shuffle(deck)
        self.decks += 1
        if self.decks == 1:  # seat 0 = dealer + 1 gets deck[0:3] and deck[12:15]
            hearts = [c for c in deck if c.suit == "P"]
            rest = [c for c in deck if c.suit != "P"]
            deck[:] = hearts[:3] + rest[:9] + hearts[3:] + rest[9:]


@pytest.fixture
def hearts_to_the_person(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stacked shuffles for the server forked after this fixture: the first deal's deck is
    dealt as given (``DealCards``, the old scheme: no seed could stack it), the later ones from
    seeds as usual."""
    stacked = _HeartsToSeatZero()
    monkeypatch.setattr(follow_ups, "rng", stacked)
    monkeypatch.setattr(services, "_rng", stacked)
    seeded = follow_ups.dealing

    def dealing(state: MatchState, people: list[int]) -> Command:
        if state.deals_played or state.variant is None:
            return seeded(state, people)
        deck = list(state.variant.deck)
        stacked.shuffle(deck)
        return DealCards(tuple(deck), "0123456789abcdef")

    monkeypatch.setattr(follow_ups, "dealing", dealing)


def test_a_solo_durchmarsch_claimed_with_every_trump_in_hand(
    short_doubling: None, hearts_to_the_person: None, chromium: Any, club_server: Any
) -> None:
    """With all six hearts a guest bids the highest call there is, a Durchmarsch on the ace of
    hearts (its own card: a solo), and on its first lead shows its cards instead of playing
    them: every seat sees them with the seconds left, then the hand is won, three times its
    value."""
    anna = person(chromium, language="en")
    anna.goto(club_server)
    kati = anna.page.get_by_role("region", name="Play Kati")
    kati.get_by_label("Game variant", exact=True).select_option("partnership")
    anna.button("Play Kati").click()
    anna.page.wait_for_url(re.compile(r"/m/[0-9a-f-]{36}/$"))
    match_id = anna.match_id()
    anna.wait_for(TURN)
    box = anna.page.get_by_role("region", name="Bidding")
    box.get_by_role("button", name="Durchmarsch").click()
    box.get_by_role("button", name="Ace of Hearts").click()
    anna.button("Bid Ace of Hearts, Durchmarsch").click()

    # the doubling window: Anna, the caller, lets any Kontra go; then she leads
    while True:
        anna.wait_for(TURN)
        if not anna.page.locator(".doubling-box button").count():
            break
        take_turn(anna, bid=False)
    contract = anna.page.locator(".contract")
    assert "You play alone (solo)." in contract.inner_text()
    assert "Durchmarsch" in contract.inner_text()
    anna.button("Claim: show my cards, the rest is ours").click()
    claim = anna.page.locator(".claim")
    countdown = r"^You showed your cards: the remaining tricks are yours in [1-5] s$"
    claim.get_by_text(re.compile(countdown)).wait_for()
    assert claim.locator("[data-card]").count() == 6
    result = anna.page.locator(".deal-result").first
    result.wait_for(timeout=15_000)
    # the count and the shuffle's check come with the deal's record, fetched after the end
    for words in ("6 tricks, 120 card points", "Fair shuffle: FAILED"):
        anna.page.locator(".deal-result", has_text=words).first.wait_for()
    said = result.inner_text()
    assert "Claim: the caller's side took the remaining cards" in said
    assert "6 tricks, 120 card points" in said  # the unplayed cards counted as the claim's
    assert re.search(r"You \+\d+", said)
    # the stacked deck was not the one committed to before the match: the page's check says so
    assert "Fair shuffle: FAILED" in said
    assert assert_no_hidden_cards(anna.recorder, match_id, 0) > 0
    assert_dom_shows_no_hidden_cards(anna.page, match_id, 0)
    assert anna.fold_mismatches() == []
    assert anna.errors == []


def test_a_members_profile_counts_its_partnership_games(chromium: Any, club_server: Any) -> None:
    """A member played a partnership game against three Katis and left it (so it is over: no
    person was left at the table): the profile's partnership block counts it, a game lost and
    left, beside the ranked games' blocks."""
    flora = member(display_name="Flóra")
    player = Player(flora)
    match = create_computer_match(player, variant="partnership", strength="beginner")
    assert act(player, match, {"type": "leave"}, "bye").status_code == 200
    assert fetch(player, match["id"])["status"] == "finished"
    who = person(chromium, viewport=DESKTOP)
    who.goto(club_server)
    log_in(who, flora.email)
    block = who.page.get_by_role("region", name=re.compile("^Partnerkereső"))
    block.get_by_text("Játszmák: 1 · Nyert: 0 · Vesztett: 1 · Kiszállt: 1").wait_for()
    assert "Szólók: 0" in block.inner_text() and "Legjobb zárás: 3000" in block.inner_text()
    assert who.page.get_by_role("region", name=re.compile("^Klub")).count() == 1
    assert who.errors == []
