"""Random legal play on the engine, for property tests and benchmarks.

Pure like the engine, except that it takes a ``random.Random`` to draw from: the dice live
here, never in the rules.
"""

from __future__ import annotations

import random

from apps.matches.engine import (
    VARIANTS,
    Card,
    Command,
    DealCards,
    Leave,
    MatchState,
    PlayCard,
    Resign,
    Surrender,
    legal_actions,
)


def random_deck(rng: random.Random, variant: str = "klub") -> tuple[Card, ...]:
    deck = list(VARIANTS[variant].deck)
    rng.shuffle(deck)
    return tuple(deck)


def random_salt(rng: random.Random) -> str:
    return f"{rng.getrandbits(128):032x}"


def deal_command(state: MatchState, rng: random.Random) -> DealCards:
    assert state.variant is not None
    return DealCards(random_deck(rng, state.variant.name), random_salt(rng))


def random_action(state: MatchState, rng: random.Random, *, give_up_rate: float = 0.0) -> Command:
    """A random legal command for the seat to move (dealing when a deal is due).

    Plays, exchanges and closes are drawn uniformly; with probability ``give_up_rate`` one of
    the seats instead surrenders, leaves or resigns, when that is legal.
    """
    if state.awaiting_deal:
        return deal_command(state, rng)
    assert state.deal is not None
    if give_up_rate and rng.random() < give_up_rate:
        seat = rng.randrange(state.seats)
        quits = [a for a in legal_actions(state, seat) if isinstance(a, Surrender | Leave | Resign)]
        return rng.choice(quits)
    moves = [
        a
        for a in legal_actions(state, _actor(state, rng))
        if not isinstance(a, Surrender | Leave | Resign)
    ]
    return rng.choice(moves)


def _actor(state: MatchState, rng: random.Random) -> int:
    """The seat that may act now, or one of them at random when several may."""
    assert state.variant is not None
    actors = state.variant.actors(state)
    return actors[0] if len(actors) == 1 else rng.choice(actors)


def random_play(state: MatchState, rng: random.Random) -> PlayCard:
    """A uniformly random legal card for the seat to move (no exchange, no close)."""
    assert state.deal is not None
    moves = [a for a in legal_actions(state, _actor(state, rng)) if isinstance(a, PlayCard)]
    return rng.choice(moves)
