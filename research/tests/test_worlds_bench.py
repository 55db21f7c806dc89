"""``research/worlds.py``: what the sampling error of the expert's choice costs with m worlds."""

from __future__ import annotations

import random

import pytest

from apps.bots.expert import world_values
from apps.bots.fastsearch import FastDealSolver
from research.worlds import choice_values, position, sampled


def test_a_candidate_better_in_every_world_is_chosen_from_any_number_of_worlds() -> None:
    rng = random.Random(1)
    rows = []
    for _ in range(40):
        luck = rng.choice((-3.0, -1.0, 1.0, 2.0))
        rows.append([luck, luck - 1.0, luck - 0.5])
    two, eight, whole = choice_values(rows, rng, [2, 8])
    assert two == pytest.approx(whole)
    assert eight == pytest.approx(whole)
    assert -3.0 <= whole <= 2.0


def test_few_worlds_choose_worse_among_noisy_candidates() -> None:
    rng = random.Random(2)
    rows = [[rng.gauss(0.3, 2.0), rng.gauss(0.0, 2.0), rng.gauss(-0.3, 2.0)] for _ in range(400)]
    few, many, whole = choice_values(rows, rng, [2, 100])
    assert few < many <= whole + 0.05


def test_the_worlds_are_valued_as_the_expert_values_them() -> None:
    rng = random.Random(3)
    found = None
    while found is None:
        found = position(rng, 1)
    k, plays = found
    rows = sampled(k, plays, 3, random.Random(4))
    again = random.Random(4)
    for row in rows:
        values = world_values(k, FastDealSolver(k.sample_world(again)), plays)
        assert row == [values[a] for a in plays]
