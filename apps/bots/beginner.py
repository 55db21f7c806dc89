"""Level ``beginner``: a learner who knows the rules of thumb but applies them unevenly.

Two plays in three follow the club heuristics; the rest are a random legal card. A beginner
exchanges the trump jack only half the time, never closes the talon and never gives up.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import moves, to_action
from .cardbits import EXCHANGE
from .heuristics import follow, lead
from .knowledge import Knowledge

CARELESS = 1 / 3


def beginner(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
    legal = moves(view)
    cards = [m for m in legal if m < EXCHANGE]
    if EXCHANGE in legal and rng.random() < 0.5:
        return to_action(view, EXCHANGE)
    if len(cards) == 1 or rng.random() < CARELESS:
        return to_action(view, rng.choice(cards))
    world = Knowledge.read(view).sample_world(rng)
    seat = world.turn
    return to_action(view, follow(world, seat) if world.led >= 0 else lead(world, seat))
