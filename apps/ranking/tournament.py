"""The monthly tournament of each ranked game: the standings a rated match moves, and the closing
of a finished month (gold, silver and bronze to its top three). Its rules (points, order, months)
are ``rules/tournament.py``."""

from __future__ import annotations

from datetime import datetime

from django.db import IntegrityError, transaction

from apps.common.errors import Conflict

from . import clock
from .models import Medal, MonthClosing, Standing
from .rules import tournament as rules


def standings_update(*, now: datetime, variant: str, results: list[tuple[int, bool, int]]) -> None:
    """Inside the rating's transaction: the players' standing in ``variant``'s tournament of
    ``now``'s month, ``(user id, won, Elo delta)`` per player (their rows locked)."""
    year, month = rules.month_of(now)
    user_ids = sorted(uid for uid, _, _ in results)
    Standing.objects.bulk_create(
        [
            Standing(user_id=uid, variant=variant, year=year, month=month, reached_at=now)
            for uid in user_ids
        ],
        ignore_conflicts=True,
    )
    rows = {
        s.user_id: s
        for s in Standing.objects.select_for_update()
        .filter(variant=variant, year=year, month=month, user_id__in=user_ids)
        .order_by("user_id")
    }
    for user_id, won, delta in results:
        row = rows[user_id]
        row.points += rules.POINTS_WIN if won else rules.POINTS_LOSS
        row.wins += int(won)
        row.losses += int(not won)
        row.elo_gain += delta
        row.reached_at = now
        row.save(update_fields=["points", "wins", "losses", "elo_gain", "reached_at"])


def month_close(*, year: int, month: int, variant: str = "klub") -> list[Medal]:
    """Close a variant's finished month: gold, silver and bronze to its top three (by the
    tournament's order). A month is closed once per variant; closing it again awards nothing.
    Returns the new medals."""
    now = clock.now()
    if rules.month_start(*rules.next_month(year, month)) > now:
        raise Conflict("the month is not over yet", code="month_not_over")
    with transaction.atomic():
        try:
            with transaction.atomic():
                MonthClosing.objects.create(variant=variant, year=year, month=month, closed_at=now)
        except IntegrityError:
            return []
        top = list(
            Standing.objects.filter(variant=variant, year=year, month=month, points__gt=0).order_by(
                "-points", "-elo_gain", "reached_at", "user_id"
            )[:3]
        )
        medals = [
            Medal(
                user_id=s.user_id,
                variant=variant,
                year=year,
                month=month,
                rank=rank,
                points=s.points,
                awarded_at=now,
            )
            for rank, s in enumerate(top, start=1)
        ]
        Medal.objects.bulk_create(medals)
    return medals


def months_close_due() -> int:
    """Close every variant's finished month that has standings and is not closed yet (the beat
    job). Returns the number of medals awarded."""
    current = rules.month_of(clock.now())
    awarded = 0
    months = (
        Standing.objects.values_list("variant", "year", "month")
        .distinct()
        .order_by("year", "month", "variant")
    )
    closed = set(MonthClosing.objects.values_list("variant", "year", "month"))
    for variant, year, month in months:
        if (year, month) < current and (variant, year, month) not in closed:
            awarded += len(month_close(year=year, month=month, variant=variant))
    return awarded
