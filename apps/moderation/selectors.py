"""Reads about reports and sanctions: the online restriction every online endpoint checks, a
player's notices and reports, and the next step of the sanction ladder (docs/moderation.md)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Q, QuerySet
from django.utils import timezone

from .models import Report, Sanction


@dataclass(frozen=True)
class Restriction:
    """Why a player may not play online or chat now: ``banned``, or ``suspended`` until."""

    code: str
    ends_at: datetime | None


def _restricting(user_id: int, now: datetime) -> QuerySet[Sanction]:
    return Sanction.objects.filter(user_id=user_id, lifted_at__isnull=True).filter(
        Q(kind=Sanction.Kind.BAN) | Q(kind=Sanction.Kind.SUSPENSION, ends_at__gt=now)
    )


# ``_restricting`` in SQL: every move of an online match asks it (``apps/matches/services.py``),
# and the ORM spent 1.2 ms of CPU building and running it against 0.13 ms for this statement
# (3,000 calls in-process, PostgreSQL on the loopback); as in ``apps/matches/event_store.py``,
# SQLite (embedded mode) keeps the ORM.
_RESTRICTING_SQL = (
    f"SELECT kind, ends_at FROM {Sanction._meta.db_table} WHERE user_id = %s "
    "AND lifted_at IS NULL AND (kind = %s OR (kind = %s AND ends_at > %s))"
)


def _restricting_rows(user_id: int, now: datetime) -> list[tuple[str, datetime | None]]:
    """``(kind, ends_at)`` of each sanction restricting the player at ``now``."""
    if connection.vendor != "postgresql":
        return list(_restricting(user_id, now).values_list("kind", "ends_at"))
    with connection.cursor() as cursor:
        cursor.execute(
            _RESTRICTING_SQL,
            [user_id, Sanction.Kind.BAN.value, Sanction.Kind.SUSPENSION.value, now],
        )
        return cursor.fetchall()


def online_restriction(user_id: int, now: datetime | None = None) -> Restriction | None:
    """The ban or the longest running suspension of this player at ``now``, if any (one
    statement)."""
    now = now or timezone.now()
    active = _restricting_rows(user_id, now)
    if any(kind == Sanction.Kind.BAN for kind, _ in active):
        return Restriction("banned", None)
    ends = [ends_at for _, ends_at in active if ends_at is not None]
    if not ends:
        return None
    return Restriction("suspended", max(ends))


# --- what a player sees ---------------------------------------------------------------------


def notices_for(*, user_id: int, now: datetime | None = None) -> list[Sanction]:
    """The player's notices, oldest first: warnings not yet acknowledged (nor lifted), and the
    suspensions and ban restricting the player at ``now``."""
    now = now or timezone.now()
    warnings = Sanction.objects.filter(
        user_id=user_id,
        kind=Sanction.Kind.WARNING,
        lifted_at__isnull=True,
        acknowledged_at__isnull=True,
    )
    return sorted([*warnings, *_restricting(user_id, now)], key=lambda s: (s.created_at, s.pk))


def reports_of_reporter(*, user_id: int) -> QuerySet[Report]:
    """The reports this player made, newest first (only theirs: nothing about others)."""
    return (
        Report.objects.filter(reporter_id=user_id)
        .select_related("reported")
        .order_by("-created_at", "-pk")
    )


# --- for moderators -------------------------------------------------------------------------


def reports_against(*, user_id: int, exclude_id: int | None = None) -> QuerySet[Report]:
    """Every report against this player, newest first (``exclude_id``: the one being read)."""
    reports = Report.objects.filter(reported_id=user_id).select_related("reporter", "resolved_by")
    if exclude_id is not None:
        reports = reports.exclude(pk=exclude_id)
    return reports.order_by("-created_at", "-pk")


def sanctions_of(*, user_id: int) -> QuerySet[Sanction]:
    """Every sanction of this player (lifted ones too), newest first."""
    return (
        Sanction.objects.filter(user_id=user_id)
        .select_related("created_by", "lifted_by")
        .order_by("-created_at", "-pk")
    )


@dataclass(frozen=True)
class Suggestion:
    """The next step of the ladder: ``warning``, ``suspension`` (for ``duration``), ``ban``, or
    ``none`` when the player is banned already."""

    action: str
    duration: timedelta | None
    explanation: str

    def until(self, now: datetime) -> datetime | None:
        return now + self.duration if self.duration is not None else None

    def __str__(self) -> str:
        if self.action == "suspension" and self.duration is not None:
            return f"suspension for {self.duration.days} day(s): {self.explanation}"
        return f"{self.action}: {self.explanation}"


def sanctions_suggest_next(*, user_id: int, report: Report | None = None) -> Suggestion:
    """The next step for this player given the sanctions that stand (lifted ones do not count):

    no sanction → a written warning (a threat skips it: a 1-day suspension);
    warnings only → suspension for the first step of ``MODERATION_SUSPENSION_LADDER_DAYS``;
    n suspensions → the (n+1)-th step; past the last step → a permanent ban.

    A suggestion: the moderator decides (a serious case may go straight to a longer step)."""
    ladder = [timedelta(days=d) for d in settings.MODERATION_SUSPENSION_LADDER_DAYS]
    standing = Sanction.objects.filter(user_id=user_id, lifted_at__isnull=True)
    if standing.filter(kind=Sanction.Kind.BAN).exists():
        return Suggestion("none", None, "already banned")
    warnings = standing.filter(kind=Sanction.Kind.WARNING).count()
    suspensions = standing.filter(kind=Sanction.Kind.SUSPENSION).count()
    history = f"{warnings} warning(s) and {suspensions} suspension(s) so far"
    if suspensions >= len(ladder):
        return Suggestion("ban", None, f"{history}: the last step of the ladder")
    if suspensions or warnings:
        return Suggestion("suspension", ladder[suspensions], history)
    if report is not None and report.category == Report.Category.THREAT:
        return Suggestion("suspension", ladder[0], "a first case, but a threat: no warning first")
    return Suggestion("warning", None, "a first case")
