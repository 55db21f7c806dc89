"""The bitmask model of a deal (``apps.bots.bitgame``) against the engine, move by move.

Random deals with random exchanges, closes and plays: after every action both must list the
same legal actions, hold the same hands, points, tricks and talon, and end the deal the same
way (winner and game points).
"""

from __future__ import annotations

import random

import pytest

from apps.bots.bitgame import from_deal
from apps.bots.cardbits import EXCHANGE
from apps.matches.engine import (
    decide,
    replay,
)
from tests.bots.helpers import engine_actions, engine_command, new_deal, same_deal


@pytest.mark.parametrize("seed", range(6))
def test_bitgame_follows_the_engine_on_random_deals(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        state = new_deal(rng)
        g = from_deal(state.deal)  # type: ignore[arg-type]
        while not state.deal.over:  # type: ignore[union-attr]
            assert set(g.actions()) == engine_actions(state, state.deal.turn)  # type: ignore[union-attr]
            same_deal(g, state)
            # play cards most of the time, so that deals reach the strict phase
            choices = g.actions()
            cards_only = [a for a in choices if a < EXCHANGE]
            action = rng.choice(choices if rng.random() < 0.2 else cards_only)
            seat = state.deal.turn  # type: ignore[union-attr]
            state = replay(decide(state, engine_command(action, seat)), state)
            g.apply(action)
        same_deal(g, state)


def test_bitgame_clone_is_independent() -> None:
    state = new_deal(random.Random(1))
    g = from_deal(state.deal)  # type: ignore[arg-type]
    h = g.clone()
    h.apply(h.actions()[0])
    assert g.hands != h.hands or g.led != h.led
    assert from_deal(state.deal).hands == g.hands  # type: ignore[arg-type]
