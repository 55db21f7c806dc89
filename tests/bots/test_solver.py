"""The exact endgame solver: equal to plain minimax on random endgames, right on hand-checked
ones."""

from __future__ import annotations

import random

from apps.bots.cardbits import INDEX
from tests.bots.helpers import endgame, minimax, strict_position
from tests.bots.reference_solver import action_values, best_action, solve


def test_solver_equals_minimax_on_random_endgames() -> None:
    rng = random.Random(11)
    for g in (strict_position(rng) for _ in range(150)):
        for seat in (0, 1):
            assert solve(g, seat) == minimax(g, seat)
        values = action_values(g)
        for a, v in values.items():
            h = g.clone()
            h.apply(a)
            assert v == minimax(h, g.turn)


def test_cash_the_trump_ace_first_for_two_game_points() -> None:
    # 55 vs 28. MA first wins MA+MX = 21 -> 76 with the opponent under 33: 2 game points.
    # PU first lets PA win 13 (28 -> 41), and the MA trick then only scores 1.
    g = endgame("MA PU", "MX PA", pts=[55, 28], tricks=[3, 2])
    assert best_action(g) == (INDEX["MA"], 2)
    assert action_values(g)[INDEX["PU"]] == 1


def test_a_failed_close_costs_three_when_the_opponent_had_no_trick() -> None:
    g = endgame("PU", "PA", pts=[40, 0], tricks=[4, 0], closed_by=0, closed_at=((30, 3), (0, 0)))
    assert solve(g, 0) == -3
    assert solve(g, 1) == 3


def test_a_marriage_that_reaches_66_ends_the_deal() -> None:
    g = endgame("MK MO PU", "PA PX TU", pts=[30, 50], tricks=[1, 2])
    values = action_values(g)
    assert values[INDEX["MK"]] == values[INDEX["MO"]] == 1
    assert best_action(g)[1] == 1
