"""Level ``expert``: sampling, with the exact solver wherever information is perfect.

- Talon exhausted (or every opponent card known in strict play): one world, solved exactly;
  the optimal card is played.
- Talon closed: the opponent's possible hands are enumerated (at most C(14, 5) = 2002) in a
  random order and each is solved exactly, until the budget runs out; the card with the best
  mean over the hands solved wins.
- Talon open: sampled worlds; each candidate (card, exchange) is played out with the club
  policy until the talon is exhausted or closed, and the rest is solved exactly. Closing is
  worth the best single lead after it, averaged over the worlds (``open_values``). Closing,
  exchanging and surrendering are therefore chosen by expected game points like any card.
"""

from __future__ import annotations

import random
import time
from typing import Any

from .actions import moves, to_action
from .bitgame import BitGame
from .cardbits import CLOSE
from .heuristics import SURRENDER, play_action
from .knowledge import Knowledge
from .sampling import MIN_SAMPLES, TIME_SHARE, choose, may_surrender, surrender_value
from .solver import action_values, solve, solver_for

EXPERT_SAMPLES = 60
MIN_HANDS = 8
MAX_HANDS = 160  # more possible hands than this: a uniform random subset of them


def solve_after(g: BitGame, seat: int) -> float:
    """Club policy while the talon is open, then the exact value of the strict endgame."""
    while g.result is None and not g.strict:
        g.apply(play_action(g))
    if g.result is not None:
        return g.value(seat)
    return solve(g, seat)


def expert(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
    start = time.perf_counter()
    k = Knowledge.read(view)
    legal = moves(view)
    plays = [m for m in legal if m != SURRENDER]
    if not k.strict:
        if CLOSE not in legal:
            return choose(view, rng, budget, solve_after, EXPERT_SAMPLES)
        values = open_values(k, plays, rng, deadline=start + budget * TIME_SHARE)
        return to_action(view, max(plays, key=lambda a: (values[a], -a)))
    weigh_surrender = SURRENDER in legal and may_surrender(k)
    if len(plays) == 1 and not weigh_surrender:
        return to_action(view, plays[0])
    values = strict_values(k, plays, rng, deadline=start + budget * TIME_SHARE)
    best = max(plays, key=lambda a: (values[a], -a))
    if weigh_surrender and surrender_value(k) > values[best]:
        return to_action(view, SURRENDER)
    return to_action(view, best)


def open_values(
    k: Knowledge, plays: list[int], rng: random.Random, deadline: float
) -> dict[int, float]:
    """Sampled values of the candidates at an open talon, closing included.

    Closing is judged as the decision it is: after closing, one lead must be chosen without
    seeing the opponent's hand. So its value is the best lead's *mean* exact value over the
    worlds, not the mean of each world's best lead, which would credit the closer with
    knowing the hidden cards and make it close too often.
    """
    others = [a for a in plays if a != CLOSE]
    totals = dict.fromkeys(others, 0.0)
    after_close: dict[int, float] = {}
    n = 0
    while n < EXPERT_SAMPLES and (n < MIN_SAMPLES or time.perf_counter() < deadline):
        world = k.sample_world(rng)
        for a in others:
            g = world.clone()
            g.apply(a)
            totals[a] += solve_after(g, k.seat)
        g = world.clone()
        g.apply(CLOSE)
        for card, v in action_values(g).items():
            after_close[card] = after_close.get(card, 0.0) + v
        n += 1
    values = {a: t / n for a, t in totals.items()}
    values[CLOSE] = max(after_close.values()) / n
    return values


def strict_values(
    k: Knowledge, plays: list[int], rng: random.Random, deadline: float
) -> dict[int, float]:
    """The mean exact value of each card over the opponent's possible hands."""
    if k.perfect:
        hands = [k.sample_world(rng).hands[k.opp]]
    else:
        hands = k.opponent_hands()
        if len(hands) > MAX_HANDS:
            hands = rng.sample(hands, MAX_HANDS)
    totals = dict.fromkeys(plays, 0.0)
    n = 0
    for hand in hands:
        if n >= MIN_HANDS and time.perf_counter() > deadline:
            break
        world = k.world(hand, [])
        values = action_values(world, solver_for(world))
        for a in plays:  # action_values is for the seat on turn: ours
            totals[a] += values[a]
        n += 1
    return {a: t / n for a, t in totals.items()}
