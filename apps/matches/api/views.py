"""The match API's views: each parses its input, calls one service or selector, and answers.
Their OpenAPI description is in ``schema.py``, their inputs in ``inputs.py``."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.sessions.backends.base import SessionBase
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.requests import MemberRequest
from apps.common.inputs import PAGE_INPUT, StrictLimitOffsetPagination
from apps.common.schema import BODY_REFUSED, ONLINE_BARRED, problem_responses
from apps.matches import commitments, former_guest, rematches, selectors, services
from apps.matches.games import games_catalogue

from .inputs import (
    ComputerMatchInput,
    EventsQuery,
    JoinInput,
    MatchListQuery,
    RoomInput,
    SeatInput,
    SeedInput,
    action_input,
)
from .schema import (
    ActionOutput,
    ActionSubmit,
    CommitmentOutput,
    ComputerMatchSubmit,
    EventFeed,
    GameOutput,
    GuestMatchesClaimOutput,
    GuestMatchesOutput,
    Heartbeat,
    JoinSubmit,
    MatchOutput,
    MatchSummary,
    PaginatedMatchSummaryList,
    RematchOutput,
    RoomInviteOutput,
    RoomSubmit,
    SeedSubmit,
    ref,
)


class MatchPagination(StrictLimitOffsetPagination):
    default_limit = 20
    max_limit = 100


def _match_response(request: MemberRequest, match_id: UUID, code: int = 200) -> Response:
    """The match as it stands now (the computer may have moved since the service returned)."""
    match, seat = services.match_open(match_id=match_id, user=request.user)
    return Response(selectors.match_payload(match=match, seat=seat, user=request.user), status=code)


class GameListApi(APIView):
    """The games the server plays, for a client's lists (public)."""

    permission_classes = [AllowAny]

    @extend_schema(
        tags=["games"],
        summary="The games: their names, seats, targets, whether ranked, Kati's levels, actions",
        responses={200: GameOutput(many=True)},
    )
    def get(self, request: Request) -> Response:
        return Response(games_catalogue())


