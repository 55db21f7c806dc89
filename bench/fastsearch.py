"""The C search (``apps.bots.fastsearch``) against the Python solvers, on random worlds.

    .venv/bin/python bench/fastsearch.py [--worlds 200] [--python 10] [--seed 2026]
                                         [--variant klub|sixty-six]

For open-talon worlds (both hands and the talon order known) at the first trick, and with
three and two open tricks left, prints the median / p99 / max milliseconds of the values of
every root action (``FastDealSolver(g).action_values()``), the positions searched, and the
same for ``DealSolver`` on the first ``--python`` worlds of each stage; at the first trick also
the search against a blind follower (``model_values``) with 1, 2 and 5 modelled tricks, and as
the expert calls it (1 modelled trick, the opponent's next lead mixed); then
the strict phase (talon exhausted or closed: ``fastsearch.action_values`` against
``reference_solver.action_values``; the Python reference solvers are those the tests hold
the C search to, in ``tests/bots/``).
Runs pinned to one core. The values are checked equal wherever both are timed.

``--variant sixty-six``: the same search on sixty-six worlds (``BitGame66``, auto) from the
first trick (six open tricks) down to two, exact and as the expert calls it, the Python
reference (``tests/bots/reference_solver66.py``) on the first ``--python`` worlds with three
open tricks or fewer, and the strict phase.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots import fastsearch
from apps.bots.bitgame import BitGame, from_deal
from apps.bots.cardbits import CLOSE, EXCHANGE
from apps.matches.simulation import random_deck
from bench.cpu import pin_to_one_core
from research.arena import start_deal
from tests.bots import reference_solver, reference_solver66
from tests.bots.helpers import sixty_six_strict, sixty_six_world
from tests.bots.reference_dealsolver import DealSolver


def new_world(rng: random.Random) -> BitGame:
    return from_deal(start_deal(random_deck(rng), rng.randrange(2)).deal)  # type: ignore[arg-type]


def open_world(rng: random.Random, open_tricks: int) -> BitGame:
    """Random cards and exchanges until ``open_tricks`` open tricks are left (the leader to
    play: every root action, closing included)."""
    while True:
        g = new_world(rng)
        while g.result is None and len(g.talon) > 2 * open_tricks - 1:
            g.apply(rng.choice([a for a in g.actions() if a < CLOSE]))
        if g.result is None and g.talon and g.closed_by < 0:
            return g


def strict_world(rng: random.Random) -> BitGame:
    """Random play until the talon is exhausted (70%) or a random lead closes it (30%)."""
    while True:
        g = new_world(rng)
        close = rng.random() < 0.3
        while g.result is None and not g.strict:
            if close and g.can_close() and rng.random() < 0.4:
                g.apply(CLOSE)
                break
            g.apply(rng.choice([a for a in g.actions() if a < EXCHANGE]))
        if g.result is None:
            return g


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(f: Callable[[], dict[int, int]]) -> tuple[float, dict[int, int]]:
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out


def line(label: str, secs: list[float], extra: str = "") -> str:
    ms = [s * 1e3 for s in secs]
    return (
        f"{label}: {len(ms)} worlds, median {statistics.median(ms):.3f} ms, "
        f"p99 {percentile(ms, 0.99):.3f} ms, max {max(ms):.3f} ms, "
        f"mean {statistics.mean(ms):.3f} ms{extra}"
    )


def stage(name: str, worlds: list[BitGame], python: int) -> None:
    secs, nodes = [], []
    fast = []
    for g in worlds:
        s, values = timed(fastsearch.FastDealSolver(g).action_values)
        secs.append(s)
        nodes.append(fastsearch.nodes())
        fast.append(values)
    print(line(f"C      {name}", secs, f", median {int(statistics.median(nodes))} positions"))
    if python:
        py = []
        for g, values in zip(worlds[:python], fast, strict=False):
            s, expected = timed(DealSolver(g).action_values)
            assert expected == values, "C and Python disagree"
            py.append(s)
        c_med = statistics.median(secs[:python])
        ratio = statistics.median(py) / c_med
        same = f"  (C on these: median {c_med * 1e3:.3f} ms, {ratio:.0f}x faster)"
        print(line(f"Python {name}", py) + same)
    sys.stdout.flush()


def model_stage(worlds: list[BitGame]) -> None:
    """Every root action's value against a blind follower, at the first trick."""
    for tricks, lead_tricks in ((1, 0), (2, 0), (5, 0), (1, 2)):
        secs, nodes = [], []
        for g in worlds:
            solver = fastsearch.FastDealSolver(g)
            start = time.perf_counter()
            solver.model_values(blind=1 - g.turn, tricks=tricks, lead_tricks=lead_tricks)
            secs.append(time.perf_counter() - start)
            nodes.append(fastsearch.nodes())
        label = f"C      first trick, blind follower for {tricks} trick{'s' * (tricks > 1)}"
        if lead_tricks:
            label += ", its next lead mixed"
        print(line(label, secs, f", median {int(statistics.median(nodes))} positions"))
    sys.stdout.flush()


