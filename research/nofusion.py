"""The expert with its next decision chosen per information set, not per world (benchmarks
only; research/log.md, "The expert's next decision per information set").

    .venv/bin/python research/nofusion.py [--pairs 1000] [--worlds 32] [--seed 2026]
                                       [--pairings nofusion:rollout,fixed-expert:rollout]

In each sampled world the expert's search chooses its *next* decision knowing the opponent's
hand (strategy fusion). ``nofusion`` removes that one level deep while the talon is open: the
worlds are grouped by what the expert will see at its next decision (its candidate, the
opponent's reply, the card it draws), and one action is chosen per group, the best mean over
the group's worlds, each weighted by its reply's probability under the blind follower
(``replies.py``). Every position after the trick is valued by the C search with the blind
follower for its own next trick, so for a single world the values are ``model_values`` with
two modelled tricks (research/tests/test_nofusion.py checks it). ``--worlds`` worlds per decision
whatever the time: the cost is one search per candidate and reply in each world. In the strict
phase it is the expert. ``fixed-expert`` is the expert with the same ``--worlds`` worlds whatever
the time, every candidate valued in each (no race), the fair comparison. Like the expert, it
counts each game point it may lose ``expert.LOSS_WEIGHT`` times (``weigh``; the C search's
``loss_weight``). Measured before the
expert weighed its losses, so with plain game points in both (1,000 pairs, 32 worlds):
``nofusion`` 68.6 % against the rollout baseline, ``fixed-expert`` 69.6 %: no gain, so not a
level.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots.actions import moves, to_action
from apps.bots.bitgame import BitGame
from apps.bots.cardbits import CLOSE, EXCHANGE
from apps.bots.expert import LOSS_WEIGHT, expert_with, open_values, pick, weigh
from apps.bots.fastsearch import FastDealSolver, solve
from apps.bots.heuristics import SURRENDER
from apps.bots.knowledge import Knowledge
from apps.bots.replies import reply_weights
from bench.bots import PLAYERS, run_pairings, tournament_parser
from bench.cpu import pin_to_one_core
from research.arena import Player

Plan = tuple[int, ...]  # the expert's own actions from the root with nothing new seen between
Key = tuple[Plan, int, int]  # a plan, the opponent's reply (-1 after a follow), the card drawn


class Values:
    """Sums over the worlds: a fixed part per plan, and per information set after it the sum
    of each next action's weighted values (the best is chosen once every world is in)."""

    def __init__(self) -> None:
        self.fixed: dict[Plan, float] = defaultdict(float)
        self.groups: dict[Key, dict[Any, float]] = defaultdict(lambda: defaultdict(float))

    def plan_values(self, worlds: int) -> dict[Plan, float]:
        out = dict(self.fixed)
        for (plan, _, _), options in self.groups.items():
            out[plan] = out.get(plan, 0.0) + max(options.values())
        return {plan: v / worlds for plan, v in out.items()}


def next_options(g: BitGame, opp: int) -> dict[Any, float]:
    """The expert's options where it leads with the talon open: each action against the blind
    follower's replies, and closing followed by each lead."""
    s = FastDealSolver(g)
    acts = [a for a in g.actions() if a != CLOSE]
    out: dict[Any, float] = dict(s.model_values(acts, blind=opp, tricks=1, loss_weight=LOSS_WEIGHT))
    if g.can_close():
        for lead, v in s.close_lead_values().items():
            out[(CLOSE, lead)] = weigh(v)
    return out


def after_trick(g: BitGame, us: int, key: Key, weight: float, acc: Values) -> None:
    plan = key[0]
    if g.result is not None:
        acc.fixed[plan] += weight * weigh(g.value(us))
    elif g.strict:  # the last draw is done: every card is known
        acc.fixed[plan] += weight * weigh(solve(g, us))
    elif g.turn == us:
        group = acc.groups[key]
        for option, v in next_options(g, 1 - us).items():
            group[option] += weight * v
    else:
        acc.fixed[plan] += weight * weigh(FastDealSolver(g).value(us))


def add_world(g: BitGame, us: int, acc: Values, prefix: Plan = ()) -> None:
    """Add one world's contributions for every plan of the expert on turn in ``g``."""
    for a in g.actions():
        plan = (*prefix, a)
        if a == CLOSE:
            for lead, v in FastDealSolver(g).close_lead_values().items():
                acc.fixed[(*plan, lead)] += weigh(v)
            continue
        g1 = g.clone()
        g1.apply(a)
        if a == EXCHANGE:  # the lead after it is chosen with nothing new seen
            add_world(g1, us, acc, plan)
        elif g1.result is not None:  # a marriage reached 66
            acc.fixed[plan] += weigh(g1.value(us))
        elif g.led >= 0:  # a follow: the trick is over
            after_trick(g1, us, (plan, -1, g1.hands[us] & ~g.hands[us]), 1.0, acc)
        else:
            for reply, p in reply_weights(g1).items():
                g2 = g1.clone()
                g2.apply(reply)
                after_trick(g2, us, (plan, reply, g2.hands[us] & ~g1.hands[us]), p, acc)


def infoset_values(worlds: list[BitGame], us: int) -> dict[int, float]:
    """Each legal action's value for ``us``, on turn in every world (the same public position
    and own hand), with the next own decision chosen per information set."""
    acc = Values()
    for g in worlds:
        add_world(g, us, acc)
    best: dict[int, float] = {}
    for plan, v in acc.plan_values(len(worlds)).items():
        best[plan[0]] = max(best.get(plan[0], v), v)
    return best


def open_talon_player(choose: Callable[[Knowledge, list[int], random.Random], int]) -> Player:
    """A player that is the expert in the strict phase and with one legal play, and otherwise
    plays what ``choose`` picks from the knowledge, the plays and the random source."""

    def play(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        k = Knowledge.read(view)
        plays = [m for m in moves(view) if m != SURRENDER]
        if k.strict or len(plays) == 1:
            return expert_with(k, view, rng, budget)
        return to_action(view, choose(k, plays, rng))

    return play


def nofusion(worlds: int) -> Player:
    def choose(k: Knowledge, plays: list[int], rng: random.Random) -> int:
        values = infoset_values([k.sample_world(rng) for _ in range(worlds)], k.seat)
        return pick(k, plays, values, rng)

    return open_talon_player(choose)


def fixed_expert(worlds: int) -> Player:
    """The expert on exactly ``worlds`` worlds at an open talon: no clock, and no race, so
    that every candidate is valued on the same worlds as ``nofusion`` values them."""

    def choose(k: Knowledge, plays: list[int], rng: random.Random) -> int:
        values = open_values(k, plays, rng, float("inf"), worlds, racing=False)
        return pick(k, plays, values, rng)

    return open_talon_player(choose)


def main() -> None:
    parser = tournament_parser(__doc__, "nofusion:rollout")
    parser.add_argument("--worlds", type=int, default=32)
    args = parser.parse_args()
    pin_to_one_core()
    players = {
        **PLAYERS,
        "nofusion": nofusion(args.worlds),
        "fixed-expert": fixed_expert(args.worlds),
    }
    run_pairings(args, players)


if __name__ == "__main__":
    main()
