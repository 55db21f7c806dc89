"""Reads of the ranking: leaderboards, a month's standings and medals, a player's stats."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import F, Q, QuerySet

from apps.accounts.models import User
from apps.chat.selectors import blocked_between, blocked_by, blockers_of
from apps.matches.engine import VARIANTS
from apps.matches.engine.stats import LAPSED, stats_of
from apps.matches.models import Match, Seat

from .models import Medal, Rating, Standing, Ticket
from .rules import elo
from .variants import ranked_variants


def ticket_of(*, user_id: int, ticket_id: int) -> Ticket | None:
    return Ticket.objects.filter(pk=ticket_id, user_id=user_id).first()


def elo_leaderboard(*, variant: str) -> QuerySet[Rating]:
    """A variant's ladder: players who played at least one ranked match of it, best first (a
    deleted account's rating is not on it; its past months' standings and medals stay)."""
    return (
        Rating.objects.filter(variant=variant, matches__gt=0, user__deleted_at__isnull=True)
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
class PlayerStats:
    user: User
    variants: list[VariantStats]  # one per ranked variant, in the registry's order
    # per unranked variant that declares stats (``Rules.stats``): its counts, by name
    unranked: dict[str, dict[str, int | None]]


def player_stats(*, user_id: int) -> PlayerStats | None:
    """A player's ranked results in each ranked variant (``variant_stats``) and its games of
    each unranked variant that declares stats (``game_stats``)."""
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return None
    return PlayerStats(
        user=user,
        variants=[variant_stats(user_id, variant) for variant in ranked_variants()],
        unranked={
            name: game_stats(user_id, name)
            for name, rules in VARIANTS.items()
            if not rules.ranked and rules.stats
        },
    )


def game_stats(user_id: int, variant: str) -> dict[str, int | None]:
    """Counted from the player's seats of finished ``variant`` matches: each seat's result, quit
    reason and tally as the events made them, added up as the variant declares
    (``engine.stats``: games, wins, losses, games left, then the variant's own numbers). A
    lapsed match (left alone against Kati, ended by the service: ``matches.lapses``) is left
    out."""
    seats = (
        Seat.objects.filter(
            user_id=user_id, match__variant=variant, match__status=Match.Status.FINISHED
        )
        .exclude(match__end_reason=LAPSED)  # a match against Kati left alone counts nowhere
        .values_list("result", "quit_reason", "tally")
    )
    return stats_of(VARIANTS[variant].stats, seats)


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


# --- a player's public profile ------------------------------------------------------------

PUBLIC_MODES = (Match.Mode.RANKED, Match.Mode.FRIEND)
RECENT_RESULTS = 10


@dataclass(frozen=True)
class PublicResult:
    """A finished ranked or friend match of the profile's player, as anyone may see it."""

    match: Match
    seat: int  # the profile's player's
    result: str


@dataclass(frozen=True)
class PublicProfile:
    user: User
    variants: list[VariantStats]  # one per ranked game, in the registry's order
    medals: list[Medal]  # every game's, newest first
    recent: list[PublicResult]  # newest first


def public_profile(*, viewer_id: int, user_id: int) -> PublicProfile | None:
    """What ``viewer_id`` may see of a player: its ratings and ranked counts per ranked game,
    its medals and its latest finished ranked and friend matches (date, game, players, score,
    result; no card). ``None`` when there is nothing to show: no such player, a guest (guests
    have no public profile), a closed account, or a block between the two either way (the
    profile of someone blocked does not exist for the other, as a match one has no seat in).
    A match with a player blocked by or blocking the viewer is left out of the recent ones."""
    user = User.objects.filter(pk=user_id, is_guest=False, is_active=True).first()
    if user is None or (viewer_id != user_id and blocked_between(viewer_id, user_id)):
        return None
    return PublicProfile(
        user=user,
        variants=[variant_stats(user_id, variant) for variant in ranked_variants()],
        medals=list(Medal.objects.filter(user_id=user_id).order_by("-year", "-month", "variant")),
        recent=_recent_results(viewer_id, user_id),
    )


def _recent_results(viewer_id: int, user_id: int) -> list[PublicResult]:
    seats = (
        Seat.objects.filter(
            user_id=user_id, match__mode__in=PUBLIC_MODES, match__status=Match.Status.FINISHED
        )
        .select_related("match")
        .prefetch_related("match__seats__user")
        .order_by("-match__finished_at", "-match_id")
    )
    hidden = blocked_by(viewer_id) | blockers_of(viewer_id)
    found: list[PublicResult] = []
    for seat in seats[: RECENT_RESULTS * 3]:
        others = {s.user_id for s in seat.match.seats.all()} - {user_id, None}
        if others & hidden:
            continue
        found.append(PublicResult(match=seat.match, seat=seat.index, result=seat.result))
        if len(found) == RECENT_RESULTS:
            break
    return found
