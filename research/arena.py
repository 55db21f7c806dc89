"""Deals between two players on the real engine, for the tournament bench (``bench/bots.py``)
and the research benches.

Each decision goes through the same path as in a match: the seat's ``view_for`` plus
``history_for``, the player's answer decoded by ``command_from_json`` and checked by ``decide``.
An answer that is not among the view's legal actions, or that the engine refuses, is counted as
illegal and replaced by the first legal card, so a tournament always finishes. In sixty-six a
seat the deal does not wait for is asked too when it should say "enough" right after leading a
marriage card (``declaring.declaration_due``), as the service asks Kati.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from apps.bots.declaring import declaration_due
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


@dataclass
class DealOutcome:
    winner: int | None  # None: a sixty-six draw (60:60), no game points
    game_points: int
    reason: str
    seconds: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    illegal: int = 0


def bot_view(state: MatchState, seat: int) -> dict[str, Any]:
    """The bot's input: the seat's view and the deal's public history."""
    return {**view_for(state, seat), "history": history_for(state, seat)}


def start_deal(deck: tuple[Card, ...], dealer: int, variant: str = "klub") -> MatchState:
    state = replay(decide(INITIAL, StartMatch(variant, dealer)))
    return replay(decide(state, DealCards(deck, SALT)), state)


def play_deal(
    deck: tuple[Card, ...],
    dealer: int,
    players: tuple[Player, Player],
    rngs: tuple[random.Random, random.Random],
    *,
    budget: float = 0.5,
    observe: Callable[[MatchState], None] | None = None,
    variant: str = "klub",
) -> DealOutcome:
    """Play one deal from ``deck``; ``players[s]`` sits at seat ``s``. ``observe``, if given,
    sees the whole state before each decision: only the research benches use it (the ceiling
    bench's reference players, which are allowed to cheat, and the value flow)."""
    state = start_deal(deck, dealer, variant)
    seconds: tuple[list[float], list[float]] = ([], [])
    illegal = 0
    while True:
        deal = state.deal
        assert deal is not None
        if deal.over:
            break
        seat = deal.turn
        if declaration_due(bot_view(state, 1 - seat), variant):
            seat = 1 - seat  # its word right after its marriage lead
        if observe is not None:
            observe(state)
        view = bot_view(state, seat)
        start = time.perf_counter()
        action = players[seat](view, rngs[seat], budget)
        seconds[seat].append(time.perf_counter() - start)
        if action not in view["legal_actions"]:
            illegal += 1
            action = _fallback(view)
        try:
            events = decide(state, command_from_json(action, seat=seat))
        except RuleViolation:
            illegal += 1
            fallback = _fallback(view)
            events = decide(state, command_from_json(fallback, seat=seat))
        state = replay(events, state)
    assert state.deal is not None and state.deal.result is not None
    result = state.deal.result
    assert result.winner is not None or variant != "klub"
    return DealOutcome(result.winner, result.game_points, result.reason, seconds, illegal)


def _fallback(view: dict[str, Any]) -> dict[str, Any]:
    """The first legal card (after sixty-six's last trick: the count)."""
    kinds = ("play_card", "let_count")
    return next(a for a in view["legal_actions"] if a["type"] in kinds)
