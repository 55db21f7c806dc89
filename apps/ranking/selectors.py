"""Reads of the ranking: leaderboards, a month's standings and medals, a player's stats."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import F, Q, QuerySet

from apps.accounts.models import User
from apps.matches.models import Match, Seat

from .models import Medal, Rating, Standing, Ticket
from .rules import elo


def ticket_of(*, user_id: int, ticket_id: int) -> Ticket | None:
    return Ticket.objects.filter(pk=ticket_id, user_id=user_id).first()


def elo_leaderboard() -> QuerySet[Rating]:
    """Players who played at least one ranked match, best rating first."""
    return (
        Rating.objects.filter(matches__gt=0).select_related("user").order_by("-rating", "user_id")
    )


def month_standings(*, year: int, month: int) -> QuerySet[Standing]:
    """A month's tournament table, in the tournament's order (docs/ranking.md)."""
    return (
        Standing.objects.filter(year=year, month=month)
        .select_related("user")
        .order_by("-points", "-elo_gain", "reached_at", "user_id")
    )


def month_medals(*, year: int, month: int) -> list[Medal]:
    return list(Medal.objects.filter(year=year, month=month).select_related("user"))


def medals_of(user_ids: list[int]) -> dict[int, list[Medal]]:
    """Each player's medals, newest first."""
    found: dict[int, list[Medal]] = defaultdict(list)
    for medal in Medal.objects.filter(user_id__in=user_ids).order_by("-year", "-month"):
        found[medal.user_id].append(medal)
    return found


@dataclass(frozen=True)
class PlayerStats:
    user: User
    rating: int
    rated_matches: int
    provisional: bool
    matches: int
    wins: int
    losses: int
    schneider: int
    medals: list[Medal]


def player_stats(*, user_id: int) -> PlayerStats | None:
    """Ranked results of a player, counted from the finished ranked matches (``Match`` rows and
    the ``match_ended`` event of each, for Schneider); voided matches (no winner) are left out.
    """
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return None
    seats = Seat.objects.filter(
        user_id=user_id,
        match__mode=Match.Mode.RANKED,
        match__status=Match.Status.FINISHED,
        match__winner_seat__isnull=False,
    )
    won = Q(match__winner_seat=F("index"))
    wins = seats.filter(won).count()
    matches = seats.count()
    schneider = (
        seats.filter(won, match__events__type="match_ended", match__events__payload__schneider=True)
        .distinct()
        .count()
    )
    rating = Rating.objects.filter(user_id=user_id).first()
    played = rating.matches if rating else 0
    return PlayerStats(
        user=user,
        rating=rating.rating if rating else elo.INITIAL_RATING,
        rated_matches=played,
        provisional=elo.is_provisional(played),
        matches=matches,
        wins=wins,
        losses=matches - wins,
        schneider=schneider,
        medals=list(Medal.objects.filter(user_id=user_id)),
    )
