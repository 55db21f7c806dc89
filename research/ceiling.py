"""What the hidden cards are worth: reference players that see them, against the same opponents.

    .venv/bin/python research/ceiling.py [--pairs 1000] [--pairings seer:rollout,cheater:rollout]
                                      [--budget 0.5] [--seed 2026]

Kati never reads hidden state (docs/bots.md). These two players do, and are never levels; they
measure how much an honest player could gain at most from knowing more than it can:

- ``seer`` sees the opponent's hand but not the order of the face-down talon. It is the
  expert's search with the opponent's hand fixed and only the talon order sampled.
- ``cheater`` sees every card, the talon order included: the expert's search on the true deal.
- ``seer-lead``, ``seer-open`` and ``seer-strict`` are the seer at some decisions only (its
  leads while the talon is open, which include exchanging and closing; every decision while
  the talon is open; every decision of the strict phase) and the honest expert at the others:
  they tell where the opponent's hand is worth the most.

The levels and the rollout baseline can be named as opponents. The output is bench/bots.py's.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots.bitgame import BitGame, from_deal
from apps.bots.cardbits import members
from apps.bots.expert import expert_with
from apps.bots.knowledge import Knowledge
from apps.matches.engine import MatchState
from bench.bots import PLAYERS, run_pairings, tournament_parser
from bench.cpu import pin_to_one_core
from research.arena import Player


@dataclass(frozen=True)
class Revealed(Knowledge):
    """Knowledge with the opponent's hand filled in (``opp_known``), and the talon order too
    when ``talon`` is set: then every sampled world is the true deal."""

    talon: tuple[int, ...] | None = None

    def sample_world(self, rng: random.Random) -> BitGame:
        if self.talon is None:
            return super().sample_world(rng)
        return self.world(self.opp_known, list(self.talon))


class Truth:
    """The state of the deal being played, as the arena shows it before each decision."""

    def __init__(self) -> None:
        self.state: MatchState | None = None

    def observe(self, state: MatchState) -> None:
        self.state = state

    def reveal(self, view: dict[str, Any], *, talon: bool) -> Revealed:
        assert self.state is not None and self.state.deal is not None
        k = Knowledge.read(view)
        true = from_deal(self.state.deal)
        opp_hand = true.hands[k.opp]
        order = tuple(true.talon) if talon else None
        assert order is None or sorted(order) == members(k.unseen & ~opp_hand)
        known = {f.name: getattr(k, f.name) for f in fields(Knowledge)}
        return Revealed(**{**known, "opp_known": opp_hand}, talon=order)


SEEN_AT: dict[str, Callable[[Knowledge], bool]] = {
    "seer-lead": lambda k: not k.strict and k.led < 0,
    "seer-open": lambda k: not k.strict,
    "seer-strict": lambda k: k.strict,
}


def partial_seer(truth: Truth, sees: Callable[[Knowledge], bool]) -> Player:
    """The expert, given the opponent's hand at the decisions ``sees`` picks only."""

    def play(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        k = Knowledge.read(view)
        if sees(k):
            k = truth.reveal(view, talon=False)
        return expert_with(k, view, rng, budget)

    return play


def main() -> None:
    args = tournament_parser(__doc__, "seer:rollout,cheater:rollout").parse_args()
    pin_to_one_core()
    truth = Truth()

    def seer(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        return expert_with(truth.reveal(view, talon=False), view, rng, budget)

    def cheater(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        # Every world is the true deal, so more than one changes nothing but the time (a
        # budget of 0 no longer buys four worlds: the search is stopped at once, expert.py)
        return expert_with(truth.reveal(view, talon=True), view, rng, budget)

    partial = {name: partial_seer(truth, sees) for name, sees in SEEN_AT.items()}
    players = {**PLAYERS, "seer": seer, "cheater": cheater, **partial}
    run_pairings(args, players, truth.observe)


if __name__ == "__main__":
    main()
