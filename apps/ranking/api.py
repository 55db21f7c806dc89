"""Ranking API (``/api/v1/``): matchmaking tickets for ranked matches, and a player's ranked
stats per variant. The leaderboards: ``leaderboards_api.py`` (JSON) and ``pages.py`` (HTML)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.requests import MemberRequest
from apps.common.errors import NotFound
from apps.common.inputs import BodySerializer, ServiceChoiceField
from apps.common.schema import BODY_REFUSED, ONLINE_BARRED, problem_responses
from apps.matches.api.inputs import TARGET_HELP, VariantField

from . import matchmaking, selectors
from .models import Medal, Ticket
from .rules.matchmaking import STAKES
from .selectors import VariantStats
from .variants import ranked_variants

# Choice sets named in SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].
TICKET_STATUSES = Ticket.Status.values
CANCEL_REASONS = [r for r in Ticket.Reason.values if r]
MEDAL_KINDS = ["gold", "silver", "bronze"]
PUBLIC_MODES = ["friend", "ranked"]  # the matches a profile shows


class TicketInput(BodySerializer):
    stake = ServiceChoiceField(
        choices=list(STAKES), help_text="coins each player puts in: 20, 50, 100, 200, 500, 1000"
    )
    variant = VariantField(
        ranked_variants, default="klub", help_text="a ranked game (GET /api/v1/games/: ranked)"
    )
    target = serializers.IntegerField(required=False, allow_null=True, help_text=TARGET_HELP)


class Opponent(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class TicketOutput(serializers.Serializer):
    id = serializers.IntegerField()
    variant = serializers.CharField(help_text="the game you are paired in")
    target = serializers.IntegerField(help_text="game points to win the match")
    stake = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=TICKET_STATUSES,
        help_text="waiting: still looking for an opponent; matched: `match_id` is your match; "
        "cancelled: see `cancel_reason`",
    )
    cancel_reason = serializers.ChoiceField(
        choices=CANCEL_REASONS,
        allow_null=True,
        help_text="cancelled_by_player; insufficient_coins: you could not pay the stake when "
        "an opponent was found; expired: nobody was found in time; restricted",
    )
    match_id = serializers.UUIDField(allow_null=True, help_text="matched: the ranked match")
    opponent = Opponent(allow_null=True, help_text="matched: who you play")
    created_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)


def _ticket_body(ticket: Ticket) -> dict[str, Any]:
    opponent = None
    if ticket.opponent is not None:
        opponent = {"id": ticket.opponent.pk, "name": ticket.opponent.public_name}
    return {
        "id": ticket.pk,
        "variant": ticket.variant,
        "target": ticket.target,
        "stake": ticket.stake,
        "status": ticket.status,
        "cancel_reason": ticket.cancel_reason or None,
        "match_id": str(ticket.match_id) if ticket.match_id else None,
        "opponent": opponent,
        "created_at": ticket.created_at,
        "closed_at": ticket.closed_at,
    }


def _ticket(user_id: int, ticket_id: int) -> Ticket:
    ticket = selectors.ticket_of(user_id=user_id, ticket_id=ticket_id)
    if ticket is None:
        raise NotFound("no such ticket", code="ticket_not_found")
    return ticket


class TicketCreateApi(APIView):
    @extend_schema(
        tags=["matchmaking"],
        summary="Look for a ranked opponent in a game, to a target, at a stake",
        description="You are paired with a player asking for the same game, target and stake; "
        "pairing prefers the closest Elo rating in that game; the rating gap accepted widens "
        "the longer you wait (docs/ranking.md). Poll the ticket, or listen for "
        '`{"type": "matchmaking.matched", …}` on your socket. One open ticket per player.',
        request=TicketInput,
        responses={
            201: TicketOutput,
            **problem_responses(
                "invalid_stake",
                "unknown_variant",
                "variant_not_ranked",
                "invalid_target",
                *BODY_REFUSED,
                "not_authenticated",
                "registration_required",
                *ONLINE_BARRED,
                "csrf_failed",
                "ticket_already_open",
            ),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        body = TicketInput(data=request.data)
        body.is_valid(raise_exception=True)
        ticket = matchmaking.ticket_create(user=request.user, **body.validated_data)
        ticket = _ticket(request.user.pk, ticket.pk)  # paired at once, maybe
        return Response(_ticket_body(ticket), status=status.HTTP_201_CREATED)


class TicketDetailApi(APIView):
    @extend_schema(
        tags=["matchmaking"],
        summary="Poll your ticket: waiting, matched (with match_id) or cancelled",
        responses={
            200: TicketOutput,
            **problem_responses("not_authenticated", "ticket_not_found"),
        },
    )
    def get(self, request: MemberRequest, ticket_id: int) -> Response:
        ticket = _ticket(request.user.pk, ticket_id)
        if ticket.status == Ticket.Status.WAITING:
            # A poll is also a pairing trigger (embedded mode has no beat).
            matchmaking.matchmaking_pair(
                stake=ticket.stake, variant=ticket.variant, target=ticket.target
            )
            ticket = _ticket(request.user.pk, ticket_id)
        return Response(_ticket_body(ticket))

    @extend_schema(
        tags=["matchmaking"],
        summary="Stop waiting (cancel your ticket)",
        description="Cancelling a cancelled ticket changes nothing.",
        responses={
            200: TicketOutput,
            **problem_responses(
                "not_authenticated", "csrf_failed", "ticket_not_found", "already_matched"
            ),
        },
    )
    def delete(self, request: MemberRequest, ticket_id: int) -> Response:
        ticket = matchmaking.ticket_cancel(user=request.user, ticket_id=ticket_id)
        return Response(_ticket_body(ticket))


class MedalOutput(serializers.Serializer):
    year = serializers.IntegerField()
    month = serializers.IntegerField()
    rank = serializers.IntegerField(help_text="1, 2 or 3")
    medal = serializers.ChoiceField(choices=MEDAL_KINDS)
    points = serializers.IntegerField(help_text="tournament points of that month")


class RatingOutput(serializers.Serializer):
    rating = serializers.IntegerField(help_text="Elo rating (1500 to start)")
    rated_matches = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="fewer than 20 rated matches: K = 40")


class VariantStatsOutput(serializers.Serializer):
    variant = serializers.CharField(help_text="a ranked game (GET /api/v1/games/: ranked)")
    rating = RatingOutput()
    matches = serializers.IntegerField(help_text="finished ranked matches (voided ones excluded)")
    wins = serializers.IntegerField()
    radli = serializers.IntegerField(help_text="rádli: ranked matches lost")
    schneider = serializers.IntegerField(help_text="ranked matches won by Schneider")
    medals = MedalOutput(many=True, help_text="this game's monthly medals, newest first")


class PartnershipStatsOutput(serializers.Serializer):
    games = serializers.IntegerField(help_text="finished partnership games (unranked)")
    wins = serializers.IntegerField(help_text="games ended with more than the 3,000 chips")
    losses = serializers.IntegerField(help_text="games ended with fewer, or quit")
    left = serializers.IntegerField(
        help_text="games the player resigned, left or lost technically (Kati took the seat)"
    )
    hands_won_as_caller = serializers.IntegerField()
    solos = serializers.IntegerField(help_text="hands played alone (its own card called)")
    chips_won = serializers.IntegerField(
        help_text="chips at the end of each game less the 3,000 started with, summed"
    )
    best_chips = serializers.IntegerField(
        allow_null=True, help_text="the most chips it ended a game with (null: no game yet)"
    )


class PlayerStatsOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    variants = VariantStatsOutput(many=True, help_text="one entry per ranked game")
    partnership = PartnershipStatsOutput(help_text="the four-player game (unranked)")


def medal_body(medal: Medal) -> dict[str, Any]:
    return {
        "year": medal.year,
        "month": medal.month,
        "rank": medal.rank,
        "medal": medal.kind,
        "points": medal.points,
    }


def rating_body(stats: VariantStats) -> dict[str, Any]:
    """A player's rating and results in one game (their stats and their public profile)."""
    return {
        "variant": stats.variant,
        "rating": {
            "rating": stats.rating,
            "rated_matches": stats.rated_matches,
            "provisional": stats.provisional,
        },
        "matches": stats.matches,
        "wins": stats.wins,
    }


