"""Random positions on the engine, and the bot's input for a seat (view plus history)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from apps.bots.bitgame import BitGame
from apps.bots.cardbits import INDEX, mask
from apps.matches.engine import (
    INITIAL,
    MatchState,
    StartMatch,
    decide,
    history_for,
    replay,
    view_for,
)
from apps.matches.engine.commands import CloseTalon, ExchangeTrump, PlayCard
from apps.matches.engine.legal import legal_actions
from apps.matches.simulation import deal_command


def new_deal(rng: random.Random) -> MatchState:
    state = replay(decide(INITIAL, StartMatch("klub", rng.randrange(2))))
    return replay(decide(state, deal_command(state, rng)), state)


def bot_view(state: MatchState, seat: int) -> dict[str, Any]:
    """What the service hands the bot: the seat's view plus the deal's public history."""
    return {**view_for(state, seat), "history": history_for(state, seat)}


def random_step(state: MatchState, rng: random.Random, close_rate: float = 0.1) -> MatchState:
    """One random exchange, close or card for the seat on turn (closes are rare)."""
    assert state.deal is not None
    actions = [
        a
        for a in legal_actions(state, state.deal.turn)
        if isinstance(a, PlayCard | ExchangeTrump | CloseTalon)
    ]
    plays = [a for a in actions if isinstance(a, PlayCard)]
    others = [a for a in actions if not isinstance(a, PlayCard)]
    action = rng.choice(others) if others and rng.random() < close_rate else rng.choice(plays)
    return replay(decide(state, action), state)


def random_positions(rng: random.Random, deals: int) -> Iterator[MatchState]:
    """Every position (deal running) of ``deals`` random deals."""
    for _ in range(deals):
        state = new_deal(rng)
        close_rate = rng.choice((0.0, 0.1, 0.3))
        while not state.deal.over:  # type: ignore[union-attr]
            yield state
            state = random_step(state, rng, close_rate)


def minimax(g: BitGame, seat: int, *, strict: Callable[[BitGame, int], int] | None = None) -> int:
    """Plain minimax over ``BitGame``: the value of ``g`` for ``seat``. With ``strict``, that
    function values the positions where the talon is exhausted or closed."""
    if g.result is not None:
        return g.value(seat)
    if strict is not None and g.strict:
        return strict(g, seat)
    values = []
    for a in g.actions():
        h = g.clone()
        h.apply(a)
        values.append(minimax(h, seat, strict=strict))
    return max(values) if g.turn == seat else min(values)


def endgame(hand0: str, hand1: str, **kw: object) -> BitGame:
    """Trump M, the talon exhausted, seat 0 to lead unless told otherwise."""
    return BitGame(
        [mask(hand0.split()), mask(hand1.split())],
        [],
        INDEX["MU"],
        kw.pop("leader", 0),  # type: ignore[arg-type]
        trump_taken=True,
        **kw,  # type: ignore[arg-type]
    )
