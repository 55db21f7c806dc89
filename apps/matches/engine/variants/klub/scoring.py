"""The game-points table of rules §2 (variant ``klub``)."""

from __future__ import annotations


def by_loser_state(points: int, tricks: int) -> int:
    """Game points won against a side in this state: 3 without a trick, 2 under 33, else 1.

    Used for the loser when someone reaches 66, for the closer's opponent *at closing* after a
    successful close, and for the surrendering player's own state.
    """
    if tricks == 0:
        return 3
    return 2 if points < 33 else 1


def for_failed_close(opponent_tricks_at_close: int) -> int:
    """Game points to the closer's opponent when the close fails: 3 if it had no trick then."""
    return 3 if opponent_tricks_at_close == 0 else 2


LAST_TRICK = 1  # all cards played with the talon not closed and nobody at 66
WINNING_SCORE = 66