class PlayerStatsApi(APIView):
    @extend_schema(
        tags=["players"],
        summary="A player's ranked results per game (matches, wins, rádli, Schneider, rating, "
        "medals) and partnership games (hands won as caller, solos, chips)",
        responses={
            200: PlayerStatsOutput,
            **problem_responses("not_authenticated", "player_not_found"),
        },
    )
    def get(self, request: MemberRequest, user_id: int) -> Response:
        stats = selectors.player_stats(user_id=user_id)
        if stats is None:
            raise NotFound("no such player", code="player_not_found")
        return Response(
            {
                "id": stats.user.pk,
                "name": stats.user.public_name,
                "variants": [
                    {
                        **rating_body(v),
                        "radli": v.losses,
                        "schneider": v.schneider,
                        "medals": [medal_body(m) for m in v.medals],
                    }
                    for v in stats.variants
                ],
                **stats.unranked,  # partnership's, by the variant's name
            }
        )


class ProfileRatingOutput(serializers.Serializer):
    variant = serializers.CharField(help_text="a ranked game (GET /api/v1/games/: ranked)")
    rating = RatingOutput()
    matches = serializers.IntegerField(help_text="finished ranked matches (voided ones excluded)")
    wins = serializers.IntegerField()


class ProfileMedalOutput(MedalOutput):
    variant = serializers.CharField(help_text="the game of the month's tournament")


