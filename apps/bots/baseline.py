"""The pure-rollout baseline (benchmarks only, not a level players can pick).

Sample the hidden cards 16 times; play each candidate card (exchange and close included) out
with uniformly random legal play for at most 4 tricks; score the world by game points if the
deal ended, else by the point difference scaled to game points; pick the best mean.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import moves, to_action
from .bitgame import BitGame
from .heuristics import SURRENDER
from .knowledge import Knowledge

SAMPLES = 16
DEPTH_TRICKS = 4


def random_playout(g: BitGame, seat: int, rng: random.Random) -> float:
    tricks = sum(g.tricks) + DEPTH_TRICKS
    while g.result is None and sum(g.tricks) < tricks:
        g.apply(rng.choice(g.actions()))
    if g.result is not None:
        return g.value(seat)
    return (g.pts[seat] - g.pts[1 - seat]) / 33


def rollout_baseline(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
    plays = [m for m in moves(view) if m != SURRENDER]
    if len(plays) == 1:
        return to_action(view, plays[0])
    k = Knowledge.read(view)
    totals = dict.fromkeys(plays, 0.0)
    for _ in range(SAMPLES):
        world = k.sample_world(rng)
        for a in plays:
            g = world.clone()
            g.apply(a)
            totals[a] += random_playout(g, k.seat, rng)
    return to_action(view, max(plays, key=lambda a: (totals[a], -a)))
