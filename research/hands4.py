"""Hands of ``partnership`` between four players on the real engine, for the tournament bench
(``bench/bots.py --variant partnership``) and Kati's tests.

Each decision goes through the same path as in a match: the seat's ``view_for`` plus
``history_for``, the player's answer decoded by ``command_from_json`` and checked by
``decide``. The seats asked are the variant's actors, first to last (in the doubling window
every seat offered the choice, one after the other, as the service asks its bots); the clock
moves a millisecond per decision, so no doubling deadline runs out while the seats answer,
and jumps past a shown hand's seconds to fire its end (``Rules.due_commands``). An answer
that is not among the view's legal actions, or that the engine refuses, is counted as illegal
and replaced by a pass, a let-go or the first legal card, so a hand always finishes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from apps.matches.engine import (
    INITIAL,
    Card,
    DealCards,
    MatchState,
    RuleViolation,
    StartMatch,
    command_from_json,
    decide,
    history_for,
    replay,
    view_for,
)

Player = Callable[[dict[str, Any], random.Random, float], dict[str, Any]]
SALT = "0123456789abcdef0123456789abcdef"
T0 = datetime(2026, 1, 1, tzinfo=UTC)
STEP = timedelta(milliseconds=1)
SEATS = 4


@dataclass
class HandOutcome:
    changes: tuple[int, ...]  # chips per seat; an all-pass counts as no change (the pot stays)
    reason: str
    caller: int | None
    solo: bool
    doublings: int
    seconds: list[list[float]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    illegal: int = 0
    views: list[dict[str, Any]] = field(default_factory=list)  # with ``keep_views``


def bot_view(state: MatchState, seat: int) -> dict[str, Any]:
    """The bot's input: the seat's view and the hand's public history."""
    return {**view_for(state, seat), "history": history_for(state, seat)}


def start_hand(deck: tuple[Card, ...], dealer: int) -> MatchState:
    state = replay(decide(INITIAL, StartMatch("partnership", dealer)))
    return replay(decide(state, DealCards(deck, SALT)), state)


def play_hand(
    deck: tuple[Card, ...],
    dealer: int,
    players: tuple[Player, ...],
    rngs: tuple[random.Random, ...],
    *,
    budget: float = 0.5,
    keep_views: bool = False,
) -> HandOutcome:
    """Play one hand from ``deck``; ``players[s]`` sits at seat ``s``."""
    state = start_hand(deck, dealer)
    now = T0
    seconds: list[list[float]] = [[] for _ in range(SEATS)]
    illegal = 0
    views: list[dict[str, Any]] = []
    while True:
        deal = state.deal
        assert deal is not None and state.variant is not None
        if deal.over:
            break
        actors = state.variant.actors(state)
        now += STEP
        if not actors:  # a shown hand waits out its seconds
            now = deal.deadline or now  # type: ignore[attr-defined]
            for command in state.variant.due_commands(state, now):
                state = replay(decide(state, command, now=now), state)
            continue
        seat = actors[0]
        view = bot_view(state, seat)
        if keep_views:
            views.append(view)
        start = time.perf_counter()
        action = players[seat](view, rngs[seat], budget)
        seconds[seat].append(time.perf_counter() - start)
        if action not in view["legal_actions"]:
            illegal += 1
            action = fallback(view)
        try:
            events = decide(state, command_from_json(action, seat=seat), now=now)
        except RuleViolation:
            illegal += 1
            events = decide(state, command_from_json(fallback(view), seat=seat), now=now)
        state = replay(events, state)
    deal = state.deal
    settlement = deal.settlement  # type: ignore[attr-defined]
    assert deal is not None and deal.result is not None and settlement is not None
    changes = settlement.changes if settlement.winners else (0,) * SEATS
    return HandOutcome(
        changes=changes,
        reason=deal.result.reason,
        caller=deal.caller,  # type: ignore[attr-defined]
        solo=deal.solo,  # type: ignore[attr-defined]
        doublings=len(deal.doublings),  # type: ignore[attr-defined]
        seconds=seconds,
        illegal=illegal,
        views=views,
    )


def fallback(view: dict[str, Any]) -> dict[str, Any]:
    """Pass, let the doubling go, or the first legal card."""
    for kind in ("pass", "no_double", "play"):
        for a in view["legal_actions"]:
            if a["type"] == kind:
                return a
    raise AssertionError(f"nothing to fall back on: {view['legal_actions']}")
