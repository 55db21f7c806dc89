"""The two rollout baselines of the benchmarks: how each scores a rolled-out world."""

from __future__ import annotations

from apps.bots.baseline import game_point_score, point_ratio
from apps.bots.bitgame import BitGame
from apps.bots.cardbits import INDEX, mask

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
