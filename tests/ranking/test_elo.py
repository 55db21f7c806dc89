"""The Elo arithmetic (pure, no database)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.ranking.rules import elo

ratings = st.integers(min_value=100, max_value=3000)
played = st.integers(min_value=0, max_value=500)


def test_expected_score_is_even_between_equals_and_about_91_percent_at_400_points() -> None:
    assert elo.expected_score(1500, 1500) == 0.5
    assert elo.expected_score(1900, 1500) == pytest.approx(0.909, abs=0.001)
    assert elo.expected_score(1500, 1900) == pytest.approx(0.091, abs=0.001)


@given(ratings, ratings)
def test_expected_scores_of_the_two_players_add_up_to_one(a: int, b: int) -> None:
    assert elo.expected_score(a, b) + elo.expected_score(b, a) == pytest.approx(1.0)


def test_a_new_player_starts_at_1500_and_moves_by_half_of_k_against_an_equal() -> None:
    assert elo.INITIAL_RATING == 1500
    new = elo.rate(winner=1500, winner_matches=0, loser=1500, loser_matches=0)
    assert (new.winner_after, new.loser_after) == (1520, 1480)
    settled = elo.rate(winner=1500, winner_matches=50, loser=1500, loser_matches=50)
    assert (settled.winner_delta, settled.loser_delta) == (10, -10)


def test_k_is_40_for_the_first_20_ranked_matches_then_20() -> None:
    assert [elo.k_factor(n) for n in (0, 19, 20, 200)] == [40, 40, 20, 20]
    assert elo.is_provisional(19) and not elo.is_provisional(20)
    # a provisional winner against an established loser: the deltas differ by the Ks
    mixed = elo.rate(winner=1500, winner_matches=19, loser=1500, loser_matches=20)
    assert (mixed.winner_delta, mixed.loser_delta) == (20, -10)


def test_an_upset_moves_more_points_than_the_expected_result() -> None:
    favourite = elo.rate(winner=1800, winner_matches=30, loser=1500, loser_matches=30)
    upset = elo.rate(winner=1500, winner_matches=30, loser=1800, loser_matches=30)
    assert 0 < favourite.winner_delta < 10 < upset.winner_delta
    assert favourite.winner_delta + upset.winner_delta == 20  # K × (E + (1 − E))


@given(ratings, ratings, played)
def test_with_equal_k_the_deltas_are_symmetric_and_the_winner_never_loses(
    winner: int, loser: int, matches: int
) -> None:
    outcome = elo.rate(winner=winner, winner_matches=matches, loser=loser, loser_matches=matches)
    assert outcome.winner_delta == -outcome.loser_delta
    assert outcome.winner_delta >= 0 >= outcome.loser_delta
    assert outcome.winner_delta <= elo.k_factor(matches)
