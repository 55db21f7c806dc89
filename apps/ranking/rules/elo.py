"""Elo ratings, pure Python (no Django): the numbers are explained in docs/ranking.md.

Ratings are integers. A new player starts at ``INITIAL_RATING``; during the first
``PROVISIONAL_MATCHES`` ranked matches a player's rating moves with ``K_PROVISIONAL``, later with
``K_ESTABLISHED``. Each player's delta is ``round(K * (score - expected))``, so two players with
the same K gain and lose exactly the same amount.
"""

from __future__ import annotations

from dataclasses import dataclass

INITIAL_RATING = 1500
K_PROVISIONAL = 40
K_ESTABLISHED = 20
PROVISIONAL_MATCHES = 20


def expected_score(rating: int | float, opponent: int | float) -> float:
    """The probability-like share of the points ``rating`` is expected to take."""
    odds: float = 10.0 ** ((opponent - rating) / 400.0)  # a float's power may be complex: not here
    return 1.0 / (1.0 + odds)


def k_factor(matches_played: int) -> int:
    """K for a player who has played ``matches_played`` ranked matches before this one."""
    return K_PROVISIONAL if matches_played < PROVISIONAL_MATCHES else K_ESTABLISHED


def is_provisional(matches_played: int) -> bool:
    return matches_played < PROVISIONAL_MATCHES


@dataclass(frozen=True, slots=True)
class Outcome:
    """The new ratings after one decided match."""

    winner_before: int
    winner_after: int
    loser_before: int
    loser_after: int

    @property
    def winner_delta(self) -> int:
        return self.winner_after - self.winner_before

    @property
    def loser_delta(self) -> int:
        return self.loser_after - self.loser_before


def rate(*, winner: int, winner_matches: int, loser: int, loser_matches: int) -> Outcome:
    """Ratings after ``winner`` beat ``loser`` (each with the ranked matches played before)."""
    win_delta = round(k_factor(winner_matches) * (1.0 - expected_score(winner, loser)))
    loss_delta = round(k_factor(loser_matches) * (0.0 - expected_score(loser, winner)))
    return Outcome(
        winner_before=winner,
        winner_after=winner + win_delta,
        loser_before=loser,
        loser_after=loser + loss_delta,
    )
