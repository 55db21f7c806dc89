"""Match API (``/api/v1/``): thin views that parse, call one service or selector, and answer."""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.bots.levels import DEFAULT_LEVEL, LEVELS
from apps.matches.engine import VARIANTS, view_for

from . import selectors, services
from .push import envelopes_for

VARIANT_CHOICES = sorted(VARIANTS)


class MatchOutput(serializers.Serializer):
    """A match as the caller sees it. ``view`` is the engine's view for the caller's seat."""

    id = serializers.UUIDField()
    mode = serializers.ChoiceField(choices=["computer", "friend", "ranked"])
    variant = serializers.CharField()
    status = serializers.ChoiceField(choices=["waiting", "active", "finished"])
    version = serializers.IntegerField(
        help_text="seq of the last event; send it as expected_version"
    )
    your_seat = serializers.IntegerField()
    scores = serializers.ListField(child=serializers.IntegerField())
    players = serializers.ListField(child=serializers.DictField())
    invite = serializers.DictField(allow_null=True, help_text="the room's invite, for its creator")
    winner_seat = serializers.IntegerField(allow_null=True)
    end_reason = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    view = serializers.DictField(help_text="hand, table, trump, talon size, legal actions, …")


def _match_response(request: Request, match_id: UUID, code: int = 200) -> Response:
    """The match as it stands now (the computer may have moved since the service returned)."""
    match, seat = selectors.match_for_player(match_id=match_id, user=request.user)
    return Response(selectors.match_payload(match=match, seat=seat, user=request.user), status=code)


class ComputerMatchInput(serializers.Serializer):
    variant = serializers.ChoiceField(choices=VARIANT_CHOICES, default="klub")
    strength = serializers.ChoiceField(choices=sorted(LEVELS), default=DEFAULT_LEVEL)


class ComputerMatchCreateApi(APIView):
    """Start a match against the computer (Kati). Guests may; there is no stake."""

    @extend_schema(request=ComputerMatchInput, responses={201: MatchOutput})
    def post(self, request: Request) -> Response:
        data = ComputerMatchInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_create_vs_computer(user=request.user, **data.validated_data)
        return _match_response(request, match.id, status.HTTP_201_CREATED)


class RoomInput(serializers.Serializer):
    variant = serializers.ChoiceField(choices=VARIANT_CHOICES, default="klub")


class RoomCreateApi(APIView):
    """Open a friend room; the answer's ``invite`` holds the code and the join link."""

    @extend_schema(request=RoomInput, responses={201: MatchOutput})
    def post(self, request: Request) -> Response:
        data = RoomInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.room_create(user=request.user, **data.validated_data)
        return _match_response(request, match.id, status.HTTP_201_CREATED)


class JoinInput(serializers.Serializer):
    code = serializers.CharField(min_length=6, max_length=12, help_text="case-insensitive")


class RoomJoinApi(APIView):
    """Join a friend room by its invite code; the match starts."""

    @extend_schema(request=JoinInput, responses={200: MatchOutput})
    def post(self, request: Request) -> Response:
        data = JoinInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.room_join(user=request.user, code=data.validated_data["code"])
        return _match_response(request, match.id)


class MatchSummary(serializers.Serializer):
    id = serializers.UUIDField()
    mode = serializers.CharField()
    variant = serializers.CharField()
    status = serializers.CharField()
    scores = serializers.ListField(child=serializers.IntegerField())
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class MatchListApi(APIView):
    """The caller's matches, newest first."""

    @extend_schema(
        responses=MatchSummary(many=True),
        parameters=[OpenApiParameter("limit", int), OpenApiParameter("offset", int)],
    )
    def get(self, request: Request) -> Response:
        paginator = LimitOffsetPagination()
        page = paginator.paginate_queryset(selectors.matches_of_player(user=request.user), request)
        return paginator.get_paginated_response(MatchSummary(page, many=True).data)


class MatchDetailApi(APIView):
    """The match as the caller's seat sees it."""

    @extend_schema(responses=MatchOutput)
    def get(self, request: Request, match_id: UUID) -> Response:
        return _match_response(request, match_id)


class ActionInput(serializers.Serializer):
    action = serializers.DictField(
        help_text='e.g. {"type": "play_card", "card": "PA"}, {"type": "exchange_trump"}, '
        '{"type": "close_talon"}, {"type": "surrender", "confirm": true}, {"type": "resign"}, '
        '{"type": "leave"}'
    )
    expected_version = serializers.IntegerField(min_value=0)
    client_move_id = serializers.CharField(min_length=1, max_length=64)


class ActionOutput(serializers.Serializer):
    version = serializers.IntegerField(help_text="seq of this action's last event")
    events = serializers.ListField(child=serializers.DictField())
    view = serializers.DictField()


class MatchActionApi(APIView):
    """Send an action. Retrying with the same ``client_move_id`` returns the first answer."""

    @extend_schema(request=ActionInput, responses={200: ActionOutput})
    def post(self, request: Request, match_id: UUID) -> Response:
        data = ActionInput(data=request.data)
        data.is_valid(raise_exception=True)
        outcome, seat = services.match_command_submit(
            match_id=match_id,
            user=request.user,
            payload=data.validated_data["action"],
            expected_version=data.validated_data["expected_version"],
            client_move_id=data.validated_data["client_move_id"],
        )
        match = outcome.match
        body = {
            "version": outcome.last_seq,
            "events": envelopes_for(
                match.id, match.variant, outcome.first_seq, outcome.events, seat
            ),
            "view": view_for(outcome.state, seat),
        }
        return Response(body)


class EventsQuery(serializers.Serializer):
    after_seq = serializers.IntegerField(min_value=0, default=0)
    limit = serializers.IntegerField(min_value=1, max_value=1000, default=500)


class MatchEventsApi(APIView):
    """The event feed after ``after_seq``, redacted for the caller's seat."""

    @extend_schema(
        parameters=[EventsQuery],
        responses=inline_serializer(
            "EventFeed",
            {
                "version": serializers.IntegerField(),
                "has_more": serializers.BooleanField(),
                "events": serializers.ListField(child=serializers.DictField()),
            },
        ),
    )
    def get(self, request: Request, match_id: UUID) -> Response:
        query = EventsQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        match, seat = selectors.match_for_player(match_id=match_id, user=request.user)
        return Response(selectors.events_for_seat(match=match, seat=seat, **query.validated_data))


class DealRecordApi(APIView):
    """A finished deal in full, with the deck and salt behind its published commitment."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, match_id: UUID, number: int) -> Response:
        match, seat = selectors.match_for_player(match_id=match_id, user=request.user)
        return Response(selectors.deal_record(match=match, seat=seat, number=number))
