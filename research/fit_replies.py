"""Fit the blind reply model (apps/bots/replies.py) to recorded follows, by maximum likelihood.

    .venv/bin/python research/fit_replies.py [--player rollout] [--deals 4000] [--seed 2026]

The expert values its leads against a follower that cannot see its hand: each reply weighted by
``exp(BETA * (won - TRUMP_COST * trumps - MARRIAGE_COST * breaks) / 10)`` (``replies.features``).
Until real players' games are recorded, the follows we have are the computer players': this
plays ``--deals`` deals of ``--player`` (the rollout baseline, or a level) against club (seats
alternating), records every follow it makes while the talon is open, and fits the three
constants as a conditional logit (Newton's method). It prints the fit and, for comparison,
how well the constants in replies.py explain the same follows (log-likelihood per follow and
the share of follows where the model's likeliest reply is the one played).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots import replies
from apps.bots.actions import to_int
from apps.bots.cardbits import members
from apps.bots.knowledge import Knowledge
from apps.matches.simulation import random_deck
from bench.bots import PLAYERS
from bench.cpu import pin_to_one_core
from research.arena import Player, play_deal

Follow = tuple[list[tuple[int, int, int]], int]  # each reply's features, the reply played


def collect(player: Player, deals: int, seed: int) -> list[Follow]:
    """The open-talon follows of ``player`` over ``deals`` deals against club."""
    follows: list[Follow] = []

    def recorded(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        action = player(view, rng, budget)
        k = Knowledge.read(view)
        if k.led >= 0 and not k.strict:
            g = k.sample_world(random.Random(0))  # the features read only the follower's hand
            options = members(g.playable())
            rows = [replies.features(g, r) for r in options]
            follows.append((rows, options.index(to_int(action))))
        return action

    rng = random.Random(seed)
    for i in range(deals):
        seats = (recorded, PLAYERS["club"]) if i % 2 == 0 else (PLAYERS["club"], recorded)
        rngs = (random.Random(seed + 2 * i), random.Random(seed + 2 * i + 1))
        play_deal(random_deck(rng), i % 2, seats, rngs)
    return follows


def probabilities(w: list[float], rows: list[tuple[int, int, int]]) -> list[float]:
    u = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in rows]
    top = max(u)
    e = [math.exp(v - top) for v in u]
    total = sum(e)
    return [v / total for v in e]


def log_likelihood(w: list[float], follows: list[Follow]) -> float:
    return sum(math.log(probabilities(w, rows)[chosen]) for rows, chosen in follows)


def top1(w: list[float], follows: list[Follow]) -> float:
    hits = 0.0
    for rows, chosen in follows:
        p = probabilities(w, rows)
        best = [i for i, v in enumerate(p) if v >= max(p) - 1e-12]
        hits += (chosen in best) / len(best)
    return hits / len(follows)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination (a small, positive definite system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        for r in range(i + 1, n):
            f = m[r][i] / m[i][i]
            m[r] = [x - f * y for x, y in zip(m[r], m[i], strict=True)]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))) / m[i][i]
    return x


def fit(follows: list[Follow]) -> list[float]:
    """The weights of the three features that maximise the likelihood of the follows."""
    w = [0.0, 0.0, 0.0]
    for _ in range(30):
        grad = [0.0] * 3
        hess = [[0.0] * 3 for _ in range(3)]
        for rows, chosen in follows:
            p = probabilities(w, rows)
            mean = [sum(pj * x[a] for pj, x in zip(p, rows, strict=True)) for a in range(3)]
            for a in range(3):
                grad[a] += rows[chosen][a] - mean[a]
            for pj, x in zip(p, rows, strict=True):
                d = [x[a] - mean[a] for a in range(3)]
                for a in range(3):
                    for b in range(3):
                        hess[a][b] += pj * d[a] * d[b]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def as_constants(w: list[float]) -> tuple[float, float, float]:
    """(BETA, TRUMP_COST, MARRIAGE_COST) of the weights of (won, trumps, breaks)."""
    return 10 * w[0], -w[1] / w[0], -w[2] / w[0]


def weights_of(beta: float, trump_cost: float, marriage_cost: float) -> list[float]:
    return [beta / 10, -beta / 10 * trump_cost, -beta / 10 * marriage_cost]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--player", default="rollout", choices=sorted(PLAYERS))
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    pin_to_one_core()
    follows = collect(PLAYERS[args.player], args.deals, args.seed)
    fitted = fit(follows)
    shipped = weights_of(replies.BETA, replies.TRUMP_COST, replies.MARRIAGE_COST)
    uniform = sum(math.log(1 / len(rows)) for rows, _ in follows) / len(follows)
    print(f"{len(follows)} open-talon follows of {args.player} against club")
    print(f"uniform: log-likelihood per follow {uniform:.4f}")
    for name, w in (("replies.py", shipped), ("fitted", fitted)):
        beta, trump_cost, marriage_cost = as_constants(w)
        print(
            f"{name:>10}: BETA {beta:.2f} TRUMP_COST {trump_cost:.2f} "
            f"MARRIAGE_COST {marriage_cost:.2f}  log-likelihood per follow "
            f"{log_likelihood(w, follows) / len(follows):.4f}  likeliest reply played "
            f"{top1(w, follows):.1%}"
        )


if __name__ == "__main__":
    main()