class ProfilePlayer(serializers.Serializer):
    user_id = serializers.IntegerField(allow_null=True, help_text="null: Kati")
    name = serializers.CharField()
    is_computer = serializers.BooleanField()


class ProfileResultOutput(serializers.Serializer):
    finished_at = serializers.DateTimeField()
    variant = serializers.CharField()
    mode = serializers.ChoiceField(choices=PUBLIC_MODES)
    seat = serializers.IntegerField(help_text="the profile's player's seat")
    scores = serializers.ListField(child=serializers.IntegerField())
    others = ProfilePlayer(many=True, help_text="the other players, by seat")
    result = serializers.ChoiceField(
        choices=["won", "lost", "void"], help_text="the profile's player's"
    )
    end_reason = serializers.CharField(help_text="why it ended (MatchEndReasonEnum)")


class PublicProfileOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    avatar_url = serializers.CharField(allow_blank=True)
    is_you = serializers.BooleanField()
    ratings = ProfileRatingOutput(many=True, help_text="one entry per ranked game")
    medals = ProfileMedalOutput(many=True, help_text="every game's monthly medals, newest first")
    recent = ProfileResultOutput(
        many=True,
        help_text="the latest finished ranked and friend matches (at most 10), newest first",
    )


def _profile_player(seat: Any) -> dict[str, Any]:
    if seat.user is None:
        return {"user_id": None, "name": "Kati", "is_computer": True}
    return {"user_id": seat.user_id, "name": seat.user.public_name, "is_computer": False}


class PublicProfileApi(APIView):
    @extend_schema(
        tags=["players"],
        summary="A player's public profile: name, rating per ranked game, medals, recent "
        "finished ranked and friend matches",
        description="Guests have none. Between two players one of whom blocked the other, the "
        "profile does not exist for either (404, as for no such player); a recent match with a "
        "player blocked by or blocking the caller is left out.",
        responses={
            200: PublicProfileOutput,
            **problem_responses("not_authenticated", "player_not_found"),
        },
    )
    def get(self, request: MemberRequest, user_id: int) -> Response:
        profile = selectors.public_profile(viewer_id=request.user.pk, user_id=user_id)
        if profile is None:
            raise NotFound("no such player", code="player_not_found")
        user = profile.user
        return Response(
            {
                "id": user.pk,
                "name": user.public_name,
                "avatar_url": user.avatar_url,
                "is_you": user.pk == request.user.pk,
                "ratings": [rating_body(v) for v in profile.variants],
                "medals": [{"variant": m.variant, **medal_body(m)} for m in profile.medals],
                "recent": [
                    {
                        "finished_at": r.match.finished_at,
                        "variant": r.match.variant,
                        "mode": r.match.mode,
                        "seat": r.seat,
                        "scores": list(r.match.scores),
                        "others": [
                            _profile_player(s) for s in r.match.seats.all() if s.index != r.seat
                        ],
                        "result": r.result,
                        "end_reason": r.match.end_reason,
                    }
                    for r in profile.recent
                ],
            }
        )
