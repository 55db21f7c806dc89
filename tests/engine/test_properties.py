"""Property tests: random legal matches from random decks never break the rules' invariants.

Each example plays a whole match (several deals, with exchanges, closes, surrenders,
resignations) and checks after every command: the cards are all there exactly once, card points
are conserved, the codec round-trips every event, ``replay`` equals the live state, illegal
commands are refused with the right code, and no seat's view or event feed shows a hidden card.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.matches.engine import (
    DECK_20,
    INITIAL,
    Abandon,
    Card,
    CloseTalon,
    Command,
    Event,
    ExchangeTrump,
    Leave,
    MatchState,
    PlayCard,
    Resign,
    RuleViolation,
    StartMatch,
    Surrender,
    TechnicalLoss,
    decide,
    evolve,
    from_json,
    legal_actions,
    redact_event,
    replay,
    to_json,
    view_for,
)
from apps.matches.engine.events import DealEnded, DealStarted, MatchEnded
from apps.matches.engine.variants.klub.events import TrumpExchanged
from apps.matches.engine.variants.klub.state import KlubDeal
from apps.matches.simulation import random_action
from tests.sizes import size

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


# --- an independent oracle for the codes of refused commands (2 seats, klub) ----------------


def expected_refusal(state: MatchState, command: Command) -> str | None:
    """The code the rules give for refusing ``command``, or None if it must be accepted."""
    if state.finished:
        return "match_over"
    deal = state.deal
    assert deal is not None
    seat = getattr(command, "seat", None)
    if isinstance(command, Resign | TechnicalLoss | Abandon):
        return None
    if isinstance(command, Leave):
        if deal.over or (not deal.tricks and not deal.table):
            return None
        return "deal_in_progress"
    if deal.over:
        return "deal_over"
    if isinstance(command, Surrender):
        return None if command.confirm else "confirmation_required"
    assert seat is not None
    if deal.turn != seat:
        return "not_your_turn"
    hand = deal.hands[seat]
    if isinstance(command, ExchangeTrump | CloseTalon):
        if deal.table:
            return "not_leading"
        if deal.closed_by is not None:
            return "talon_closed"
        if not deal.talon:
            return "talon_exhausted"
        jack = next((c for c in hand if c.suit == deal.trump and c.rank == "U"), None)
        if isinstance(command, ExchangeTrump) and jack is None:
            return "exchange_not_allowed"
        return None
    assert isinstance(command, PlayCard)
    card = command.card
    if card not in hand:
        return "card_not_in_hand"
    strict = deal.closed_by is not None or not deal.talon
    if not deal.table or not strict:
        return None
    led = deal.table[0]
    follow = [c for c in hand if c.suit == led.suit]
    if follow:
        if card.suit != led.suit:
            return "must_follow_suit"
        if card.order < led.order and any(c.order > led.order for c in follow):
            return "must_beat"
        return None
    if any(c.suit == deal.trump for c in hand) and card.suit != deal.trump:
        return "must_trump"
    return None


def probe_commands(rng: random.Random, seats: int) -> list[Command]:
    """A handful of arbitrary commands, mostly nonsense, to throw at a state."""
    seat = rng.randrange(seats)
    return [
        PlayCard(seat, rng.choice(DECK_20)),
        PlayCard(1 - seat, rng.choice(DECK_20)),
        rng.choice([ExchangeTrump(seat), CloseTalon(seat), Surrender(seat, confirm=False)]),
        rng.choice([Leave(seat), Surrender(seat, confirm=True)]),
    ]


# --- invariants ----------------------------------------------------------------------------


def assert_cards_conserved(deal: KlubDeal) -> None:
    """20 distinct cards across hands, talon, trump card, table and captured tricks."""
    trump_in_talon = () if deal.trump_card_taken else (deal.trump_card,)
    every = [
        *(c for hand in deal.hands for c in hand),
        *deal.talon,
        *trump_in_talon,
        *deal.table,
        *(c for won in deal.won for c in won),
    ]
    assert len(every) == 20
    assert set(every) == set(DECK_20)
    assert sum(deal.card_points) + sum(c.points for c in every if not _captured(deal, c)) == 120


def _captured(deal: KlubDeal, card: Card) -> bool:
    return any(card in won for won in deal.won)


def hidden_from(deal: KlubDeal, seat: int, public: set[Card]) -> set[Card]:
    """Cards ``seat`` must not see: the other hands and the undrawn talon, less public cards."""
    hidden = set(deal.talon)
    for other, hand in enumerate(deal.hands):
        if other != seat:
            hidden.update(hand)
    return hidden - public


def assert_not_shown(payload: object, hidden: set[Card]) -> None:
    text = json.dumps(payload)
    leaked = [c.code for c in hidden if f'"{c.code}"' in text]
    assert not leaked, f"hidden cards {leaked} shown in {text}"


# --- the driver ----------------------------------------------------------------------------


def play_match(seed: int, *, give_up_rate: float) -> tuple[MatchState, list[Event]]:
    rng = random.Random(seed)
    state = INITIAL
    log: list[Event] = []
    public: set[Card] = set()  # cards that lay face up as the trump card this deal

    def apply(events: list[Event]) -> None:
        nonlocal state
        for event in events:
            state = evolve(state, event)
            assert from_json(json.loads(json.dumps(to_json(event)))) == event
            if isinstance(event, DealStarted):
                public.clear()
                public.add(state.deal.trump_card)  # type: ignore[union-attr]
            if isinstance(event, TrumpExchanged):
                public.add(event.card)
        log.extend(events)

    apply(decide(state, StartMatch("klub", first_dealer=rng.randrange(2))))
    while not state.finished:
        if state.deal is not None and not state.deal.over:
            for probe in probe_commands(rng, state.seats):
                check_refusal(state, probe)
        command = random_action(state, rng, give_up_rate=give_up_rate)
        before = len(log)
        apply(decide(state, command))
        batch = log[before:]
        deal = state.deal
        assert deal is not None
        assert_cards_conserved(deal)
        if not deal.over:
            for seat in range(state.seats):
                hidden = hidden_from(deal, seat, public)
                assert_not_shown(view_for(state, seat), hidden)
                variant = state.variant
                assert variant is not None
                feed = [redact_event(e, seat=seat, variant=variant) for e in batch]
                assert_not_shown(feed, hidden)
        if any(isinstance(e, DealEnded) for e in batch):
            assert_deal_end(deal)
            assert replay(log) == state
    assert isinstance(log[-1], MatchEnded)
    return state, log


def check_refusal(state: MatchState, command: Command) -> None:
    """``decide`` accepts exactly the listed legal actions; refusals carry the oracle's code."""
    expected = expected_refusal(state, command)
    seat = getattr(command, "seat", 0)
    listed = command in legal_actions(state, seat)
    try:
        decide(state, command)
    except RuleViolation as refusal:
        assert refusal.code == expected, (command, refusal.code, expected)
        assert not listed, command
    else:
        assert expected is None, (command, expected)
        assert listed, command


