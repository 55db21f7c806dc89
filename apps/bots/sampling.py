"""Determinised sampling: the ``strong`` level, and the search loop ``expert`` reuses.

Draw worlds consistent with what the seat knows (``Knowledge.sample_world``), evaluate every
legal action in each world, and pick the action with the best mean game points. ``strong``
evaluates by playing the world out with the club policy for both seats; ``expert`` plugs in an
evaluator that switches to the exact solver as soon as the world is in its strict phase.
Surrender is weighed against the best action's mean by its sure cost.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .actions import moves, to_action
from .bitgame import BitGame, by_loser_state
from .heuristics import SURRENDER, play_action
from .knowledge import Knowledge
from .racing import cpu_time

Evaluator = Callable[[BitGame, int], float]

STRONG_SAMPLES = 24
MIN_SAMPLES = 4
TIME_SHARE = 0.6  # stop sampling once this share of the budget is spent


def rollout(g: BitGame, seat: int) -> float:
    """Play ``g`` to its end with the club policy for both seats; game points for ``seat``."""
    while g.result is None:
        g.apply(play_action(g))
    return g.value(seat)


def may_surrender(k: Knowledge) -> bool:
    """Whether giving up can ever pay: only once the talon was closed. Otherwise a later loss
    is scored on a state with at least today's points and tricks (or is the last trick's 1),
    never worse than giving up now."""
    return k.closed_by >= 0


def surrender_value(k: Knowledge) -> float:
    """What giving up now costs the seat (always a loss of 1 to 3 game points)."""
    return -by_loser_state(k.pts[k.seat], k.tricks[k.seat])


def search(
    k: Knowledge,
    candidates: list[int],
    rng: random.Random,
    evaluate: Evaluator,
    *,
    samples: int,
    deadline: float,
) -> dict[int, float]:
    """The mean value of each candidate over sampled worlds (at least ``MIN_SAMPLES``)."""
    totals = dict.fromkeys(candidates, 0.0)
    n = 0
    while n < samples and (n < MIN_SAMPLES or cpu_time() < deadline):
        world = k.sample_world(rng)
        for a in candidates:
            g = world.clone()
            g.apply(a)
            totals[a] += evaluate(g, k.seat)
        n += 1
    return {a: t / n for a, t in totals.items()}


def choose(
    view: dict[str, Any],
    rng: random.Random,
    budget: float,
    evaluate: Evaluator,
    samples: int,
) -> dict[str, Any]:
    """The sampled best action for the view (surrender included when it is legal)."""
    start = cpu_time()
    legal = moves(view)
    plays = [m for m in legal if m != SURRENDER]
    k = Knowledge.read(view)
    weigh_surrender = SURRENDER in legal and may_surrender(k)
    if len(plays) == 1 and not weigh_surrender:
        return to_action(view, plays[0])
    values = search(k, plays, rng, evaluate, samples=samples, deadline=start + budget * TIME_SHARE)
    best = max(plays, key=lambda a: (values[a], -a))
    if weigh_surrender and surrender_value(k) > values[best] + 0.25:
        return to_action(view, SURRENDER)
    return to_action(view, best)


def strong(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
    return choose(view, rng, budget, rollout, STRONG_SAMPLES)
