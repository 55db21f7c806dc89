"""Tournament of the computer levels on the engine (no Django): by default each level of a
variant against the one below it, the bench that measures Kati's strength (docs/bots.md,
"Measured: each level against the one below").

    .venv/bin/python bench/bots.py [--variant klub|sixty-six|partnership] [--pairs 200]
                                   [--pairings club:beginner,expert:strong]
                                   [--budget 0.5] [--seed 2026] [--solver 300]

Each deal pair is one random deck played twice, the two players swapping seats (the dealer
alternates from pair to pair). For each pairing it prints the first player's share of the
game points with a 95% confidence interval (delta method over deal pairs), the 7-point matches
each side won when the deals are chained in the order played, the median / p99 milliseconds
per decision of each side, and any illegal action (there must be none). In sixty-six a 60:60
draw gives no game points to either side (each deal of the bench is a first deal, with no
bonus carried), and the matches are chained to 7. ``--solver N`` (klub) also
times the exact solver (the C search, and the Python reference) on N random
perfect-information endgames. Besides the levels, the research baselines (``research/``)
``rollout`` (the pure-rollout sampler) and ``rdeep`` (the classic one as published) can be
named in a pairing.

``--variant partnership`` (four seats) plays duplicate hands instead: each of ``--pairs`` random
decks is dealt four times, the first player of the pairing at each seat in turn against three
of the second (the dealer moving from deck to deck). It prints the first player's mean chips
won per hand with a 95% interval (the deck, its four rotations averaged, as the sampling unit),
how often it called and won, the all-passes (counted as no change: the pot stays on the
table), the median / p99 milliseconds per decision of each side, and any illegal action.
``--paired`` also plays every hand with the second player at all four seats (the same deck,
dealer and random sources per seat) and prints the paired estimate: the first player's chips
less the second's at the same seat. With four alike seats each seat's chips average zero (the
game is zero-sum, an all-pass no change), so it estimates the same mean as the plain figure
with far less variance: the hands the two players play alike cancel.

Runs pinned to one core:
the lowest one it may use, so run two side by side under ``taskset -c 0`` and ``taskset -c 1``,
or they share a core.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots import fastsearch
from apps.bots.bitgame import BitGame, from_deal
from apps.bots.cardbits import CLOSE, EXCHANGE
from apps.bots.levels import player_for
from apps.matches.engine import Card, MatchState
from apps.matches.simulation import random_deck
from apps.matches.strengths import levels_for
from bench.cpu import pin_to_one_core
from research.arena import Player, play_deal, start_deal
from research.baseline import rdeep_baseline, rollout_baseline
from research.hands4 import play_hand
from tests.bots.reference_solver import action_values
from tests.engine.partnership import partnership_registered

# the klub levels by name, and the rollout baselines
PLAYERS: dict[str, Player] = {
    **{level: player_for("klub", level) for level in levels_for("klub")},
    "rollout": rollout_baseline,
    "rdeep": rdeep_baseline,
}
TARGET = 7


def players_of(variant: str) -> dict[str, Player]:
    """The players a pairing may name: the variant's levels (klub: and the baselines)."""
    if variant == "klub":
        return PLAYERS
    return {level: player_for(variant, level) for level in levels_for(variant)}


def default_pairings(variant: str) -> str:
    """Each level against the one below it: club:beginner,strong:club,expert:strong."""
    return ",".join(f"{upper}:{lower}" for lower, upper in itertools.pairwise(levels_for(variant)))


DEFAULT_PAIRINGS = default_pairings("klub")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def share_interval(a: list[int], b: list[int]) -> tuple[float, float, float]:
    """A's share of all game points and its 95% interval, pairs as the sampling unit."""
    n = len(a)
    totals = [x + y for x, y in zip(a, b, strict=True)]
    mean_t = sum(totals) / n
    share = sum(a) / sum(totals)
    residuals = [x - share * t for x, t in zip(a, totals, strict=True)]
    se = math.sqrt(statistics.pvariance(residuals) / n) / mean_t
    return share, share - 1.96 * se, share + 1.96 * se


def matches_won(stream: list[tuple[int | None, int]]) -> tuple[int, int]:
    """7-point matches won by A and by B when the deals' game points are chained in order
    (side ``None``: a drawn deal)."""
    won = [0, 0]
    score = [0, 0]
    for side, points in stream:
        if side is None:
            continue
        score[side] += points
        if score[side] >= TARGET:
            won[side] += 1
            score = [0, 0]
    return won[0], won[1]


