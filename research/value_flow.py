"""Where the game points are lost: each decision's cost in perfect-information value.

    .venv/bin/python research/value_flow.py [--pairs 200] [--pairings expert:rdeep] [--seed 2026]

Plays the pairing's deals exactly as ``bench/bots.py`` does (the same decks and random
sources for a seed) and, before every decision, values the true deal exactly for the first
player: the C search over the whole deal while the talon is open, the strict solver after.
A decision's cost to the player who made it is how much that value moved against it. The
values telescope: a deal's result is its value at the start, plus the second player's costs,
minus the first's. The table gives each player's cost per deal by kind of decision (a lead or
a follow, at which open trick, or in the strict phase), which tells where a player loses
against the true cards, information included, and where its opponent gives points away.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots.bitgame import BitGame, from_deal
from apps.bots.fastsearch import FastDealSolver, solve
from apps.matches.engine import MatchState
from bench.bots import PLAYERS, deal_decks, seat_rngs, tournament_parser
from bench.cpu import pin_to_one_core
from research.arena import play_deal


def kind(g: BitGame) -> str:
    """The kind of decision the player on turn of ``g`` faces."""
    move = "follow" if g.led >= 0 else "lead"
    if g.closed_by >= 0:
        return f"strict, closed: {move}"
    if not g.talon:
        return f"strict, talon exhausted: {move}"
    return f"open trick {sum(g.tricks) + 1}: {move}"


def value(g: BitGame, seat: int) -> int:
    """The exact value of the true deal ``g`` for ``seat``, every card known to both."""
    return solve(g, seat) if g.strict else FastDealSolver(g).value(seat)


@dataclass
class Flow:
    """A pairing's decisions, costed for the player who made them (``cost``, in game points
    of value, and ``count``, by (side, kind): side 0 is the pairing's first player, 1 its
    second); and its deals' values at the start and their results, both for the first
    player, and the game points won by either."""

    cost: Counter[tuple[int, str]] = field(default_factory=Counter)
    count: Counter[tuple[int, str]] = field(default_factory=Counter)
    deals: int = 0
    start: int = 0
    result: int = 0
    points: int = 0

    def total(self, side: int) -> float:
        return sum(v for (s, _), v in self.cost.items() if s == side)


def value_flow(name_a: str, name_b: str, pairs: int, budget: float, seed: int) -> Flow:
    flow = Flow()
    pair = (PLAYERS[name_a], PLAYERS[name_b])
    for i, deck in enumerate(deal_decks(seed, pairs)):
        for a_seat in (0, 1):
            trace: list[tuple[int, str, int]] = []  # (side on turn, kind, value for a)

            def observe(
                state: MatchState, a_seat: int = a_seat, trace: list[tuple[int, str, int]] = trace
            ) -> None:
                assert state.deal is not None
                g = from_deal(state.deal)
                trace.append((int(g.turn != a_seat), kind(g), value(g, a_seat)))

            seats = pair if a_seat == 0 else pair[::-1]
            out = play_deal(deck, i % 2, seats, seat_rngs(seed, i), budget=budget, observe=observe)
            result = out.game_points if out.winner == a_seat else -out.game_points
            after = [v for _, _, v in trace[1:]] + [result]
            for (side, k, before), v in zip(trace, after, strict=True):
                moved = v - before  # for player a
                flow.cost[side, k] += moved if side else -moved
                flow.count[side, k] += 1
            flow.deals += 1
            flow.start += trace[0][2]
            flow.result += result
            flow.points += out.game_points
    return flow


def main() -> None:
    parser = tournament_parser(__doc__, "expert:rdeep")
    args = parser.parse_args()
    pin_to_one_core()
    for spec in args.pairings.split(","):
        a, b = spec.split(":")
        flow = value_flow(a, b, args.pairs, args.budget, args.seed)
        n = flow.deals
        print(f"{a} vs {b}: {n} deals; game points of value lost per deal")
        kinds = sorted({k for _, k in flow.count}, key=lambda k: (k.startswith("strict"), k))
        print(f"  {'decision':<34} {a:>10} {b:>10}")
        for k in kinds:
            print(f"  {k:<34} {flow.cost[0, k] / n:10.3f} {flow.cost[1, k] / n:10.3f}")
        print(f"  {'all decisions':<34} {flow.total(0) / n:10.3f} {flow.total(1) / n:10.3f}")
        print(
            f"  per deal, for {a}: value at the start {flow.start / n:+.3f}, result "
            f"{flow.result / n:+.3f} of {flow.points / n:.3f} game points "
            f"(a share of {(flow.points + flow.result) / (2 * flow.points):.1%})",
            flush=True,
        )


if __name__ == "__main__":
    main()