class ComputerMatchCreateApi(APIView):
    """Start a match against the computer (Kati). Guests may; there is no stake."""

    @extend_schema(
        tags=["matches"],
        summary="Start a match against the computer",
        request=ComputerMatchSubmit,
        responses={
            201: MatchOutput,
            **problem_responses(
                "unknown_variant",
                "unknown_strength",
                "invalid_target",
                "invalid_seed",
                "seed_not_due",
                *BODY_REFUSED,
                "not_authenticated",
                "csrf_failed",
                seed_not_due="the seed's commitment was not given to you, or was used or expired",
            ),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        data = ComputerMatchInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_create_vs_computer(user=request.user, **data.validated_data)
        return _match_response(request, match.id, status.HTTP_201_CREATED)


class CommitmentApi(APIView):
    """The server's commitment to a first deal's secret, asked for before the match is made, so
    that your seed for that deal can come with the request that makes it."""

    @extend_schema(
        tags=["matches"],
        summary="A commitment to a first deal's secret (send your seed with it when you start)",
        request=None,
        responses={
            201: CommitmentOutput,
            **problem_responses("not_authenticated", "csrf_failed"),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        issued = commitments.commitment_issue(user_id=request.user.id)
        return Response(issued, status=status.HTTP_201_CREATED)


class RoomCreateApi(APIView):
    """Open a friend room; the answer's ``invite`` holds the code and the join link."""

    @extend_schema(
        tags=["rooms"],
        summary="Open a friend room (registered players only)",
        request=RoomSubmit,
        responses={
            201: MatchOutput,
            **problem_responses(
                "unknown_variant",
                "invalid_target",
                "invalid_seed",
                "seed_not_due",
                *BODY_REFUSED,
                "not_authenticated",
                "registration_required",
                "csrf_failed",
                "invite_code_exhausted",
                seed_not_due="the seed's commitment was not given to you, or was used or expired",
            ),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        data = RoomInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.room_create(user=request.user, **data.validated_data)
        return _match_response(request, match.id, status.HTTP_201_CREATED)


class RoomJoinApi(APIView):
    """Join a friend room by its invite code; the match starts."""

    @extend_schema(
        tags=["rooms"],
        summary="Join a friend room by its invite code",
        request=JoinSubmit,
        responses={
            200: MatchOutput,
            **problem_responses(
                "invalid_seed",
                "seed_not_due",
                *BODY_REFUSED,
                "not_authenticated",
                "registration_required",
                *ONLINE_BARRED,
                "csrf_failed",
                "invite_not_found",
                "room_full",
                "already_in_room",
                "invite_expired",
                "invite_cancelled",
                seed_not_due="the seed's commitment is not this room's",
            ),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        data = JoinInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.room_join(user=request.user, **data.validated_data)
        return _match_response(request, match.id)


class RoomInviteApi(APIView):
    """A friend room as whoever may join it sees it before joining: its game and the server's
    commitment to its first deal's secret, to choose a seed after (docs/api.md 7.0)."""

    @extend_schema(
        tags=["rooms"],
        summary="A room by its invite code, with its first deal's commitment, before joining",
        responses={
            200: RoomInviteOutput,
            **problem_responses(
                "not_authenticated",
                "registration_required",
                *ONLINE_BARRED,
                "invite_not_found",
                "room_full",
                "already_in_room",
                "invite_expired",
                "invite_cancelled",
                "blocked",
            ),
        },
    )
    def get(self, request: MemberRequest, code: str) -> Response:
        return Response(services.room_invite(user=request.user, code=code))


class RoomCancelApi(APIView):
    """Close your room before anyone joins; its code stops working."""

    @extend_schema(
        tags=["rooms"],
        summary="Cancel your friend room before anyone joins",
        request=None,
        responses={
            200: MatchOutput,
            **problem_responses("not_authenticated", "match_not_found", "room_not_open"),
        },
    )
    def post(self, request: MemberRequest, match_id: UUID) -> Response:
        services.room_cancel(user=request.user, match_id=match_id)
        return _match_response(request, match_id)


class RoomSeatApi(APIView):
    """Seat the computer (Kati, at a strength) in the next empty seat of your open room; the
    match starts when every seat is taken."""

    @extend_schema(
        tags=["rooms"],
        summary="Seat the computer in an empty seat of your room",
        request=SeatInput,
        responses={
            200: MatchOutput,
            **problem_responses(
                "unknown_strength",
                *BODY_REFUSED,
                "not_authenticated",
                *ONLINE_BARRED,
                "csrf_failed",
                "match_not_found",
                "room_not_open",
                "room_full",
            ),
        },
    )
    def post(self, request: MemberRequest, match_id: UUID) -> Response:
        data = SeatInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.room_seat_computer(user=request.user, match_id=match_id, **data.validated_data)
        return _match_response(request, match_id)


class MatchListApi(APIView):
    """The caller's matches, newest first: only its own (a match it has no seat in is not
    listed), each with its game, players, score, result and length; ``variant`` filters."""

    @extend_schema(
        tags=["matches"],
        operation_id="matches_list",
        summary="List your matches, newest first",
        responses={
            200: PaginatedMatchSummaryList,
            **problem_responses(
                "invalid_input",
                "not_authenticated",
                invalid_input=PAGE_INPUT + "; or `variant` names no game",
            ),
        },
        parameters=[
            MatchListQuery,
            OpenApiParameter("limit", int, description="page size (send it: see docs/api.md)"),
            OpenApiParameter("offset", int, description="matches to skip"),
        ],
    )
    def get(self, request: MemberRequest) -> Response:
        query = MatchListQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        matches = services.matches_list(user=request.user, **query.validated_data)
        paginator = MatchPagination()
        page = paginator.paginate_queryset(matches, request) or []
        rows = [selectors.match_row(match, request.user) for match in page]
        return paginator.get_paginated_response(MatchSummary(rows, many=True).data)


class MatchDetailApi(APIView):
    """The match as the caller's seat sees it."""

    @extend_schema(
        tags=["matches"],
        summary="Get a match as your seat sees it",
        responses={
            200: MatchOutput,
            **problem_responses("not_authenticated", "match_not_found"),
        },
    )
    def get(self, request: MemberRequest, match_id: UUID) -> Response:
        return _match_response(request, match_id)


class MatchActionApi(APIView):
    """Send an action. Retrying with the same ``client_move_id`` returns the first answer."""

    @extend_schema(
        tags=["matches"],
        summary="Send an action (a card, exchange, close, surrender, resign, leave)",
        request=ActionSubmit,
        responses={
            200: ActionOutput,
            **problem_responses(
                *BODY_REFUSED,
                "invalid_action",
                "not_authenticated",
                *ONLINE_BARRED,
                "csrf_failed",
                "match_not_found",
                "version_conflict",
                "match_not_started",
                "client_move_id_reused",
                "invalid_seed",
                "seed_not_due",
                "not_your_turn",
                "card_not_in_hand",
                "must_follow_suit",
                "must_beat",
                "must_trump",
                "talon_closed",
                "exchange_not_allowed",
                "confirmation_required",
                "deal_in_progress",
                "match_over",
                "online_only",
                "already_paused",
                "pause_limit",
                "not_paused",
                "already_shown",
                "empty_hand",
                suspended="you are suspended (`ends_at`): in a friend or ranked match you may only "
                "`resign` or `leave`",
                banned="you are banned: in a friend or ranked match you may only `resign` or "
                "`leave`",
            ),
        },
    )
    def post(self, request: MemberRequest, match_id: UUID) -> Response:
        data = action_input(request.data)
        outcome, seat = services.match_command_submit(
            match_id=match_id,
            user=request.user,
            payload=data["action"],
            expected_version=data["expected_version"],
            client_move_id=data["client_move_id"],
            seed=data.get("seed"),
        )
        return Response(selectors.action_payload(outcome=outcome, seat=seat))


class MatchSeedApi(APIView):
    """Your seed for the next deal's shuffle, sent alone: the first deal of a match the server
    made (a ranked pairing, a rematch) waits for it (docs/api.md 7.0). Later deals take it with
    a move as well (``seed`` beside ``action``)."""

    @extend_schema(
        tags=["matches"],
        summary="Send your seed for the next deal's shuffle (a ranked match's first deal)",
        request=SeedSubmit,
        responses={
            200: ActionOutput,
            **problem_responses(
                *BODY_REFUSED,
                "not_authenticated",
                "csrf_failed",
                "match_not_found",
                "match_not_started",
                "invalid_seed",
                "seed_not_due",
                "match_over",
                seed_not_due="not the next deal's number, no commitment to it yet, or your "
                "seat already sent another (the same one again answers 200 with no events)",
            ),
        },
    )
    def post(self, request: MemberRequest, match_id: UUID) -> Response:
        body = SeedInput(data=request.data)
        body.is_valid(raise_exception=True)
        outcome, seat = services.match_seed_give(
            match_id=match_id, user=request.user, seed=dict(body.validated_data)
        )
        return Response(selectors.action_payload(outcome=outcome, seat=seat))


class MatchHeartbeatApi(APIView):
    """A sign of life for clients without a match socket (socket messages count by themselves).
    If you were marked away, you are back."""

    @extend_schema(
        tags=["matches"],
        summary="Say you are still here (REST-only clients, every 10 seconds)",
        request=None,
        responses={
            200: Heartbeat,
            **problem_responses("not_authenticated", "csrf_failed", "match_not_found"),
        },
    )
    def post(self, request: MemberRequest, match_id: UUID) -> Response:
        match, seat = services.match_open(match_id=match_id, user=request.user)
        return Response(selectors.heartbeat_payload(match=match, seat=seat))


class MatchEventsApi(APIView):
    """The event feed after ``after_seq``, redacted for the caller's seat."""

    @extend_schema(
        tags=["matches"],
        summary="The match's events after a seq (catch up, resync after a gap)",
        parameters=[EventsQuery],
        responses={
            200: EventFeed,
            **problem_responses(
                "invalid_input",
                "not_authenticated",
                "match_not_found",
                invalid_input="`after_seq` or `limit` is not a whole number in its range (an "
                "empty one included), or is given twice",
            ),
        },
    )
    def get(self, request: MemberRequest, match_id: UUID) -> Response:
        query = EventsQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        match, seat = services.match_open(match_id=match_id, user=request.user)
        return Response(selectors.events_for_seat(match=match, seat=seat, **query.validated_data))


class DealRecordApi(APIView):
    """A finished deal in full, with the deck and salt behind its published commitment."""

    @extend_schema(
        tags=["matches"],
        summary="A finished deal in full, to verify its fair-play commitment",
        responses={
            200: OpenApiResponse(
                ref("DealRecord"),
                description="Check: sha256(salt + ''.join(deck)) == commitment (hex).",
            ),
            **problem_responses(
                "not_authenticated", "match_not_found", "deal_not_found", "deal_not_over"
            ),
        },
    )
    def get(self, request: MemberRequest, match_id: UUID, number: int) -> Response:
        match, seat = selectors.match_for_player(match_id=match_id, user=request.user)
        return Response(selectors.deal_record(match=match, seat=seat, number=number))


def _rematch_response(new_match: object) -> Response:
    if new_match is None:
        return Response(
            {"status": "offered", "new_match_id": None}, status=status.HTTP_202_ACCEPTED
        )
    return Response(
        {"status": "started", "new_match_id": str(new_match.id)},  # type: ignore[attr-defined]
        status=status.HTTP_201_CREATED,
    )


class RematchOfferApi(APIView):
    """Offer a rematch of a finished match (both sockets hear ``rematch.offered``). Against the
    computer, or when the other player already offered, the new match starts at once."""

    @extend_schema(
        tags=["matches"],
        summary="Offer a rematch",
        request=None,
        responses={
            201: RematchOutput,
            202: RematchOutput,
            **problem_responses(
                "not_authenticated",
                *ONLINE_BARRED,
                "blocked",
                "match_not_found",
                "match_not_finished",
                "rematch_started",
                "rematch_already_offered",
                "rematch_unavailable",
                "insufficient_coins",
            ),
        },
    )
    def post(self, request: MemberRequest, match_id: UUID) -> Response:
        return _rematch_response(rematches.rematch_offer(user=request.user, match_id=match_id))


class RematchAcceptApi(APIView):
    """Accept the rematch offer: a new match starts from 0:0 (ranked: the stakes are taken
    again) once every player who stayed at the table wants it: at two seats at once (201, every
    socket hears ``rematch.started`` with the new match's id); at four, the last acceptance
    starts it and the others are answered 202 (``rematch.accepted`` names the seats so far)."""

    @extend_schema(
        tags=["matches"],
        summary="Accept a rematch offer",
        request=None,
        responses={
            201: RematchOutput,
            202: RematchOutput,
            **problem_responses(
                "not_authenticated",
                *ONLINE_BARRED,
                "blocked",
                "match_not_found",
                "rematch_not_offered",
                "match_not_finished",
                "rematch_started",
                "own_offer",
                "rematch_already_accepted",
                "rematch_unavailable",
                "insufficient_coins",
                "rematch_expired",
            ),
        },
    )
    def post(self, request: MemberRequest, match_id: UUID) -> Response:
        return _rematch_response(rematches.rematch_accept(user=request.user, match_id=match_id))


def _session(request: Request) -> Any:
    """The caller's session: the one its ``X-Session-Token`` names, or the browser's."""
    if isinstance(request.auth, SessionBase):
        return request.auth
    return request._request.session


class GuestMatchesApi(APIView):
    """The matches of the guest you logged in from, in this session: after logging in to an
    existing account from a guest's session, its finished matches may be brought along (signing
    up from a guest's session keeps everything without asking)."""

    @extend_schema(
        tags=["accounts"],
        summary="The guest matches this session may bring along",
        responses={200: GuestMatchesOutput, **problem_responses("not_authenticated")},
    )
    def get(self, request: MemberRequest) -> Response:
        found = former_guest.guest_matches(_session(request))
        return Response({"finished": found.finished, "unfinished": found.unfinished})

    @extend_schema(
        tags=["accounts"],
        summary="Bring the guest's finished matches to your account",
        request=None,
        responses={
            200: GuestMatchesClaimOutput,
            **problem_responses("not_authenticated", "csrf_failed", "former_guest_not_found"),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        session = _session(request)
        moved = former_guest.guest_matches_claim(member=request.user, session=session)
        _saved(request, session)
        return Response({"moved": moved})

    @extend_schema(
        tags=["accounts"],
        summary="Leave the guest's matches where they are (no longer offered)",
        request=None,
        responses={
            200: GuestMatchesOutput,
            **problem_responses("not_authenticated", "csrf_failed"),
        },
    )
    def delete(self, request: MemberRequest) -> Response:
        session = _session(request)
        former_guest.guest_matches_forget(session)
        _saved(request, session)
        return Response({"finished": 0, "unfinished": 0})


def _saved(request: Request, session: Any) -> None:
    """A token's session is saved here; the browser's by Django's middleware."""
    if session is not request._request.session:
        session.save()
