"""Kati's budget at every decision, in CPU time: the worst decision over thousands.

    .venv/bin/python bench/kati_budget.py [--variant sixty-six] [--level expert]
                                          [--decisions 3000] [--budget 0.5] [--seed 2026]

Plays deals of ``--variant`` with the level at both seats (no Django: the engine and the
players, ``research/arena.py``) until ``--decisions`` decisions were timed, each by the CPU
time of the deciding thread (``time.thread_time``, the clock the budget is kept in: on a busy
machine the wall clock also counts the other processes' turns). Prints, per variant and
level, the decisions timed, their median, p99 and worst CPU milliseconds, how many went past
the budget, and where in its deal the worst came (the seat's n-th decision). Every decision
must stay within ``--budget`` (docs/bots.md, "Kati's budget"): the expert stops a search
still running at ``expert.HARD_SHARE`` of it inside its world.

Decisions that are not Kati's choice (a single legal action, sixty-six's word) are timed
too: they are cheap and do not move the worst. Pinned to one core (``bench/cpu.py``);
``nice`` it on a shared machine. The sixty-six expert takes a few minutes per thousand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots.levels import player_for
from apps.matches.simulation import random_deck
from apps.matches.strengths import levels_for
from bench.cpu import pin_to_one_core
from research.arena import Player, play_deal


class Timed:
    """A player whose every decision's CPU time is kept, with its index in the seat's deal."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.seconds: list[tuple[float, int]] = []
        self.in_deal = 0

    def __call__(self, view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        start = time.thread_time()
        action = self.player(view, rng, budget)
        self.seconds.append((time.thread_time() - start, self.in_deal))
        self.in_deal += 1
        return action


def measure(variant: str, level: str, decisions: int, budget: float, seed: int) -> None:
    rng = random.Random(seed)
    seats = (Timed(player_for(variant, level)), Timed(player_for(variant, level)))
    deals = 0
    while sum(len(s.seconds) for s in seats) < decisions:
        for s in seats:
            s.in_deal = 0
        deck = random_deck(rng, variant)
        play_deal(
            deck,
            deals % 2,
            seats,
            (random.Random(rng.random()), random.Random(rng.random())),
            budget=budget,
            variant=variant,
        )
        deals += 1
    timed = [t for s in seats for t in s.seconds]
    secs = sorted(t for t, _ in timed)
    worst, at = max(timed)
    over = sum(t > budget for t in secs)
    p99 = secs[min(len(secs) - 1, int(0.99 * len(secs)))]
    print(
        f"{variant:10} {level:8} {len(secs):6} decisions in {deals:4} deals   CPU ms: "
        f"median {1000 * statistics.median(secs):6.1f}  p99 {1000 * p99:6.1f}  "
        f"worst {1000 * worst:6.1f} (the seat's decision {at + 1} of its deal)   "
        f"past the {budget:g} s budget: {over}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=["klub", "sixty-six"], action="append")
    parser.add_argument("--level", action="append", help="default: strong and expert")
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    pin_to_one_core()
    for variant in args.variant or ["sixty-six", "klub"]:
        for level in args.level or ["strong", "expert"]:
            assert level in levels_for(variant), level
            measure(variant, level, args.decisions, args.budget, args.seed)


if __name__ == "__main__":
    main()