def assert_deal_end(deal: KlubDeal) -> None:
    result = deal.result
    assert result is not None
    assert result.game_points in ((0,) if result.reason == "match_ended" else (1, 2, 3))
    assert result.deck == deal.deck and result.salt == deal.salt
    fully_played = not any(deal.hands) and not deal.talon and deal.trump_card_taken
    if fully_played:
        assert sum(deal.card_points) == 120


@pytest.mark.slow
@settings(max_examples=size(150, 1200), deadline=None)
@given(seed=SEEDS)
def test_random_matches_keep_every_invariant(seed: int) -> None:
    state, log = play_match(seed, give_up_rate=0.0)
    assert state.result is not None
    assert state.result.reason == "points"
    assert max(state.scores) >= 7 and min(state.scores) < 7
    assert replay(log) == state


@settings(max_examples=size(60, 400), deadline=None)
@given(seed=SEEDS)
def test_random_matches_with_surrenders_and_resignations(seed: int) -> None:
    state, log = play_match(seed, give_up_rate=0.03)
    assert state.result is not None
    assert state.result.reason in ("points", "resigned", "left")
    assert replay(log) == state


@settings(max_examples=size(50, 300), deadline=None)
@given(seed=SEEDS, cut=st.floats(min_value=0, max_value=1))
def test_replay_of_any_prefix_equals_the_state_then(seed: int, cut: float) -> None:
    """Folding the first n events gives exactly the state the live match had after them."""
    _, log = play_match(seed, give_up_rate=0.0)
    n = int(cut * len(log))
    live = INITIAL
    for event in log[:n]:
        live = evolve(live, event)
    assert replay(log[:n]) == live
    assert replay(log[n:], replay(log[:n])) == replay(log)
