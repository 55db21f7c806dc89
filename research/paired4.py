"""Paired (control-variate) bench of ``partnership`` variants against three ``strong``.

    taskset -c 1 .venv/bin/python research/paired4.py --decks 100 --variants expert,late3
    [--seed 2026] [--budget 0.5] [--control strong]

For each random deck and each seat ``i`` (the dealer moving from deck to deck, as in
``bench/bots.py --variant partnership``) the variant sits at seat ``i`` against three of the
control, and the control itself sits at seat ``i`` against three of the control, with the same
random sources per seat. Each seat's chips with the control at every seat average zero (the
four seats are alike and the game is zero-sum; an all-pass counts as no change), so

    variant chips − control chips at the same seat, same deck, same sources

estimates the variant's mean chips against three of the control, as the bench does, with far
less variance: the hands in which the variant decides as the control did cancel. It prints that
paired mean per hand with its 95 % interval (the deck as the sampling unit), the plain mean
(the bench's own figure, over the same hands) with its interval, and the decision times.

The variants are ``players.Style`` values (``STYLES`` below); the research log says which
were tried (log.md, "Partnership: the expert against strong").
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots.partnership import players as p
from apps.bots.partnership.world import World, solve
from bench.bots import deal_decks, percentile
from bench.cpu import pin_to_one_core
from research.hands4 import Player, play_hand
from tests.engine.partnership import partnership_registered


def _late(k: int) -> p.Evaluate:
    """Solve the layout once every hand has at most ``k`` cards; before, play it out."""

    def evaluate(w: World) -> float:
        if max(h.bit_count() for h in w.hands) <= k:
            return float(solve(w))
        return p._rollout_wins(w)

    return evaluate


def _mix(w: World) -> float:
    return (p._rollout_wins(w.clone()) + solve(w)) / 2


def _style(name: str, base: p.Style, **changes: object) -> p.Style:
    return replace(base, name=name, **changes)  # type: ignore[arg-type]


ROLL40 = _style("roll40", p.STRONG, samples=40)
# the expert before: each layout of the play and the doubling solved exactly
DD = p.Style("dd-expert", solve, solve, 0.8, 40, 40)
STYLES: dict[str, p.Style] = {
    s.name: s
    for s in (
        p.STRONG,
        p.EXPERT,
        DD,
        ROLL40,
        _style("late3", ROLL40, play=_late(3)),
        _style("late2", ROLL40, play=_late(2)),
        _style("mix", ROLL40, play=_mix),
        _style("exdbl", p.STRONG, double=solve, double_at=0.8),
        _style("explay", DD, double=p._rollout_wins, double_at=0.75, bid_samples=20),
        _style("infer40", ROLL40, infer=True),
        _style("infer80", ROLL40, infer=True, samples=80),
        _style("roll80", ROLL40, samples=80),
        _style("infer40d7", ROLL40, infer=True, double_at=0.7),
        _style("infer40d8", ROLL40, infer=True, double_at=0.8),
        _style("infer40b", ROLL40, infer=True, bid_samples=40),
        _style("exp2", ROLL40, infer=True, calls=2, samples=60, bid_samples=60),
        _style("infer60", ROLL40, infer=True, samples=60, bid_samples=60),
        _style("infk40", ROLL40, infer=True, kontra=True),
        _style("k40", ROLL40, kontra=True),
        _style("m05", ROLL40, bid_margin=0.05),
        _style("m25", ROLL40, bid_margin=0.25),
        _style("d65", ROLL40, double_at=0.65),
        _style("d85", ROLL40, double_at=0.85),
    )
}


def player(name: str) -> Player:
    return p.sampling(STYLES[name])


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def run(names: list[str], control: str, decks: int, seed: int, budget: float) -> None:
    ctrl = player(control)
    base: dict[tuple[int, int], int] = {}
    for name in names:
        var = player(name)
        paired: list[float] = []
        plain: list[float] = []
        secs: list[float] = []
        same = 0
        called = won = 0
        start = time.perf_counter()
        for i, deck in enumerate(deal_decks(seed, decks, "partnership")):
            d_paired = d_plain = 0.0
            for a in range(4):
                rngs = tuple(random.Random(seed * 7919 + 16 * i + 4 * a + s) for s in range(4))
                if (i, a) not in base:
                    out = play_hand(deck, i % 4, (ctrl,) * 4, rngs, budget=budget)
                    base[(i, a)] = out.changes[a]
                rngs = tuple(random.Random(seed * 7919 + 16 * i + 4 * a + s) for s in range(4))
                seats = tuple(var if s == a else ctrl for s in range(4))
                out = play_hand(deck, i % 4, seats, rngs, budget=budget)
                secs.extend(out.seconds[a])
                if out.caller == a:
                    called += 1
                    won += out.changes[a] > 0
                same += out.changes[a] == base[(i, a)]
                d_plain += out.changes[a]
                d_paired += out.changes[a] - base[(i, a)]
            paired.append(d_paired / 4)
            plain.append(d_plain / 4)
        m, h = interval(paired)
        pm, ph = interval(plain)
        print(
            f"{name:>12} vs 3 {control:<7} hands {4 * decks:5d}  paired {m:+7.1f} "
            f"[{m - h:+7.1f}, {m + h:+7.1f}]  plain {pm:+7.1f} [{pm - ph:+7.1f}, {pm + ph:+7.1f}]"
            f"  same {same}  called {called} (won {won})  ms median/p99 "
            f"{statistics.median(secs) * 1e3:.1f}/{percentile(secs, 0.99) * 1e3:.0f}  "
            f"({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


def main() -> None:
    pin_to_one_core()
    parser = argparse.ArgumentParser()
    parser.add_argument("--decks", type=int, default=100)
    parser.add_argument("--variants", default="expert")
    parser.add_argument("--control", default="strong")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--budget", type=float, default=0.5)
    args = parser.parse_args()
    with partnership_registered():
        run(args.variants.split(","), args.control, args.decks, args.seed, args.budget)


if __name__ == "__main__":
    main()
