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
from apps.matches.engine.events import DealEnded
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


def played_hand(rng: random.Random, level: str = "club") -> tuple[MatchState, list[Event]]:
    """A first ``partnership`` hand played to its end by four Katis of ``level``, dealt until
    one is called (an all-pass hand is dealt again): the match's state before the called
    hand and its events, ``deal_started`` to ``deal_ended``. The clock moves a millisecond a
    decision (no doubling window runs out) and jumps a shown hand's seconds."""
    from datetime import UTC, datetime, timedelta  # noqa: PLC0415

    now = datetime(2026, 1, 1, tzinfo=UTC)
    state = replay(decide(INITIAL, StartMatch("partnership", rng.randrange(4))))
    while True:
        before = state
        events = list(decide(state, deal_command(state, rng)))
        state = replay(events, state)
        while not state.deal.over:  # type: ignore[union-attr]
            assert state.variant is not None
            now += timedelta(milliseconds=1)
            actors = state.variant.actors(state)
            if actors:
                view = {**view_for(state, actors[0]), "history": history_for(state, actors[0])}
                action = choose_action(
                    view, variant="partnership", level=level, rng=rng, budget=0.05
                )
                commands = [command_from_json(action, seat=actors[0])]
            else:  # a shown hand waits out its seconds
                now = state.deal.deadline  # type: ignore[union-attr]
                commands = state.variant.due_commands(state, now)
            for command in commands:
                batch = list(decide(state, command, now=now))
                events += batch
                state = replay(batch, state)
        if state.deal.caller is not None:  # type: ignore[union-attr]
            # up to the hand's end, as the worker reads a deal (``analysis.deal_events``): a
            # first hand can end the match too, and ``match_ended`` comes after it
            end = max(i for i, e in enumerate(events) if isinstance(e, DealEnded))
            return before, events[: end + 1]
