"""The bitmask model of a deal (``apps.bots.bitgame``) against the engine, move by move.

Random deals with random exchanges, closes and plays: after every action both must list the
same legal actions, hold the same hands, points, tricks and talon, and end the deal the same
way (winner and game points).
"""

from __future__ import annotations

import random

import pytest

from apps.bots.bitgame import BitGame, from_deal
from apps.bots.cardbits import CLOSE, CODES, EXCHANGE, INDEX, mask
from apps.matches.engine import (
    CloseTalon,
    Command,
    ExchangeTrump,
    MatchState,
    PlayCard,
    card,
    decide,
    legal_actions,
    replay,
)
from tests.bots.helpers import new_deal


def engine_actions(state: MatchState) -> set[int]:
    assert state.deal is not None
    out = set()
    for a in legal_actions(state, state.deal.turn):
        if isinstance(a, PlayCard):
            out.add(INDEX[a.card.code])
        elif isinstance(a, ExchangeTrump):
            out.add(EXCHANGE)
        elif isinstance(a, CloseTalon):
            out.add(CLOSE)
    return out


def command(action: int, seat: int) -> Command:
    if action == EXCHANGE:
        return ExchangeTrump(seat)
    if action == CLOSE:
        return CloseTalon(seat)
    return PlayCard(seat, card(CODES[action]))


def same(g: BitGame, state: MatchState) -> None:
    deal = state.deal
    assert deal is not None
    for s in (0, 1):
        assert g.hands[s] == mask(c.code for c in deal.hands[s])
        assert g.pts[s] == deal.points(s)
        assert g.tricks[s] == deal.trick_count(s)
    assert g.talon == [INDEX[c.code] for c in deal.talon]
    assert g.trump_card == INDEX[deal.trump_card.code]
    assert g.trump_taken == deal.trump_card_taken
    assert (g.closed_by if g.closed_by >= 0 else None) == deal.closed_by
    if deal.result is None:
        assert g.result is None
        assert g.turn == deal.turn
    else:
        assert g.result == (deal.result.winner, deal.result.game_points)


@pytest.mark.parametrize("seed", range(6))
def test_bitgame_follows_the_engine_on_random_deals(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        state = new_deal(rng)
        g = from_deal(state.deal)  # type: ignore[arg-type]
        while not state.deal.over:  # type: ignore[union-attr]
            assert set(g.actions()) == engine_actions(state)
            same(g, state)
            # play cards most of the time, so that deals reach the strict phase
            choices = g.actions()
            cards_only = [a for a in choices if a < EXCHANGE]
            action = rng.choice(choices if rng.random() < 0.2 else cards_only)
            seat = state.deal.turn  # type: ignore[union-attr]
            state = replay(decide(state, command(action, seat)), state)
            g.apply(action)
        same(g, state)


def test_bitgame_clone_is_independent() -> None:
    state = new_deal(random.Random(1))
    g = from_deal(state.deal)  # type: ignore[arg-type]
    h = g.clone()
    h.apply(h.actions()[0])
    assert g.hands != h.hands or g.led != h.led
    assert from_deal(state.deal).hands == g.hands  # type: ignore[arg-type]
