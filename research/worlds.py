"""What more worlds are worth to the expert: the sampling error of its open-talon choice.

    .venv/bin/python research/worlds.py [--positions 80] [--worlds 300] [--seed 2026]

For random positions at three stages (the first trick's lead, its follow, and the second
trick after random play), the expert's own search (``expert.world_values``: the blind
opponent, its losses weighed) values every candidate but closing in ``--worlds`` sampled
worlds. Half of the worlds, drawn anew 20 times per position, judge; from the other half the
expert chooses with m worlds. The table gives the judges' mean value of the choice for each
m, against the choice from the whole half: what the sampling error costs per decision with
m worlds, in the expert's weighed game points. It measures the expert against its own model,
not against the truth; ``bench/bots.py`` measures that.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots.actions import moves
from apps.bots.cardbits import CLOSE
from apps.bots.expert import world_values
from apps.bots.fastsearch import FastDealSolver
from apps.bots.heuristics import SURRENDER
from apps.bots.knowledge import Knowledge
from apps.matches.engine import MatchState, decide, replay
from apps.matches.simulation import random_deck, random_play
from bench.cpu import pin_to_one_core
from research.arena import bot_view, start_deal

STAGES = (("first trick, lead", 0), ("first trick, follow", 1), ("second trick", 2))
SIZES = (8, 12, 16, 24, 32, 48, 64, 100)
DRAWS = 20  # splits of each position's worlds into judges and choosers


def position(rng: random.Random, cards: int) -> tuple[Knowledge, list[int]] | None:
    """The seat on turn after ``cards`` random cards from a fresh deal, and its candidates."""
    state: MatchState = start_deal(random_deck(rng), rng.randrange(2))
    for _ in range(cards):
        state = replay(decide(state, random_play(state, rng)), state)
    deal = state.deal
    assert deal is not None
    if deal.over or not deal.talon:
        return None
    view = bot_view(state, deal.turn)
    plays = [a for a in moves(view) if a not in (SURRENDER, CLOSE)]
    return (Knowledge.read(view), plays) if len(plays) > 1 else None


def sampled(k: Knowledge, plays: list[int], worlds: int, rng: random.Random) -> list[list[float]]:
    """Each world's value of every candidate (rows: worlds)."""
    rows = []
    for _ in range(worlds):
        values = world_values(k, FastDealSolver(k.sample_world(rng)), plays)
        rows.append([values[a] for a in plays])
    return rows


def mean_of(rows: list[list[float]], idx: list[int], j: int) -> float:
    return sum(rows[i][j] for i in idx) / len(idx)


def choice_values(rows: list[list[float]], rng: random.Random, sizes: list[int]) -> list[float]:
    """For each size m (and the whole choosing half last), the judges' mean value of the
    candidate the best m-world mean picks, averaged over ``DRAWS`` splits."""
    out = [0.0] * (len(sizes) + 1)
    for _ in range(DRAWS):
        idx = list(range(len(rows)))
        rng.shuffle(idx)
        judges, choosers = idx[: len(idx) // 2], idx[len(idx) // 2 :]
        judged = [mean_of(rows, judges, j) for j in range(len(rows[0]))]
        for s, m in enumerate([*sizes, len(choosers)]):
            sub = rng.sample(choosers, m)
            pick = max(range(len(judged)), key=lambda j: mean_of(rows, sub, j))
            out[s] += judged[pick] / DRAWS
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=80)
    parser.add_argument("--worlds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    pin_to_one_core()
    sizes = [m for m in SIZES if m < args.worlds // 2]
    rng = random.Random(args.seed)
    for label, cards in STAGES:
        per_size: list[list[float]] = []
        secs: list[float] = []
        while len(per_size) < args.positions:
            found = position(rng, cards)
            if found is None:
                continue
            start = time.perf_counter()
            rows = sampled(*found, args.worlds, rng)
            secs.append((time.perf_counter() - start) / args.worlds)
            per_size.append(choice_values(rows, rng, sizes))
        means = [statistics.mean(p[s] for p in per_size) for s in range(len(sizes) + 1)]
        cost = ", ".join(f"{m}: {v - means[-1]:+.3f}" for m, v in zip(sizes, means, strict=False))
        world_ms = statistics.median(secs) * 1e3
        print(
            f"{label:<20} {args.positions} positions, a world in {world_ms:.1f} ms (median); "
            f"the choice from m worlds against {args.worlds // 2}: {cost}",
            flush=True,
        )


if __name__ == "__main__":
    main()
