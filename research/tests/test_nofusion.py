"""The bench-only player that chooses the expert's next decision per information set
(``research/nofusion.py``): for one world its values are the blind-follower search with two
modelled tricks (the expert's losses weighed in both); over several worlds removing the
fusion never raises a value, and does lower some; it plays legal actions only."""

from __future__ import annotations

import random

import pytest

from apps.bots.bitgame import BitGame
from apps.bots.cardbits import CLOSE, NCARDS
from apps.bots.expert import LOSS_WEIGHT, weigh
from apps.bots.fastsearch import FastDealSolver
from apps.matches.simulation import random_deck
from research.arena import play_deal
from research.baseline import rollout_baseline
from research.nofusion import infoset_values, nofusion
from tests.bots.test_fastsearch import open_world


def fused_values(g: BitGame) -> dict[int, float]:
    """Every action's value in one world, the next own decision chosen knowing it."""
    s = FastDealSolver(g)
    acts = [a for a in g.actions() if a != CLOSE]
    values = s.model_values(acts, blind=1 - g.turn, tricks=2, loss_weight=LOSS_WEIGHT)
    if g.can_close():
        values[CLOSE] = max(weigh(v) for v in s.close_lead_values().values())
    return values


def same_position(g: BitGame, rng: random.Random) -> BitGame:
    """Another world of the same public position and own hand: the opponent's hand and the
    talon order shuffled together."""
    other = g.clone()
    opp = 1 - g.turn
    hidden = [c for c in range(NCARDS) if g.hands[opp] >> c & 1] + other.talon
    rng.shuffle(hidden)
    size = g.hands[opp].bit_count()
    other.hands[opp] = sum(1 << c for c in hidden[:size])
    other.talon = hidden[size:]
    return other


@pytest.mark.parametrize("open_tricks", [1, 2, 3, 5])
def test_one_world_is_the_search_with_two_modelled_tricks(open_tricks: int) -> None:
    rng = random.Random(open_tricks)
    for _ in range(6 if open_tricks < 5 else 2):
        g = open_world(rng, open_tricks)
        got = infoset_values([g], g.turn)
        want = fused_values(g)
        assert got.keys() == want.keys()
        for a, v in want.items():
            assert got[a] == pytest.approx(v, abs=1e-9), (a, got, want)


def test_without_fusion_no_value_rises_and_some_fall() -> None:
    rng = random.Random(7)
    lower = 0
    for _ in range(8):
        g = open_world(rng, 3)
        worlds = [g] + [same_position(g, rng) for _ in range(5)]
        got = infoset_values(worlds, g.turn)
        per_world = [fused_values(w) for w in worlds]
        for a, v in got.items():
            fused = sum(values[a] for values in per_world) / len(worlds)
            assert v <= fused + 1e-9
            lower += v < fused - 1e-6
    assert lower > 0


def test_it_plays_legal_actions_only() -> None:
    player = nofusion(2)
    for i in range(2):
        rngs = (random.Random(2 * i), random.Random(2 * i + 1))
        out = play_deal(random_deck(random.Random(i)), i % 2, (player, rollout_baseline), rngs)
        assert out.illegal == 0
