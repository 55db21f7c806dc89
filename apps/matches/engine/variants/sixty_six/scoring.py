"""The game points of a ``sixty-six`` deal (rules §3 and §6), from the facts that decide them.

"Points" in every 3/2/1 row is the score: card points plus announced marriages, as in klub. A
declaration is right with 66 or more and at least one trick. The drawn deal's bonus is added by
the caller (``play.py``), not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..klub.scoring import WINNING_SCORE, by_loser_state
from .events import (
    CLOSE_FAILED,
    CLOSE_SUCCEEDED,
    COUNT,
    DECLARED,
    DRAW,
    SURRENDERED,
    WRONG_DECLARATION,
)
from .state import SixtySixDeal


@dataclass(frozen=True)
class Standing:
    """What decides a deal's game points, per seat: its score (card points + announced
    marriages), card points and tricks; the closer, and each seat's (score, tricks) when the
    talon was closed."""

    scores: tuple[int, ...]
    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    closed_by: int | None = None
    closed_at: tuple[tuple[int, int], ...] | None = None


def standing(deal: SixtySixDeal) -> Standing:
    """The facts of ``deal`` that decide its game points."""
    seats = range(deal.seats)
    return Standing(
        scores=tuple(deal.points(s) for s in seats),
        card_points=deal.card_points,
        tricks=tuple(deal.trick_count(s) for s in seats),
        closed_by=deal.closed_by,
        closed_at=deal.closed_at,
    )


class Outcome(NamedTuple):
    winner: int | None
    game_points: int
    reason: str


def is_right(standing: Standing, seat: int) -> bool:
    """A declaration by ``seat`` is right: 66 or more, and at least one trick."""
    return standing.tricks[seat] > 0 and standing.scores[seat] >= WINNING_SCORE


def for_wrong_declaration(opponent_tricks: int) -> int:
    """Game points to the opponent of a wrong declaration: 3 if it has no trick yet, else 2."""
    return 3 if opponent_tricks == 0 else 2


def for_failed_close(closer_tricks_at_close: int) -> int:
    """Game points to the closer's opponent when the close fails: 3 only if the *closer* had
    no trick when closing, else 2 (klub counts the opponent's tricks instead)."""
    return 3 if closer_tricks_at_close == 0 else 2


def _failed_close(standing: Standing) -> Outcome:
    closer = standing.closed_by
    assert closer is not None and standing.closed_at is not None
    _, tricks_then = standing.closed_at[closer]
    return Outcome(1 - closer, for_failed_close(tricks_then), CLOSE_FAILED)


def on_declaration(standing: Standing, seat: int) -> Outcome:
    """``seat`` declared "enough".

    Talon not closed: right, it wins by the loser's score (3 / 2 / 1); wrong, the opponent
    wins 2, or 3 without a trick. After a close: the closer's right declaration is a
    successful close (scored by the opponent's state at closing); the closer's wrong one, or
    the opponent's right one, a failed close; the opponent's wrong one, a wrong declaration.
    """
    other = 1 - seat
    right = is_right(standing, seat)
    closer = standing.closed_by
    if closer is None:
        if right:
            points = by_loser_state(standing.scores[other], standing.tricks[other])
            return Outcome(seat, points, DECLARED)
        return Outcome(other, for_wrong_declaration(standing.tricks[other]), WRONG_DECLARATION)
    if seat == closer:
        if right:
            assert standing.closed_at is not None
            return Outcome(seat, by_loser_state(*standing.closed_at[other]), CLOSE_SUCCEEDED)
        return _failed_close(standing)
    if right:
        return _failed_close(standing)
    return Outcome(other, for_wrong_declaration(standing.tricks[other]), WRONG_DECLARATION)


def on_count(standing: Standing) -> Outcome:
    """Every card is played and nobody declared. After a close, the closer failed. Else the
    more card points win (no last-trick bonus, 120 in the deck), scored by the loser's score;
    60:60 is a draw."""
    if standing.closed_by is not None:
        return _failed_close(standing)
    first, second = standing.card_points
    if first == second:
        return Outcome(None, 0, DRAW)
    winner = 0 if first > second else 1
    loser = 1 - winner
    points = by_loser_state(standing.scores[loser], standing.tricks[loser])
    return Outcome(winner, points, COUNT)


def on_surrender(standing: Standing, seat: int) -> Outcome:
    """``seat`` gave up the deal: scored by its own state, also after a close (as klub)."""
    points = by_loser_state(standing.scores[seat], standing.tricks[seat])
    return Outcome(1 - seat, points, SURRENDERED)
