"""Level ``expert``: sampling, with the exact solver wherever information is perfect.

- Talon exhausted (or every opponent card known in strict play): one world, solved exactly;
  the optimal card is played.
- Talon closed: the opponent's possible hands are enumerated (at most C(14, 5) = 2002) in a
  random order and each is solved exactly (one shared solver), until the budget runs out; the
  card with the best mean over the hands solved wins.
- Talon open, two open tricks or fewer left: 30 sampled worlds (hand and talon order), each
  searched exactly by the full-deal solver (``dealsolver.py``): draws, exchange and closing
  are moves of its tree.
- Talon open, earlier: 20 sampled worlds; each candidate (card, exchange) is played with the
  club policy until two open tricks are left (or the talon is closed), and the full-deal
  solver values the rest exactly.
- Closing is worth the best single lead after it, averaged over the worlds
  (``open_values``). Closing, exchanging and surrendering are therefore chosen by expected
  game points like any card. Ties go to the club player's choice (``pick``).
"""

from __future__ import annotations

import random
import time
from typing import Any

from .actions import moves, to_action
from .bitgame import BitGame
from .cardbits import CLOSE
from .dealsolver import DealSolver
from .heuristics import SURRENDER, play_action
from .knowledge import Knowledge
from .sampling import MIN_SAMPLES, TIME_SHARE, may_surrender, surrender_value
from .solver import action_values, solve, solver_for

EXPERT_SAMPLES = 20  # worlds while three or more open tricks remain
EXACT_OPEN_TRICKS = 2  # this few open tricks left: each world searched exactly, draws included
EXACT_SAMPLES = 30  # worlds for that exact search
MIN_HANDS = 8
HARD_SHARE = 0.8  # past this share of the budget, a half-evaluated world is dropped
TIE = 1e-9


def solve_after(g: BitGame, seat: int) -> float:
    """Club policy until only ``EXACT_OPEN_TRICKS`` open tricks are left, then the exact value
    of the rest of the deal (draws included), or of the strict endgame after a close."""
    while g.result is None and not g.strict:
        if (len(g.talon) + 1) // 2 <= EXACT_OPEN_TRICKS:
            return DealSolver(g).value(seat)
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
        if len(plays) == 1:
            return to_action(view, plays[0])
        deadline = start + budget * TIME_SHARE
        values = open_values(k, plays, rng, deadline, hard=start + budget * HARD_SHARE)
        return to_action(view, pick(k, plays, values, rng))
    weigh_surrender = SURRENDER in legal and may_surrender(k)
    if len(plays) == 1 and not weigh_surrender:
        return to_action(view, plays[0])
    values = strict_values(k, plays, rng, deadline=start + budget * TIME_SHARE)
    best = pick(k, plays, values, rng)
    if weigh_surrender and surrender_value(k) > values[best]:
        return to_action(view, SURRENDER)
    return to_action(view, best)


def pick(k: Knowledge, plays: list[int], values: dict[int, float], rng: random.Random) -> int:
    """The action with the best value. Ties (common: game points are coarse) go to the club
    player's choice when it is among them, so that, say, a trick that reaches 66 now is taken
    rather than left for later, else to the lowest action."""
    top = max(values[a] for a in plays)
    tied = [a for a in plays if values[a] >= top - TIE]
    if len(tied) > 1:
        preferred = play_action(k.sample_world(rng))
        if preferred in tied:
            return preferred
    return min(tied)


def open_values(
    k: Knowledge, plays: list[int], rng: random.Random, deadline: float, hard: float
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
    exact = (k.facedown + 1) // 2 <= EXACT_OPEN_TRICKS
    samples = EXACT_SAMPLES if exact else EXPERT_SAMPLES
    n = 0
    while n < samples and (n < MIN_SAMPLES or time.perf_counter() < deadline):
        world = k.sample_world(rng)
        if exact:
            s = DealSolver(world)
            for a, v in s.action_values(others).items():
                totals[a] += v
            leads = s.close_lead_values() if CLOSE in plays else {}
        else:
            found = {}
            for a in others:
                if n and time.perf_counter() > hard:
                    break
                g = world.clone()
                g.apply(a)
                found[a] = solve_after(g, k.seat)
            if len(found) < len(others):
                break  # out of time: drop this world, every candidate keeps the same worlds
            for a, v in found.items():
                totals[a] += v
            leads = {}
            if CLOSE in plays:
                g = world.clone()
                g.apply(CLOSE)
                leads = action_values(g)
        for card, v in leads.items():
            after_close[card] = after_close.get(card, 0.0) + v
        n += 1
    values = {a: t / n for a, t in totals.items()}
    if CLOSE in plays:
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
        rng.shuffle(hands)  # if the budget runs out first, the hands solved are a fair sample
    totals = dict.fromkeys(plays, 0.0)
    solver = None  # one solver (and table) for every hand: deeper positions recur
    n = 0
    for hand in hands:
        if n >= MIN_HANDS and time.perf_counter() > deadline:
            break
        world = k.world(hand, [])
        solver = solver or solver_for(world)
        values = action_values(world, solver)
        for a in plays:  # action_values is for the seat on turn: ours
            totals[a] += values[a]
        n += 1
    return {a: t / n for a, t in totals.items()}
