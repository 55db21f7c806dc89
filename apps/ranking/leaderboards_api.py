"""Leaderboards API (``/api/v1/leaderboards/``), open to visitors as the pages are: each ranked
game's Elo ladder and its monthly tournament standings, a page at a time, ranks counted from
the top."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.common.errors import NotFound
from apps.common.inputs import PAGE_INPUT, StrictLimitOffsetPagination
from apps.common.schema import problem_responses

from . import selectors
from .api import MEDAL_KINDS, MedalOutput, Opponent, medal_body
from .models import Medal
from .rules import elo, tournament
from .variants import is_ranked

GAME = OpenApiParameter(
    "variant",
    str,
    location=OpenApiParameter.PATH,
    description="a ranked game (GET /api/v1/games/: ranked)",
)
PAGE = [
    OpenApiParameter("limit", int, description="page size (default 50, at most 200)"),
    OpenApiParameter("offset", int, description="rows to skip"),
]


class BoardPagination(StrictLimitOffsetPagination):
    default_limit = 50
    max_limit = 200


class LadderRow(serializers.Serializer):
    rank = serializers.IntegerField(help_text="1 for the best rating")
    player = Opponent()
    rating = serializers.IntegerField()
    rated_matches = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="fewer than 20 rated matches")
    medals = MedalOutput(many=True, help_text="this game's monthly medals, newest first")


class StandingRow(serializers.Serializer):
    rank = serializers.IntegerField(help_text="in the tournament's order (docs/ranking.md)")
    player = Opponent()
    points = serializers.IntegerField(help_text="3 a win, 1 a loss played")
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    elo_gain = serializers.IntegerField(help_text="the month's rating change in this game")
    medal = serializers.ChoiceField(
        choices=MEDAL_KINDS, allow_null=True, help_text="the medal won this month, once awarded"
    )


class LadderPage(serializers.Serializer):
    """A page of ``LadderRow`` (OpenAPI only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LadderRow(many=True)


class StandingsPage(serializers.Serializer):
    """A page of ``StandingRow`` (OpenAPI only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = StandingRow(many=True)


def _ranked(variant: str) -> None:
    if not is_ranked(variant):
        raise NotFound("no leaderboard for this game", code="leaderboard_not_found")


def _player(row: Any) -> dict[str, Any]:
    return {"id": row.user_id, "name": row.user.public_name}


class LadderApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["leaderboards"],
        operation_id="leaderboards_ladder",
        summary="A ranked game's Elo ladder, best rating first",
        parameters=[GAME, *PAGE],
        responses={
            200: LadderPage,
            **problem_responses("invalid_input", "leaderboard_not_found", invalid_input=PAGE_INPUT),
        },
    )
    def get(self, request: Request, variant: str) -> Response:
        _ranked(variant)
        paginator = BoardPagination()
        rows = paginator.paginate_queryset(selectors.elo_leaderboard(variant=variant), request)
        rows = rows or []
        medals = selectors.medals_of([r.user_id for r in rows], variant=variant)
        first = (paginator.offset or 0) + 1
        return paginator.get_paginated_response(
            [
                {
                    "rank": first + i,
                    "player": _player(row),
                    "rating": row.rating,
                    "rated_matches": row.matches,
                    "provisional": elo.is_provisional(row.matches),
                    "medals": [medal_body(m) for m in medals.get(row.user_id, [])],
                }
                for i, row in enumerate(rows)
            ]
        )


class StandingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["leaderboards"],
        operation_id="leaderboards_month",
        summary="A ranked game's monthly tournament (UTC month): standings and medals",
        parameters=[GAME, *PAGE],
        responses={
            200: StandingsPage,
            **problem_responses("invalid_input", "leaderboard_not_found", invalid_input=PAGE_INPUT),
        },
    )
    def get(self, request: Request, variant: str, year: int, month: int) -> Response:
        _ranked(variant)
        if not tournament.month_held(year, month, current=tournament.month_of(timezone.now())):
            raise NotFound("no tournament that month", code="leaderboard_not_found")
        paginator = BoardPagination()
        standings = selectors.month_standings(variant=variant, year=year, month=month)
        rows = paginator.paginate_queryset(standings, request) or []
        medals: dict[int, Medal] = {
            m.user_id: m for m in selectors.month_medals(variant=variant, year=year, month=month)
        }
        first = (paginator.offset or 0) + 1
        return paginator.get_paginated_response(
            [
                {
                    "rank": first + i,
                    "player": _player(row),
                    "points": row.points,
                    "wins": row.wins,
                    "losses": row.losses,
                    "elo_gain": row.elo_gain,
                    "medal": medals[row.user_id].kind if row.user_id in medals else None,
                }
                for i, row in enumerate(rows)
            ]
        )
