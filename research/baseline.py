"""The pure-rollout baselines (research and benchmarks only, not levels players can pick).

Both sample the hidden cards 16 times, play each candidate card (exchange and close included)
out with uniformly random legal play for at most 4 tricks, and pick the best mean.

- ``rollout_baseline`` compares the candidates on the same 16 worlds and scores a world by
  game points if the deal ended, else by the point difference scaled to game points.
- ``rdeep_baseline`` is the classic public one as published (the "rdeep" bot of the
  Schnapsen course platform): a fresh world for every (candidate, sample) and the score
  ``my points / (my points + the opponent's)``, counting only points already scored (a
  marriage counts once its announcer has a trick), whether or not the deal ended. It plays
  klub's rules, so its random play may also exchange the jack and close, as ours does.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from apps.bots.actions import moves, to_action
from apps.bots.bitgame import BitGame
from apps.bots.heuristics import SURRENDER
from apps.bots.knowledge import Knowledge
from research.arena import Player

SAMPLES = 16
DEPTH_TRICKS = 4


def random_playout(g: BitGame, rng: random.Random) -> None:
    """Play uniformly random legal actions until the deal ends or 4 more tricks are done."""
    tricks = sum(g.tricks) + DEPTH_TRICKS
    while g.result is None and sum(g.tricks) < tricks:
        g.apply(rng.choice(g.actions()))


def game_point_score(g: BitGame, seat: int) -> float:
    if g.result is not None:
        return g.value(seat)
    return (g.pts[seat] - g.pts[1 - seat]) / 33


def point_ratio(g: BitGame, seat: int) -> float:
    scored = [g.pts[s] if g.tricks[s] else 0 for s in (0, 1)]
    total = scored[0] + scored[1]
    return scored[seat] / total if total else 0.5


def _rollout_player(score: Callable[[BitGame, int], float], *, shared_worlds: bool) -> Player:
    def player(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        plays = [m for m in moves(view) if m != SURRENDER]
        if len(plays) == 1:
            return to_action(view, plays[0])
        k = Knowledge.read(view)
        totals = dict.fromkeys(plays, 0.0)
        for _ in range(SAMPLES):
            world = k.sample_world(rng) if shared_worlds else None
            for a in plays:
                g = world.clone() if world is not None else k.sample_world(rng)
                g.apply(a)
                random_playout(g, rng)
                totals[a] += score(g, k.seat)
        return to_action(view, max(plays, key=lambda a: (totals[a], -a)))

    return player


rollout_baseline = _rollout_player(game_point_score, shared_worlds=True)
rdeep_baseline = _rollout_player(point_ratio, shared_worlds=False)