def deal_decks(seed: int, pairs: int, variant: str = "klub") -> Iterator[tuple[Card, ...]]:
    """The decks of a tournament: one per deal pair, the same for every pairing of a seed."""
    rng = random.Random(seed)
    for _ in range(pairs):
        yield random_deck(rng, variant)


def seat_rngs(seed: int, pair: int) -> tuple[random.Random, random.Random]:
    """The two seats' random sources for each deal of pair ``pair``."""
    return random.Random(seed * 7919 + 2 * pair), random.Random(seed * 7919 + 2 * pair + 1)


def pairing(
    name_a: str,
    name_b: str,
    pairs: int,
    budget: float,
    seed: int,
    *,
    players: dict[str, Player] = PLAYERS,
    observe: Callable[[MatchState], None] | None = None,
    variant: str = "klub",
) -> None:
    player_a, player_b = players[name_a], players[name_b]
    a_points: list[int] = []
    b_points: list[int] = []
    stream: list[tuple[int | None, int]] = []
    draws = 0
    secs: dict[str, list[float]] = {name_a: [], name_b: []}
    illegal = 0
    start = time.perf_counter()
    for i, deck in enumerate(deal_decks(seed, pairs, variant)):
        pa = pb = 0
        for a_seat in (0, 1):
            seats = (player_a, player_b) if a_seat == 0 else (player_b, player_a)
            out = play_deal(
                deck,
                i % 2,
                seats,
                seat_rngs(seed, i),
                budget=budget,
                observe=observe,
                variant=variant,
            )
            illegal += out.illegal
            side = None if out.winner is None else 0 if out.winner == a_seat else 1
            stream.append((side, out.game_points))
            draws += side is None
            if side == 0:
                pa += out.game_points
            elif side == 1:
                pb += out.game_points
            secs[name_a].extend(out.seconds[a_seat])
            secs[name_b].extend(out.seconds[1 - a_seat])
        a_points.append(pa)
        b_points.append(pb)
    share, low, high = share_interval(a_points, b_points)
    won_a, won_b = matches_won(stream)
    elapsed = time.perf_counter() - start

    def timing(name: str) -> str:
        s = secs[name]
        return f"{statistics.median(s) * 1e3:.2f}/{percentile(s, 0.99) * 1e3:.2f}"

    print(
        f"{name_a:>8} vs {name_b:<8} pairs {pairs:5d}  share {share:6.1%} "
        f"[{low:6.1%}, {high:6.1%}]  matches {won_a}:{won_b}  "
        f"ms/decision median/p99 {name_a} {timing(name_a)} {name_b} {timing(name_b)}  "
        f"illegal {illegal}{f'  draws {draws}' if variant != 'klub' else ''}  ({elapsed:.0f} s)",
        flush=True,
    )


def partnership_pairing(
    name_a: str,
    name_b: str,
    decks: int,
    *,
    budget: float,
    seed: int,
    players: dict[str, Player],
    paired: bool = False,
) -> None:
    """``name_a`` against three ``name_b`` over ``decks`` duplicate decks (module docstring)."""
    player_a, player_b = players[name_a], players[name_b]
    per_deck: list[float] = []
    per_deck_paired: list[float] = []
    secs: dict[str, list[float]] = {name_a: [], name_b: []}
    illegal = all_passed = called = called_won = 0
    start = time.perf_counter()
    for i, deck in enumerate(deal_decks(seed, decks, "partnership")):
        chips = control = 0
        for a_seat in range(4):
            seats = tuple(player_a if s == a_seat else player_b for s in range(4))
            rngs = tuple(random.Random(seed * 7919 + 16 * i + 4 * a_seat + s) for s in range(4))
            out = play_hand(deck, i % 4, seats, rngs, budget=budget)
            chips += out.changes[a_seat]
            if paired:  # the same hand, sources and seat with the lower level there too
                rngs = tuple(random.Random(seed * 7919 + 16 * i + 4 * a_seat + s) for s in range(4))
                base = play_hand(deck, i % 4, (player_b,) * 4, rngs, budget=budget)
                control += base.changes[a_seat]
            illegal += out.illegal
            all_passed += out.reason == "all_passed"
            if out.caller == a_seat:
                called += 1
                called_won += out.changes[a_seat] > 0
            for s in range(4):
                secs[name_a if s == a_seat else name_b].extend(out.seconds[s])
        per_deck.append(chips / 4)
        per_deck_paired.append((chips - control) / 4)
    mean = statistics.fmean(per_deck)
    half = 1.96 * statistics.stdev(per_deck) / math.sqrt(len(per_deck))
    elapsed = time.perf_counter() - start
    pair = ""
    if paired:
        pm = statistics.fmean(per_deck_paired)
        ph = 1.96 * statistics.stdev(per_deck_paired) / math.sqrt(len(per_deck_paired))
        pair = f"paired {pm:+7.1f} [{pm - ph:+7.1f}, {pm + ph:+7.1f}]  "

    def timing(name: str) -> str:
        s = secs[name]
        return f"{statistics.median(s) * 1e3:.2f}/{percentile(s, 0.99) * 1e3:.2f}"

    print(
        f"{name_a:>8} vs 3 {name_b:<8} hands {4 * decks:5d}  chips/hand {mean:+7.1f} "
        f"[{mean - half:+7.1f}, {mean + half:+7.1f}]  {pair}called {called} (won {called_won})  "
        f"all-pass {all_passed}  ms/decision median/p99 {name_a} {timing(name_a)} "
        f"{name_b} {timing(name_b)}  illegal {illegal}  ({elapsed:.0f} s)",
        flush=True,
    )