def sixty_six(args: argparse.Namespace) -> None:
    """The sixty-six search: exact and as the expert calls it, by open tricks left."""
    rng = random.Random(args.seed)
    for open_tricks in (6, 5, 4, 3, 2):
        worlds = [sixty_six_world(rng, open_tricks) for _ in range(args.worlds)]
        worlds = [g for g in worlds if (len(g.talon) + 1) // 2 == open_tricks]
        name = f"{open_tricks} open tricks" + (" (first trick)" if open_tricks == 6 else "")
        secs, nodes, model = [], [], []
        for g in worlds:
            s, values = timed(fastsearch.FastDealSolver(g).action_values)
            secs.append(s)
            nodes.append(fastsearch.nodes())
            if open_tricks <= 3 and len(secs) <= args.python:
                assert reference_solver66.action_values(g) == values, "C and Python disagree"
            solver = fastsearch.FastDealSolver(g)
            start = time.perf_counter()
            solver.model_values(blind=1 - g.turn, tricks=1, lead_tricks=2, loss_weight=3.0)
            model.append(time.perf_counter() - start)
        extra = f", median {int(statistics.median(nodes))} positions"
        print(line(f"C      sixty-six, {name}", secs, extra))
        print(line(f"C      sixty-six, {name}, as the expert calls it", model))
        if open_tricks <= 3 and args.python:
            py = [
                timed(lambda g=g: reference_solver66.action_values(g))[0]
                for g in worlds[: args.python]
            ]
            print(line(f"Python sixty-six, {name}", py))
        sys.stdout.flush()
    strict = [sixty_six_strict(rng) for _ in range(args.worlds * 5)]
    secs, py = [], []
    for i, g in enumerate(strict):
        s, values = timed(lambda g=g: fastsearch.action_values(g))
        secs.append(s)
        if i < args.python * 20:
            s, expected = timed(lambda g=g: reference_solver66.action_values(g))
            assert expected == values, "C and Python disagree"
            py.append(s)
    print(line("C      sixty-six, strict phase", secs))
    if py:
        print(line("Python sixty-six, strict phase", py))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--python", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--variant", default="klub", choices=("klub", "sixty-six"))
    args = parser.parse_args()
    pin_to_one_core()
    if args.variant == "sixty-six":
        sixty_six(args)
        return
    rng = random.Random(args.seed)
    for open_tricks, name in ((5, "first trick"), (3, "3 open tricks"), (2, "2 open tricks")):
        worlds = [open_world(rng, open_tricks) for _ in range(args.worlds)]
        stage(name, worlds, args.python)
        if open_tricks == 5:
            model_stage(worlds)
    strict = [strict_world(rng) for _ in range(args.worlds * 5)]
    secs, py = [], []
    for i, g in enumerate(strict):
        s, values = timed(lambda g=g: fastsearch.action_values(g))
        secs.append(s)
        if i < args.python * 20:
            s, expected = timed(lambda g=g: reference_solver.action_values(g))
            assert expected == values, "C and Python disagree"
            py.append(s)
    print(line("C      strict phase", secs))
    if py:
        print(line("Python strict phase", py))


if __name__ == "__main__":
    main()
