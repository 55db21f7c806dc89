"""The monthly tournament's scoring and order, pure Python (docs/ranking.md).

Every ranked match counts for the calendar month (UTC) in which it ended: ``POINTS_WIN`` for a
win, ``POINTS_LOSS`` for a loss played. Standings are ordered by points, then the Elo gained in
the month, then who reached their points first, then the player id (so the order is total).
"""

from __future__ import annotations

from datetime import UTC, datetime

POINTS_WIN = 3
POINTS_LOSS = 1
MEDALS = {1: "gold", 2: "silver", 3: "bronze"}
FIRST_YEAR = 2020  # the club's first tournaments: earlier months have none


def month_of(moment: datetime) -> tuple[int, int]:
    """(year, month) of ``moment`` in UTC."""
    utc = moment.astimezone(UTC)
    return utc.year, utc.month


def previous_month(year: int, month: int) -> tuple[int, int]:
    return (year - 1, 12) if month == 1 else (year, month - 1)


def next_month(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


def month_held(year: int, month: int, *, current: tuple[int, int]) -> bool:
    """A tournament month exists: a real month from ``FIRST_YEAR`` up to the ``current`` one."""
    return 1 <= month <= 12 and year >= FIRST_YEAR and (year, month) <= current


def month_start(year: int, month: int) -> datetime:
    return datetime(year, month, 1, tzinfo=UTC)


def order_key(
    *, points: int, elo_gain: int, reached_at: datetime, user_id: int
) -> tuple[int, int, datetime, int]:
    """Sort key of a standing: smaller is better."""
    return (-points, -elo_gain, reached_at, user_id)