def random_endgames(rng: random.Random, n: int) -> list[BitGame]:
    """Perfect-information endgames: random play until the talon is exhausted (70%) or until
    a random lead closes it (30%; every hand then known to the solver)."""
    out: list[BitGame] = []
    while len(out) < n:
        g = from_deal(start_deal(random_deck(rng), rng.randrange(2)).deal)  # type: ignore[arg-type]
        close = rng.random() < 0.3
        while g.result is None and not g.strict:
            if close and g.can_close() and rng.random() < 0.4:
                g.apply(CLOSE)
                break
            g.apply(rng.choice([a for a in g.actions() if a < EXCHANGE]))
        if g.result is None:
            out.append(g)
    return out


def solver_timing(n: int, seed: int) -> None:
    """Every move's exact value on ``n`` endgames: the C search the levels use, and the Python
    reference solver it is tested against."""
    games = random_endgames(random.Random(seed), n)
    for name, values in (("C", fastsearch.action_values), ("Python reference", action_values)):
        secs = []
        for g in games:
            start = time.perf_counter()
            values(g)
            secs.append(time.perf_counter() - start)
        print(
            f"exact solver ({name}): {n} endgames, every move's value in median "
            f"{statistics.median(secs) * 1e3:.3f} ms, p99 {percentile(secs, 0.99) * 1e3:.2f} ms, "
            f"max {max(secs) * 1e3:.2f} ms",
            flush=True,
        )


def tournament_parser(doc: str | None, pairings: str | None) -> argparse.ArgumentParser:
    """The options every tournament bench takes: pairs, pairings, budget and seed (pairings
    ``None``: each level of the variant against the one below)."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--pairings", default=pairings)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=2026)
    return parser


def run_pairings(
    args: argparse.Namespace,
    players: dict[str, Player] = PLAYERS,
    observe: Callable[[MatchState], None] | None = None,
) -> None:
    """Each ``a:b`` of ``args.pairings``, one after the other."""
    variant = getattr(args, "variant", "klub")
    for spec in args.pairings.split(","):
        if spec:
            a, b = spec.split(":")
            pairing(
                a,
                b,
                args.pairs,
                args.budget,
                args.seed,
                players=players,
                observe=observe,
                variant=variant,
            )


def main() -> None:
    parser = tournament_parser(__doc__, None)
    parser.add_argument("--variant", default="klub", choices=("klub", "sixty-six", "partnership"))
    parser.add_argument("--solver", type=int, default=0)
    parser.add_argument("--paired", action="store_true")
    args = parser.parse_args()
    if args.pairings is None:
        args.pairings = default_pairings(args.variant)
    pin_to_one_core()
    if args.solver:
        solver_timing(args.solver, args.seed)
    if args.variant == "partnership":
        with partnership_registered():
            for spec in filter(None, args.pairings.split(",")):
                a, b = spec.split(":")
                partnership_pairing(
                    a,
                    b,
                    args.pairs,
                    budget=args.budget,
                    seed=args.seed,
                    players=players_of(args.variant),
                    paired=args.paired,
                )
        return
    run_pairings(args, players_of(args.variant))


if __name__ == "__main__":
    main()
