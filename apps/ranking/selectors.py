"""Reads of the ranking: leaderboards, a month's standings and medals, a player's stats."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import F, Q, QuerySet

from apps.accounts.models import User
from apps.matches.engine.rules import LOST, WON
from apps.matches.engine.variants.partnership.state import START_CHIPS
from apps.matches.models import Match, Seat

from .models import Medal, Rating, Standing, Ticket
from .rules import elo
from .variants import ranked_variants


def ticket_of(*, user_id: int, ticket_id: int) -> Ticket | None:
    return Ticket.objects.filter(pk=ticket_id, user_id=user_id).first()


def elo_leaderboard(*, variant: str) -> QuerySet[Rating]:
    """A variant's ladder: players who played at least one ranked match of it, best first."""
    return (
        Rating.objects.filter(variant=variant, matches__gt=0)
        .select_related("user")
        .order_by("-rating", "user_id")
    )


def month_standings(*, variant: str, year: int, month: int) -> QuerySet[Standing]:
    """A variant's month's tournament table, in the tournament's order (docs/ranking.md)."""
    return (
        Standing.objects.filter(variant=variant, year=year, month=month)
        .select_related("user")
        .order_by("-points", "-elo_gain", "reached_at", "user_id")
    )


def month_medals(*, variant: str, year: int, month: int) -> list[Medal]:
    return list(
        Medal.objects.filter(variant=variant, year=year, month=month).select_related("user")
    )


def medals_of(user_ids: list[int], *, variant: str) -> dict[int, list[Medal]]:
    """Each player's medals in ``variant``'s tournaments, newest first."""
    found: dict[int, list[Medal]] = defaultdict(list)
    medals = Medal.objects.filter(user_id__in=user_ids, variant=variant)
    for medal in medals.order_by("-year", "-month"):
        found[medal.user_id].append(medal)
    return found


@dataclass(frozen=True)
class VariantStats:
    variant: str
    rating: int
    rated_matches: int
    provisional: bool
    matches: int
    wins: int
    losses: int
    schneider: int
    medals: list[Medal]


@dataclass(frozen=True)
class PartnershipStats:
    """A player's finished ``partnership`` games (unranked: no rating, no coins)."""

    games: int
    wins: int  # ended with more chips than the 3,000 it started with
    losses: int  # fewer, or it quit
    left: int  # games it resigned, left or lost technically (the computer took its seat)
    hands_won_as_caller: int
    solos: int
    chips_won: int  # its chips at the end of each game less the 3,000 it started with, summed
    best_chips: int | None  # the most chips it ended a game with


@dataclass(frozen=True)
class PlayerStats:
    user: User
    variants: list[VariantStats]  # one per ranked variant, in the registry's order
    partnership: PartnershipStats


def player_stats(*, user_id: int) -> PlayerStats | None:
    """A player's ranked results in each ranked variant (``variant_stats``) and its
    partnership games (``partnership_stats``)."""
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return None
    return PlayerStats(
        user=user,
        variants=[variant_stats(user_id, variant) for variant in ranked_variants()],
        partnership=partnership_stats(user_id),
    )


def partnership_stats(user_id: int) -> PartnershipStats:
    """Counted from the player's seats of finished partnership games: each seat's result, quit
    reason and tally (hands won as caller, solos, chips at the end) as the events made them."""
    rows = Seat.objects.filter(
        user_id=user_id, match__variant="partnership", match__status=Match.Status.FINISHED
    ).values_list("result", "quit_reason", "tally")
    results = [result for result, _, _ in rows]
    tallies = [tally for _, _, tally in rows]
    chips = [t["chips"] for t in tallies if "chips" in t]
    return PartnershipStats(
        games=len(results),
        wins=results.count(WON),
        losses=results.count(LOST),
        left=sum(1 for _, reason, _ in rows if reason),
        hands_won_as_caller=sum(t.get("hands_won_as_caller", 0) for t in tallies),
        solos=sum(t.get("solos", 0) for t in tallies),
        chips_won=sum(c - START_CHIPS for c in chips),
        best_chips=max(chips, default=None),
    )


def variant_stats(user_id: int, variant: str) -> VariantStats:
    """Ranked results of a player in one variant, counted from its finished ranked matches
    (``Match`` rows and the ``match_ended`` event of each, for Schneider); voided matches (no
    winner) are left out."""
    seats = Seat.objects.filter(
        user_id=user_id,
        match__variant=variant,
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
    rating = Rating.objects.filter(user_id=user_id, variant=variant).first()
    played = rating.matches if rating else 0
    return VariantStats(
        variant=variant,
        rating=rating.rating if rating else elo.INITIAL_RATING,
        rated_matches=played,
        provisional=elo.is_provisional(played),
        matches=matches,
        wins=wins,
        losses=matches - wins,
        schneider=schneider,
        medals=list(Medal.objects.filter(user_id=user_id, variant=variant)),
    )
