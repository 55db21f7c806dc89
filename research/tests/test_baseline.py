"""The two rollout baselines of the benchmarks: how each scores a rolled-out world; legal
actions only against every level."""

from __future__ import annotations

import random

import pytest

from apps.bots.bitgame import BitGame
from apps.bots.cardbits import INDEX, mask
from apps.bots.levels import player_for
from apps.matches.simulation import random_deck
from apps.matches.strengths import levels_for
from research.arena import Player, play_deal
from research.baseline import game_point_score, point_ratio, rdeep_baseline, rollout_baseline

FAST = 0.05  # a small budget keeps the sampling levels quick

# forehand (seat 0) leads; the dealer draws first after the first trick, which it wins
HANDS = ("PK PO TU ZU ZO", "PA PX TA TX ZK")
TALON = "TO PU MK MO MU MX TK ZX ZA"


def new_game() -> BitGame:
    return BitGame(
        [mask(h.split()) for h in HANDS], [INDEX[c] for c in TALON.split()], INDEX["MA"], 0
    )


def play(g: BitGame, *codes: str) -> None:
    for code in codes:
        g.apply(INDEX[code])


def test_point_ratio_counts_a_marriage_only_once_its_announcer_has_a_trick() -> None:
    g = new_game()
    play(g, "PK", "PA")  # forehand announces the plain marriage (20); the dealer takes 15
    assert g.pts == [20, 15]
    assert point_ratio(g, 1) == 1.0
    assert point_ratio(g, 0) == 0.0
    assert game_point_score(g, 0) == 5 / 33  # the other baseline counts the marriage at once
    play(g, "PX", "PO", "TX", "TU")  # the dealer takes two more tricks
    assert g.pts == [20, 40]
    assert point_ratio(g, 0) == 0.0
    play(g, "TA", "MX")  # forehand trumps the ace: its first trick, and the marriage counts
    assert g.pts == [41, 40]
    assert point_ratio(g, 0) == 41 / 81
    assert point_ratio(g, 1) == 40 / 81


def test_a_finished_deal_scores_game_points_for_one_baseline_and_points_for_the_other() -> None:
    g = new_game()
    play(g, "PK", "PA")
    g.surrender(0)  # forehand gives up without a trick: the dealer wins 3 game points
    assert game_point_score(g, 1) == 3
    assert game_point_score(g, 0) == -3
    assert point_ratio(g, 1) == 1.0


@pytest.mark.parametrize("baseline", [rollout_baseline, rdeep_baseline])
def test_the_baselines_play_only_legal_actions_against_every_level(baseline: Player) -> None:
    """The baselines were opponents in the levels' own legality test (tests/bots/test_levels.py)
    until they moved here: every level meets each of them, seats alternating."""
    rng = random.Random(7)
    levels = sorted(levels_for("klub"))
    for i in range(2 * len(levels)):
        players = (baseline, player_for("klub", levels[i % len(levels)]))
        if i % 2:
            players = players[::-1]
        seeds = (random.Random(i), random.Random(i + 1))
        outcome = play_deal(random_deck(rng), i % 2, players, seeds, budget=FAST)
        assert outcome.illegal == 0
