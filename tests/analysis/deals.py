"""Finished deals for the analysis tests and bench: played on the engine by two of Kati's
levels (or at random), recorded as the events the store would hold."""

from __future__ import annotations

import random

from apps.bots.levels import choose_action
from apps.matches.engine import (
    INITIAL,
    Event,
    MatchState,
    StartMatch,
    command_from_json,
    decide,
    history_for,
    replay,
    view_for,
)
from apps.matches.simulation import deal_command


def played_deal(
    rng: random.Random, variant: str, levels: tuple[str, str] = ("expert", "club")
) -> tuple[MatchState, list[Event]]:
    """A first deal played to its end between ``levels`` (seat 0, seat 1): the match's state
    before it and the deal's events, ``deal_started`` to ``deal_ended``."""
    before = replay(decide(INITIAL, StartMatch(variant, rng.randrange(2))))
    events = list(decide(before, deal_command(before, rng)))
    state = replay(events, before)
    while not state.deal.over:  # type: ignore[union-attr]
        assert state.variant is not None
        seat = next(s for s in (0, 1) if s in state.variant.actors(state))
        view = {**view_for(state, seat), "history": history_for(state, seat)}
        action = choose_action(view, variant=variant, level=levels[seat], rng=rng, budget=0.05)
        batch = list(decide(state, command_from_json(action, seat=seat)))
        events += batch
        state = replay(batch, state)
    return before, events


def replayed_deal(
    variant: str, dealer: int, deck: str, moves: list[tuple[int, str]]
) -> tuple[MatchState, list[Event]]:
    """The first deal dealt from ``deck`` (card codes, space separated) by ``dealer``, played
    by ``moves``: (seat, a card code, ``close``, ``exchange``, ``surrender``)."""
    from apps.matches.engine import DealCards, card  # noqa: PLC0415

    before = replay(decide(INITIAL, StartMatch(variant, dealer)))
    deal = DealCards(tuple(card(c) for c in deck.split()), "0" * 32)
    events = list(decide(before, deal))
    state = replay(events, before)
    kinds = {"close": "close_talon", "exchange": "exchange_trump"}
    for seat, move in moves:
        if move in kinds:
            action = {"type": kinds[move]}
        elif move == "surrender":
            action = {"type": "surrender", "confirm": True}
        else:
            action = {"type": "play_card", "card": move}
        batch = list(decide(state, command_from_json(action, seat=seat)))
        events += batch
        state = replay(batch, state)
    assert state.deal is not None and state.deal.over
    return before, events
