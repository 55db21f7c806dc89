"""Nothing leaks (issue 27, point 2), as a property: a random ``partnership`` hand is played with
random legal commands; then, for every seat and after every command, the seat's observation is
compared across other layouts of the cards it cannot see that are consistent with what it
legitimately knows. It must be identical.

**The observation** of seat ``s`` after a command: its view (``view_for``, legal actions
included), the history, its redacted feed of the command's events, the seats the deal waits
for (``actors``: who is pushed the doubling choice, and in which order) and the pending
deadline, and the answer to a set of probes — commands ``s`` might try (every doubling word,
cards of its hand with and without a marriage, cards it does not hold, bids, enough, the
claim, leaving) — accepted, or refused with the same code and message. The only field left
out is the deck's ``commitment``: a salted hash of the deck, different for every deck by design,
that says nothing without the salt.

**The layouts** ``s`` cannot rule out: the three other hands permuted, ``s``'s own hand in its
place, under which the same public commands are legal up to now, and in which the called card
lies with the seat the real hand made public as the partner (rules §6) and a shown hand is the
hand shown. The legality of the commands is what the seat legitimately learns from them: a card
played was held, a seat that did not follow or beat could not, a Kontra or Subkontra seat does
not hold the called card, a Rekontra seat is on the caller's side, an announced marriage has its
pair. Commands whose legality must say nothing about the cards (bids, passes, letting a doubling
go, the deadlines) are never refused in a layout the seat cannot rule out: such a refusal is a
leak too. Once the real hand is over everything is public, and the comparison stops.

Layouts are drawn per seat: the cards the others played by some point of the hand pinned to
their players and the rest shuffled, at every trick's end (so that late positions are compared
too), and each with the called card moved to each other seat (so that the holder varies).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.matches.engine import (
    DECK_24,
    INITIAL,
    VARIANTS,
    Card,
    Command,
    DealCards,
    Event,
    Leave,
    MatchState,
    Resign,
    RuleViolation,
    StartMatch,
    decide,
    evolve,
    history_for,
    legal_actions,
    redact_event,
    view_for,
)
from apps.matches.engine.variants.klub.events import CardPlayed, MarriageAnnounced, TrickTaken
from apps.matches.engine.variants.partnership.commands import (
    Bid,
    Kontra,
    NoDouble,
    Pass,
    Play,
    Rekontra,
    ShowCards,
    Subkontra,
)
from apps.matches.engine.variants.partnership.evolve import layout
from apps.matches.engine.variants.partnership.state import PartnershipDeal
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough

from .partnership import PARTNERSHIP, partnership_registered

SEATS = 4
START = datetime(2025, 1, 1, tzinfo=UTC)
STEP = timedelta(seconds=1)
SALT = "5e" * 16
# the commands whose legality may tell the others something about the cards (see above)
INFORMATIVE = (Play, Kontra, Rekontra, Subkontra, DeclareEnough, ShowCards)
DRAWS_PER_PIN = 2  # shuffled layouts per pinning point, before moving the called card
MIN_LAYOUTS_AT_DEAL = 4  # other layouts compared for each seat right after the deal


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with partnership_registered():
        yield


# --- a random hand ---------------------------------------------------------------------------


@dataclass
class Hand:
    """A hand as played: its deal and the commands after it, with the clock of each."""

    dealer: int
    deck: tuple[Card, ...]
    steps: list[tuple[Command, datetime]] = field(default_factory=list)
    states: list[MatchState] = field(default_factory=list)  # after the deal, after each step
    events: list[list[Event]] = field(default_factory=list)  # the deal's, then each step's


def _deal(state: PartnershipDeal | Any) -> PartnershipDeal:
    assert isinstance(state, PartnershipDeal)
    return state


def start(dealer: int, deck: tuple[Card, ...]) -> tuple[MatchState, list[Event]]:
    state = INITIAL
    for event in decide(state, StartMatch(PARTNERSHIP, dealer)):
        state = evolve(state, event)
    events = decide(state, DealCards(deck, SALT), now=START)
    for event in events:
        state = evolve(state, event)
    return state, events


def choose(state: MatchState, rng: random.Random) -> Command:
    """A random legal move by one of the seats the hand waits for, biased so that hands bid
    (at both levels), double, announce marriages, say enough, show their cards and last
    beyond the first trick."""
    rules = VARIANTS[PARTNERSHIP]
    seat = rng.choice(rules.actors(state))
    moves = [a for a in legal_actions(state, seat) if not isinstance(a, Leave | Resign)]
    assert moves, "an actor always has something to do"
    deal = _deal(state.deal)
    if deal.phase == "bidding":
        bids = [m for m in moves if isinstance(m, Bid) and m.durchmarsch == (rng.random() < 0.2)]
        return rng.choice(bids) if bids and rng.random() < 0.45 else Pass(seat)
    for kind, chance in ((ShowCards, 0.8), (DeclareEnough, 0.25)):
        wanted = [m for m in moves if isinstance(m, kind)]
        if wanted and rng.random() < chance:
            return wanted[0]
    marriages = [m for m in moves if isinstance(m, Play) and m.marriage]
    if marriages and rng.random() < 0.6:
        return rng.choice(marriages)
    plays = [m for m in moves if isinstance(m, Play)]
    if plays and rng.random() < 0.7:
        # the caller's side plays high, the opponents duck: the hand goes on, and the
        # partner stays secret for longer
        strength = {m: (m.card.suit == deal.trump, m.card.order) for m in plays}
        pick = max if deal.on_caller_side(seat) else min
        return pick(plays, key=strength.__getitem__)
    return rng.choice(plays or moves)


def play_hand(seed: int) -> Hand:
    rng = random.Random(seed)
    rules = VARIANTS[PARTNERSHIP]
    deck = list(DECK_24)
    rng.shuffle(deck)
    hand = Hand(rng.randrange(SEATS), tuple(deck))
    state, events = start(hand.dealer, hand.deck)
    hand.states.append(state)
    hand.events.append(events)
    now = START
    while state.deal is not None and not state.deal.over:
        now += STEP
        deadline = rules.next_deadline(state)
        if deadline is not None and (not rules.actors(state) or rng.random() < 0.15):
            now = max(now, deadline)  # the deadline runs out, as the service applies it
            command = rules.due_commands(state, now)[0]
        else:
            command = choose(state, rng)
        events = decide(state, command, now=now)
        for event in events:
            state = evolve(state, event)
        hand.steps.append((command, now))
        hand.states.append(state)
        hand.events.append(events)
    return hand


# --- what a seat observes --------------------------------------------------------------------


def _without_commitment(payload: Any) -> Any:
    if isinstance(payload, dict):
        return {k: _without_commitment(v) for k, v in payload.items() if k != "commitment"}
    if isinstance(payload, list):
        return [_without_commitment(v) for v in payload]
    return payload


def probes(hand: Hand, seat: int, rng: random.Random) -> list[Command]:
    """What ``seat`` might try: every word, cards of its hand and others, bids, enough, the
    claim, leaving (the same list in every layout: it names only public or own cards)."""
    own = layout(hand.deck, hand.dealer)[seat]
    named = {c.card for c in _deal(hand.states[-1].deal).calls if c.card is not None}
    others = rng.sample([c for c in DECK_24 if c not in own], 3)
    cards = sorted({*own, *others, *named})
    return [
        Pass(seat),
        *(Bid(seat, c, d) for c in rng.sample(DECK_24, 2) for d in (False, True)),
        Kontra(seat),
        Rekontra(seat),
        Subkontra(seat),
        NoDouble(seat),
        *(Play(seat, c, m) for c in cards for m in (False, True)),
        DeclareEnough(seat),
        ShowCards(seat),
        Leave(seat),
    ]


def observe(
    state: MatchState, events: list[Event], seat: int, tries: list[Command], now: datetime
) -> dict[str, Any]:
    rules = VARIANTS[PARTNERSHIP]
    answers: list[object] = []
    for probe in tries:
        try:
            decide(state, probe, now=now)
        except RuleViolation as refusal:
            answers.append((probe, refusal.code, refusal.message))
        else:
            answers.append((probe, "accepted"))
    deadline = rules.next_deadline(state)
    return {
        "view": _without_commitment(view_for(state, seat, online=True)),
        "history": history_for(state, seat),
        "feed": _without_commitment(
            [redact_event(e, seat=seat, variant=rules, current=state) for e in events]
        ),
        "actors": rules.actors(state),
        "deadline": deadline,
        "due": rules.due_commands(state, now),
        "probes": answers,
    }


# --- the layouts a seat cannot rule out --------------------------------------------------------


def deck_of(hands: list[tuple[Card, ...]], dealer: int) -> tuple[Card, ...]:
    """The deck that deals ``hands`` from ``dealer`` (each hand's cards in its order)."""
    positions = layout(tuple(range(len(DECK_24))), dealer)
    deck: list[Card | None] = [None] * len(DECK_24)
    for seat, places in enumerate(positions):
        for place, c in zip(places, hands[seat], strict=True):
            deck[place] = c
    assert None not in deck
    return tuple(deck)  # type: ignore[arg-type]


def pins(hand: Hand, seat: int) -> list[dict[Card, int]]:
    """Cards whose place ``seat`` will have seen, pinned to their seats: nothing, then what was
    played (or announced, or shown) up to each trick's end and to the hand's end."""
    pinned: dict[Card, int] = {}
    found = [dict(pinned)]
    for (command, _), events, after in zip(
        hand.steps, hand.events[1:], hand.states[1:], strict=True
    ):
        for e in events:
            if isinstance(e, CardPlayed) and e.seat != seat:
                pinned[e.card] = e.seat
            elif isinstance(e, MarriageAnnounced) and e.seat != seat:
                pair = {c for c in DECK_24 if c.suit == e.suit and c.rank in "KO"}
                pinned.update(dict.fromkeys(pair, e.seat))
        shown_by = _deal(after.deal).shown_by
        if isinstance(command, ShowCards) and shown_by is not None and shown_by != seat:
            pinned.update(dict.fromkeys(_deal(after.deal).shown, shown_by))
        if any(isinstance(e, TrickTaken) for e in events):
            found.append(dict(pinned))
    found.append(dict(pinned))
    return found


def layouts(hand: Hand, seat: int, rng: random.Random) -> list[tuple[tuple[Card, ...], ...]]:
    """Other deals of the hand that keep ``seat``'s cards where they are."""
    dealt = layout(hand.deck, hand.dealer)
    others = [o for o in range(SEATS) if o != seat]
    unseen = [c for o in others for c in dealt[o]]
    called = _deal(hand.states[-1].deal).called
    found: set[tuple[tuple[Card, ...], ...]] = set()
    for pinned in pins(hand, seat):
        free = [c for c in unseen if c not in pinned]
        for _ in range(DRAWS_PER_PIN):
            rng.shuffle(free)
            rest = iter(free)
            hands: list[list[Card]] = [[] for _ in range(SEATS)]
            hands[seat] = list(dealt[seat])
            for o in others:
                hands[o] = [c for c, p in pinned.items() if p == o]
                while len(hands[o]) < len(dealt[o]):
                    hands[o].append(next(rest))
            found.add(tuple(tuple(h) for h in hands))
            if called is None or called in dealt[seat] or called in pinned:
                continue
            holder = next(o for o in others if called in hands[o])
            for o in others:
                movable = [c for c in hands[o] if c not in pinned]
                if o == holder or not movable:
                    continue
                swap = rng.choice(movable)
                moved = [list(h) for h in hands]
                moved[holder][moved[holder].index(called)] = swap
                moved[o][moved[o].index(swap)] = called
                found.add(tuple(tuple(h) for h in moved))
    found.discard(dealt)
    return sorted(found, key=lambda hs: [c.code for h in hs for c in h])


# --- the comparison --------------------------------------------------------------------------


@dataclass
class Tally:
    """How many other layouts each check compared against."""

    checks: int = 0
    compared: int = 0
    at_deal: list[int] = field(default_factory=list)  # per seat, right after the deal
    holders: dict[int, set[int]] = field(default_factory=dict)  # per seat, in the window


def knows_otherwise(real: PartnershipDeal, alternative: PartnershipDeal, seat: int) -> bool:
    """Whether what the real hand made public rules the alternative out: the partner, once
    public, holds the called card; a shown hand is the hand shown."""
    if real.partner_public and alternative.holder != real.holder:
        return True
    shown = real.shown_by
    return shown is not None and shown != seat and alternative.hands[shown] != real.hands[shown]


def compare(hand: Hand, seat: int, rng: random.Random, tally: Tally) -> None:
    """``seat``'s observation after every command is the same in every layout it cannot rule
    out (see the module's docstring)."""
    tries = probes(hand, seat, rng)
    times = [START] + [now for _, now in hand.steps]
    ends = [now + STEP for now in times]  # when the probes are tried: before the next command
    real = [
        observe(state, events, seat, tries, end)
        for state, events, end in zip(hand.states, hand.events, ends, strict=True)
    ]
    alive = [0] * len(hand.states)  # layouts compared after each command
    window_holders: set[int] = set()
    for hands in layouts(hand, seat, rng):
        state, events = start(hand.dealer, deck_of([list(h) for h in hands], hand.dealer))
        for index, real_state in enumerate(hand.states):
            if index:
                command, now = hand.steps[index - 1]
                try:
                    events = decide(state, command, now=now)
                except RuleViolation as refusal:
                    assert isinstance(command, INFORMATIVE), (
                        f"seat {seat} cannot rule out {hands}, yet {command} is refused there "
                        f"({refusal.code}): the refusal would tell it about the cards"
                    )
                    break
                for event in events:
                    state = evolve(state, event)
            real_deal = _deal(real_state.deal)
            if real_deal.over or knows_otherwise(real_deal, _deal(state.deal), seat):
                break
            seen = observe(state, events, seat, tries, ends[index])
            assert seen == real[index], leak(hand, seat, hands, index, seen=seen, real=real[index])
            alive[index] += 1
            deal = _deal(state.deal)
            if deal.phase == "doubling" and seat not in (deal.caller, real_deal.holder):
                window_holders.add(deal.holder)  # type: ignore[arg-type]
    compared = [n for n, s in zip(alive, hand.states, strict=True) if not _deal(s.deal).over]
    tally.checks += len(compared)
    tally.compared += sum(compared)
    tally.at_deal.append(alive[0])
    if window_holders:
        tally.holders[seat] = window_holders


def leak(
    hand: Hand,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    index: int,
    *,
    seen: dict[str, Any],
    real: dict[str, Any],
) -> str:
    after = "the deal" if index == 0 else repr(hand.steps[index - 1][0])
    keys = [k for k in real if seen[k] != real[k]]
    detail = {k: (json.dumps(real[k], default=str), json.dumps(seen[k], default=str)) for k in keys}
    return (
        f"seat {seat} tells the real deal {layout(hand.deck, hand.dealer)} from {hands} "
        f"after {after}: {detail}"
    )


# --- the property ----------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_no_seat_can_tell_the_layouts_it_does_not_know_apart(seed: int) -> None:
    hand = play_hand(seed)
    rng = random.Random(seed)
    tally = Tally()
    for seat in range(SEATS):
        compare(hand, seat, rng, tally)
    # the comparison means something: several layouts per seat from the deal on, and, when the
    # doubling window opened, layouts with the called card in different hands for the seats
    # that are neither the caller nor the holder
    assert min(tally.at_deal) >= MIN_LAYOUTS_AT_DEAL, tally
    real = _deal(hand.states[-1].deal)
    if real.holder is not None:  # the bidding ended: the window opened
        for seat in set(range(SEATS)) - {real.caller, real.holder}:
            assert len(tally.holders.get(seat, ())) >= 2, (seat, tally)
