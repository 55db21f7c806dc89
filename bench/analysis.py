"""How long a finished deal's analysis takes (docs/analysis.md, docs/performance.md).

    .venv/bin/python bench/analysis.py [--deals 60] [--variants klub,sixty-six,partnership]
                                       [--seed 2026]

Plays ``--deals`` first deals per variant on the engine, Kati's expert against her club player
(seats alternating; partnership: a called hand of four Katis, all expert or all club,
alternating), then analyses each as the worker does (``apps.bots.analysis.analyse``,
every decision, its default layouts) and prints the CPU time (this thread's: the same on a
busy machine, where the wall clock also counts the others' turns) per deal: median, p95, max,
against the targets (klub ≤ 1 s, sixty-six ≤ 3 s, partnership ≤ 3 s at p95). The floor,
measured in the same run and printed beside them: one exact search of every root action of a
fixed first-trick world (the dearest single search an analysis makes; partnership: the 48
searches of a fixed hand's contract), its median over 15 runs. Pinned to one core.

``--noise``: instead, each deal analysed twice with two seeds, and how much the choice's
expected loss differs between the two at the decisions whose layouts were sampled (mean, p90,
max, the share differing by 0.3 or more: the inaccuracy threshold, docs/analysis.md).

Not a test: it runs by hand or by ``make bench-analysis`` (a few minutes), never in the suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from apps.bots.analysis import analyse, game_of
from apps.bots.fastsearch import FastDealSolver
from apps.bots.partnership.world import World, solve
from apps.matches.engine import Event, MatchState
from bench.cpu import pin_to_one_core
from tests.analysis.deals import played_deal, played_hand
from tests.bots.helpers import new_deal

TARGETS = {"klub": 1.0, "sixty-six": 3.0, "partnership": 3.0}  # seconds at p95


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def floor(variant: str, seed: int) -> float:
    """One exact search of every root action of a fixed first-trick world: the median of 15."""
    if variant == "partnership":
        return partnership_floor(seed)
    world = game_of(new_deal(random.Random(f"floor-{seed}"), variant))
    times = []
    for _ in range(15):
        start = time.thread_time()
        FastDealSolver(world.clone()).action_values()
        times.append(time.thread_time() - start)
    return statistics.median(times)


def partnership_floor(seed: int) -> float:
    """The contract's searches of a fixed hand (a random deck, seat 0 calling): ``solve``
    from the first lead for each of the 48 bids, as ``analysis.contract`` does; the median of
    15."""
    rng = random.Random(f"floor-{seed}")
    cards = list(range(24))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[6 * s : 6 * s + 6]) for s in range(4)]
    times = []
    for _ in range(15):
        start = time.thread_time()
        for called in range(24):
            holder = next(s for s in range(4) if hands[s] >> called & 1)
            for durchmarsch in (False, True):
                solve(World(list(hands), called // 6, 0, holder, durchmarsch=durchmarsch))
        times.append(time.thread_time() - start)
    return statistics.median(times)


def played(rng: random.Random, variant: str, n: int) -> tuple[MatchState, list[Event]]:
    """The ``n``-th deal of the run: Kati's expert and club player alternating seats (a
    partnership hand: four experts or four club players, alternating)."""
    if variant == "partnership":
        return played_hand(rng, "expert" if n % 2 else "club")
    return played_deal(rng, variant, ("expert", "club") if n % 2 else ("club", "expert"))


def noise(args: argparse.Namespace) -> None:
    for variant in args.variants.split(","):
        rng = random.Random(f"noise-{args.seed}-{variant}")
        diffs = []
        for n in range(args.deals):
            before, events = played(rng, variant, n)
            one = analyse(before, events, seed=1)["decisions"]
            two = analyse(before, events, seed=2)["decisions"]
            for a, b in zip(one, two, strict=True):
                if a["own"] is not None and not a["own"]["exhaustive"]:
                    diffs.append(abs(a["own"]["loss"] - b["own"]["loss"]))
        print(
            f"{variant:10s} {len(diffs)} sampled decisions, the loss between two seeds differs by "
            f"mean {statistics.mean(diffs):.3f}, p90 {percentile(diffs, 0.9):.3f}, "
            f"max {max(diffs):.3f}; by 0.3 or more: {sum(d >= 0.3 for d in diffs) / len(diffs):.0%}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--variants", default="klub,sixty-six,partnership")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--noise", action="store_true", help="two seeds per deal: the losses' spread"
    )
    args = parser.parse_args()
    pin_to_one_core()
    if args.noise:
        noise(args)
        return
    failed = False
    for variant in args.variants.split(","):
        rng = random.Random(f"{args.seed}-{variant}")
        deals = [played(rng, variant, n) for n in range(args.deals)]
        base = floor(variant, args.seed)
        secs, counts = [], []
        for n, (before, events) in enumerate(deals):
            start = time.thread_time()
            got = analyse(before, events, seed=n)
            secs.append(time.thread_time() - start)
            counts.append(len(got["decisions"]))
        p50, p95 = percentile(secs, 0.5), percentile(secs, 0.95)
        what = (
            "a hand's contract"
            if variant == "partnership"
            else "one exact search of a first-trick world"
        )
        target = TARGETS[variant]
        ok = p95 <= target
        failed |= not ok
        print(
            f"{variant:10s} {len(secs)} deals, {statistics.mean(counts):.1f} decisions a deal: "
            f"analysis p50 {p50:.3f} s, p95 {p95:.3f} s, max {max(secs):.3f} s "
            f"(target p95 ≤ {target:.0f} s: {'met' if ok else 'MISSED'}); floor: {what} "
            f"{base * 1000:.1f} ms (p95 = {p95 / base:.0f} floors)"
        )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
