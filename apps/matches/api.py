"""Match API (``/api/v1/``): thin views that parse, call one service or selector, and answer.

The serializers under "Response shapes" only describe the answers for the OpenAPI schema (the
bodies themselves are built by ``selectors`` and ``engine.view_for``); keep them in step.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.bots.levels import DEFAULT_LEVEL, LEVELS
from apps.common.schema import CSRF_FAILED, NOT_AUTHENTICATED, problem_responses
from apps.matches.engine import VARIANTS
from apps.matches.engine.codec import event_types
from apps.matches.engine.variants.klub.events import DEAL_END_REASONS

from . import rematches, selectors, services


class MatchPagination(LimitOffsetPagination):
    default_limit = 20
    max_limit = 100


# --- Response shapes (OpenAPI only) -------------------------------------------------------
# Choice sets named in SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].
MATCH_STATUSES = ["waiting", "active", "finished", "expired", "cancelled"]
VIEW_STATUSES = ["not_started", "playing", "awaiting_deal", "finished"]
DEAL_PHASES = ["open", "closed", "exhausted", "over"]
ACTION_TYPES = [
    "play_card",
    "exchange_trump",
    "close_talon",
    "surrender",
    "resign",
    "leave",
    "pause",
    "resume",
    "show_hand",
]
MATCH_END_REASONS = ["points", "resigned", "left", "technical_loss", "abandoned"]
SUITS_HELP = "suit code: P piros, T tök, Z zöld, M makk"
CARD_HELP = "card code: suit (P, T, Z, M) + rank (U, O, K, X, A), e.g. PA"


def _cards(help_text: str = "card codes") -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), help_text=help_text)


class PlayerInfo(serializers.Serializer):
    seat = serializers.IntegerField()
    user_id = serializers.IntegerField(
        allow_null=True, help_text="the player's id (for blocks, reports, stats); null: Kati"
    )
    name = serializers.CharField(help_text="display name; the computer is Kati")
    avatar_url = serializers.CharField(allow_blank=True)
    is_computer = serializers.BooleanField()
    strength = serializers.CharField(allow_null=True, help_text="the computer's level, else null")
    is_you = serializers.BooleanField()


class Invite(serializers.Serializer):
    code = serializers.CharField(help_text="6 characters; joining is case-insensitive")
    join_url = serializers.URLField()
    expires_at = serializers.DateTimeField()


class TableCard(serializers.Serializer):
    seat = serializers.IntegerField()
    card = serializers.CharField(help_text=CARD_HELP)


class Trick(serializers.Serializer):
    leader = serializers.IntegerField()
    cards = TableCard(many=True, help_text="in play order")
    winner = serializers.IntegerField()


class DealResult(serializers.Serializer):
    winner = serializers.IntegerField(allow_null=True, help_text="null only for match_ended")
    game_points = serializers.IntegerField()
    reason = serializers.ChoiceField(choices=list(DEAL_END_REASONS))


class RevealedDealFields(serializers.Serializer):
    """The whole of a finished deal: what was hidden while it was played."""

    result = DealResult()
    deck = _cards("the shuffled deck, in dealing order (the commitment covers it)")
    salt = serializers.CharField(help_text="hex; commitment = sha256(salt + ''.join(deck))")
    dealt_hands = serializers.ListField(child=_cards(), help_text="per seat, as dealt")
    hands = serializers.ListField(child=_cards(), help_text="per seat, unplayed at the end")
    tricks = Trick(many=True)
    points = serializers.ListField(child=serializers.IntegerField(), help_text="per seat")
    closed_at = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        allow_null=True,
        help_text="per seat [points, tricks] when the talon was closed, or null",
    )
    surrendered_by = serializers.IntegerField(allow_null=True)


class RevealedDeal(RevealedDealFields):
    pass


class ShownHand(serializers.Serializer):
    seat = serializers.IntegerField()
    cards = _cards("the shown cards that seat still holds")
    until = serializers.DateTimeField(help_text="hidden again at this time")


@extend_schema_field(
    {
        "type": "array",
        "items": {
            "type": "object",
            "nullable": True,
            "required": ["until", "stand_in"],
            "properties": {
                "until": {"type": "string", "format": "date-time"},
                "stand_in": {"type": "boolean"},
            },
            "additionalProperties": False,
        },
        "description": "per seat: its pause, else null. until: when it runs out; stand_in: it "
        "ran out and the computer plays for that seat until it presses OK",
    }
)
class PausesField(serializers.ListField):
    pass


class PresenceView(serializers.Serializer):
    """Every seat's clocks (online play). A client shows the countdowns from these times."""

    away_until = serializers.ListField(
        child=serializers.DateTimeField(allow_null=True),
        help_text="per seat: the reconnect deadline of a disconnected player, else null",
    )
    paused = PausesField()
    pauses_left = serializers.ListField(
        child=serializers.IntegerField(), help_text="per seat: pauses it may still ask this deal"
    )
    shown_until = serializers.ListField(
        child=serializers.DateTimeField(allow_null=True),
        help_text="per seat: until when its hand is shown, else null",
    )


class DealView(serializers.Serializer):
    """The current deal as one seat sees it."""

    number = serializers.IntegerField(help_text="1, 2, … within the match")
    dealer = serializers.IntegerField()
    commitment = serializers.CharField(help_text="sha256 hex of salt + deck, published up front")
    phase = serializers.ChoiceField(
        choices=DEAL_PHASES,
        help_text="open: cards are drawn after each trick; closed: someone closed the talon; "
        "exhausted: nothing left to draw; over: the deal ended (see revealed)",
    )
    trump_suit = serializers.CharField(help_text=SUITS_HELP)
    trump_card = serializers.CharField(
        allow_null=True, help_text="face up under the talon; null once taken or closed"
    )
    talon_size = serializers.IntegerField(help_text="cards left to draw, trump card included")
    closed_by = serializers.IntegerField(allow_null=True)
    leader = serializers.IntegerField(help_text="the seat that leads the current trick")
    turn = serializers.IntegerField(allow_null=True, help_text="whose move it is; null when over")
    table = TableCard(many=True, help_text="the current trick so far, in play order")
    last_trick = Trick(allow_null=True)
    hand_sizes = serializers.ListField(child=serializers.IntegerField(), help_text="per seat")
    trick_counts = serializers.ListField(child=serializers.IntegerField(), help_text="per seat")
    marriages = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="announced marriage suits per seat",
    )
    hand = _cards("your cards, sorted")
    captured = _cards("cards in your won tricks")
    points = serializers.IntegerField(help_text="your card points plus counted marriages")
    pending_marriage_points = serializers.IntegerField(
        help_text="marriage points that count once you win a trick"
    )
    revealed = RevealedDeal(required=False, help_text="only once the deal is over")
    shown_hands = ShownHand(
        many=True,
        required=False,
        help_text="the other players' hands shown to you right now (online play, 10 s)",
    )


class MatchResult(serializers.Serializer):
    winner = serializers.IntegerField(allow_null=True)
    reason = serializers.ChoiceField(choices=MATCH_END_REASONS)
    scores = serializers.ListField(child=serializers.IntegerField())
    radli = serializers.IntegerField(allow_null=True, help_text="the loser's seat")
    schneider = serializers.BooleanField()
    ruckschneider = serializers.BooleanField()


class Action(serializers.Serializer):
    """An action exactly as listed in ``legal_actions``: send one back unchanged."""

    type = serializers.ChoiceField(choices=ACTION_TYPES)
    card = serializers.CharField(required=False, help_text=f"play_card only; {CARD_HELP}")
    confirm = serializers.BooleanField(required=False, help_text="surrender only; must be true")


class MatchView(serializers.Serializer):
    """Everything the caller's seat may know now (``engine.view_for``)."""

    seat = serializers.IntegerField()
    status = serializers.ChoiceField(choices=VIEW_STATUSES)
    variant = serializers.CharField(allow_null=True)
    target = serializers.IntegerField(help_text="game points that win the match")
    scores = serializers.ListField(child=serializers.IntegerField(), help_text="game points")
    deals_played = serializers.IntegerField()
    deal = DealView(allow_null=True)
    result = MatchResult(allow_null=True)
    legal_actions = Action(many=True, help_text="what you may send now; empty if nothing")
    presence = PresenceView(required=False, help_text="absent before the match starts")


_EVENT_SCHEMA = {
    "type": "object",
    "required": ["type", "schema_version"],
    "properties": {
        "type": {"type": "string", "enum": [cls.type for cls in event_types()]},
        "schema_version": {"type": "integer"},
    },
    "additionalProperties": True,
    "description": "One engine event, redacted for your seat, with the fields of its type: "
    "match_started {variant, seats, first_dealer, target}; "
    "deal_started {number, dealer, commitment, trump_card, hand}; "
    "trump_exchanged {seat, card, taken}; talon_closed {seat}; "
    "marriage_announced {seat, suit, points}; card_played {seat, card, stand_in}; "
    "trick_taken {seat, points}; card_drawn {seat, card (only for the drawer, or face up), "
    "face_up}; deal_surrendered {seat}; "
    "deal_ended {winner, game_points, reason, deck, salt}; "
    "match_ended {winner, reason, scores, radli, schneider, ruckschneider}; "
    "player_disconnected {seat, deadline}; player_reconnected {seat}; "
    "pause_started {seat, until}; stand_in_started {seat}; pause_ended {seat}; "
    "hand_shown {seat, until, cards (to the others only while shown)}; hand_hidden {seat}. "
    "card_played also carries stand_in: true when the computer played it for a paused player.",
}


@extend_schema_field(_EVENT_SCHEMA)
class EventField(serializers.DictField):
    pass


class EventEnvelope(serializers.Serializer):
    type = serializers.CharField(help_text='always "event"')
    match_id = serializers.UUIDField()
    seq = serializers.IntegerField(help_text="1, 2, … per match, without gaps")
    event = EventField()


class EventFeed(serializers.Serializer):
    version = serializers.IntegerField(help_text="the match's current version")
    has_more = serializers.BooleanField(help_text="ask again with after_seq = the last seq")
    events = EventEnvelope(many=True)


class DealRecord(RevealedDealFields):
    number = serializers.IntegerField()
    commitment = serializers.CharField()
    trump_suit = serializers.CharField(help_text=SUITS_HELP)
    dealer = serializers.IntegerField()


REMATCH_STATUSES = ["offered", "started"]


class RematchState(serializers.Serializer):
    status = serializers.ChoiceField(choices=REMATCH_STATUSES)
    offered_by_seat = serializers.IntegerField(required=False, help_text="offered only")
    expires_at = serializers.DateTimeField(required=False, help_text="offered only")
    new_match_id = serializers.UUIDField(required=False, help_text="started only")


class MatchOutput(serializers.Serializer):
    """A match as the caller sees it. ``view`` is the engine's view for the caller's seat."""

    id = serializers.UUIDField()
    mode = serializers.ChoiceField(choices=["computer", "friend", "ranked"])
    variant = serializers.CharField()
    status = serializers.ChoiceField(choices=MATCH_STATUSES)
    version = serializers.IntegerField(
        help_text="seq of the last event; send it as expected_version"
    )
    your_seat = serializers.IntegerField()
    scores = serializers.ListField(child=serializers.IntegerField())
    players = PlayerInfo(many=True)
    invite = Invite(allow_null=True, help_text="the room's invite, for its creator while open")
    stake = serializers.IntegerField(
        allow_null=True, help_text="ranked: the coins each player staked; otherwise null"
    )
    rematch = RematchState(
        allow_null=True,
        help_text="a finished match's rematch: offered (and by whom) or started; else null",
    )
    winner_seat = serializers.IntegerField(allow_null=True)
    end_reason = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    view = MatchView()


class ActionSubmit(serializers.Serializer):
    """The documented body of ``POST …/actions/`` (validated by ``ActionInput``)."""

    action = Action()
    expected_version = serializers.IntegerField(
        min_value=0, help_text="the version you saw; a stale one is a 409 version_conflict"
    )
    client_move_id = serializers.CharField(
        min_length=1,
        max_length=64,
        help_text="unique per move (e.g. a UUID); resending it returns the first answer",
    )


NOT_FOUND = "`match_not_found`: no such match, or you do not sit in it"


def _match_response(request: Request, match_id: UUID, code: int = 200) -> Response:
    """The match as it stands now (the computer may have moved since the service returned)."""
    match, seat = services.match_open(match_id=match_id, user=request.user)
    return Response(selectors.match_payload(match=match, seat=seat, user=request.user), status=code)


class VariantField(serializers.ChoiceField):
    """A registered variant's name. The choices are read from the registry each time a
    serializer is made (DRF copies its fields per instance), not frozen at import: a variant
    registered later (a test's toy variant) is accepted; an unknown one is refused as any
    invalid choice (400 ``invalid_input``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=sorted(VARIANTS), **kwargs)


class ComputerMatchInput(serializers.Serializer):
    variant = VariantField(default="klub")
    strength = serializers.ChoiceField(choices=sorted(LEVELS), default=DEFAULT_LEVEL)


class ComputerMatchCreateApi(APIView):
    """Start a match against the computer (Kati). Guests may; there is no stake."""

    @extend_schema(
        tags=["matches"],
        summary="Start a match against the computer",
        request=ComputerMatchInput,
        responses={
            201: MatchOutput,
            **problem_responses(
                {
                    400: "`invalid_input`, `parse_error`, `unknown_variant`, `unknown_strength`",
                    401: NOT_AUTHENTICATED,
                    403: CSRF_FAILED,
                }
            ),
        },
    )
    def post(self, request: Request) -> Response:
        data = ComputerMatchInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_create_vs_computer(user=request.user, **data.validated_data)
        return _match_response(request, match.id, status.HTTP_201_CREATED)


class RoomInput(serializers.Serializer):
    variant = VariantField(default="klub")


class RoomCreateApi(APIView):
    """Open a friend room; the answer's ``invite`` holds the code and the join link."""

    @extend_schema(
        tags=["rooms"],
        summary="Open a friend room (registered players only)",
        request=RoomInput,
        responses={
            201: MatchOutput,
            **problem_responses(
                {
                    400: "`invalid_input`, `parse_error`, `unknown_variant`",
                    401: NOT_AUTHENTICATED,
                    403: f"`registration_required`: guests cannot; {CSRF_FAILED}",
                    409: "`invite_code_exhausted`: no free invite code, try again",
                }
            ),
        },
    )
    def post(self, request: Request) -> Response:
        data = RoomInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.room_create(user=request.user, **data.validated_data)
        return _match_response(request, match.id, status.HTTP_201_CREATED)


class JoinInput(serializers.Serializer):
    code = serializers.CharField(min_length=6, max_length=12, help_text="case-insensitive")


class RoomJoinApi(APIView):
    """Join a friend room by its invite code; the match starts."""

    @extend_schema(
        tags=["rooms"],
        summary="Join a friend room by its invite code",
        request=JoinInput,
        responses={
            200: MatchOutput,
            **problem_responses(
                {
                    400: "`invalid_input`, `parse_error`",
                    401: NOT_AUTHENTICATED,
                    403: f"`registration_required`: guests cannot; {CSRF_FAILED}",
                    404: "`invite_not_found`: no room has this code",
                    409: "`room_full`: the room already has two players (or has ended); "
                    "`already_in_room`: it is your own room",
                    410: "`invite_expired`: the invitation ran out; "
                    "`invite_cancelled`: its creator closed the room",
                }
            ),
        },
    )
    def post(self, request: Request) -> Response:
        data = JoinInput(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.room_join(user=request.user, code=data.validated_data["code"])
        return _match_response(request, match.id)


class RoomCancelApi(APIView):
    """Close your room before anyone joins; its code stops working."""

    @extend_schema(
        tags=["rooms"],
        summary="Cancel your friend room before anyone joins",
        request=None,
        responses={
            200: MatchOutput,
            **problem_responses(
                {
                    401: NOT_AUTHENTICATED,
                    404: "`match_not_found`: no room of yours has this id",
                    409: "`room_not_open`: somebody joined already, or it expired",
                }
            ),
        },
    )
    def post(self, request: Request, match_id: UUID) -> Response:
        services.room_cancel(user=request.user, match_id=match_id)
        return _match_response(request, match_id)


class MatchSummary(serializers.Serializer):
    id = serializers.UUIDField()
    mode = serializers.CharField()
    variant = serializers.CharField()
    status = serializers.CharField()
    scores = serializers.ListField(child=serializers.IntegerField())
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class PaginatedMatchSummaryList(serializers.Serializer):
    """A page of ``MatchSummary`` (LimitOffsetPagination; OpenAPI only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchSummary(many=True)


class MatchListApi(APIView):
    """The caller's matches, newest first."""

    @extend_schema(
        tags=["matches"],
        operation_id="matches_list",
        summary="List your matches, newest first",
        responses={
            200: PaginatedMatchSummaryList,
            **problem_responses({401: NOT_AUTHENTICATED}),
        },
        parameters=[
            OpenApiParameter("limit", int, description="page size (send it: see docs/api.md)"),
            OpenApiParameter("offset", int, description="matches to skip"),
        ],
    )
    def get(self, request: Request) -> Response:
        services.rooms_expire_due(user=request.user)
        paginator = MatchPagination()
        page = paginator.paginate_queryset(selectors.matches_of_player(user=request.user), request)
        return paginator.get_paginated_response(MatchSummary(page, many=True).data)


class MatchDetailApi(APIView):
    """The match as the caller's seat sees it."""

    @extend_schema(
        tags=["matches"],
        summary="Get a match as your seat sees it",
        responses={
            200: MatchOutput,
            **problem_responses({401: NOT_AUTHENTICATED, 404: NOT_FOUND}),
        },
    )
    def get(self, request: Request, match_id: UUID) -> Response:
        return _match_response(request, match_id)


class ActionInput(serializers.Serializer):
    action = serializers.DictField(
        help_text='e.g. {"type": "play_card", "card": "PA"}, {"type": "exchange_trump"}, '
        '{"type": "close_talon"}, {"type": "surrender", "confirm": true}, {"type": "resign"}, '
        '{"type": "leave"}; in online play also {"type": "pause"}, {"type": "resume"} (the OK '
        'after a pause) and {"type": "show_hand"}'
    )
    expected_version = serializers.IntegerField(min_value=0)
    client_move_id = serializers.CharField(min_length=1, max_length=64)


class ActionOutput(serializers.Serializer):
    version = serializers.IntegerField(help_text="seq of this action's last event")
    events = EventEnvelope(many=True, help_text="this action's events, redacted for you")
    view = MatchView(help_text="your view right after this action (before any reply)")


class MatchActionApi(APIView):
    """Send an action. Retrying with the same ``client_move_id`` returns the first answer."""

    @extend_schema(
        tags=["matches"],
        summary="Send an action (a card, exchange, close, surrender, resign, leave)",
        request=ActionSubmit,
        responses={
            200: ActionOutput,
            **problem_responses(
                {
                    400: "`invalid_input`, `parse_error`; `invalid_action`: not an action a "
                    "player may send (unknown type or card, missing or extra fields)",
                    401: NOT_AUTHENTICATED,
                    403: CSRF_FAILED,
                    404: NOT_FOUND,
                    409: "`version_conflict` (with `current_version`): the match moved on, "
                    "fetch it and decide again; `match_not_started`; "
                    "`client_move_id_reused`; or a rule code such as `not_your_turn`, "
                    "`card_not_in_hand`, `must_follow_suit`, `must_beat`, `must_trump`, "
                    "`talon_closed`, `exchange_not_allowed`, `confirmation_required`, "
                    "`deal_in_progress`, `match_over`; for pause, resume and show_hand: "
                    "`online_only` (not against the computer), `already_paused`, "
                    "`pause_limit`, `not_paused`, `already_shown`, `empty_hand`",
                }
            ),
        },
    )
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
        return Response(selectors.action_payload(outcome=outcome, seat=seat))


class Heartbeat(serializers.Serializer):
    version = serializers.IntegerField(help_text="the match's version: fetch it if yours is older")
    presence = PresenceView(required=False, help_text="every seat's clocks")


class MatchHeartbeatApi(APIView):
    """A sign of life for clients without a match socket (socket messages count by themselves).
    If you were marked away, you are back."""

    @extend_schema(
        tags=["matches"],
        summary="Say you are still here (REST-only clients, every 10 seconds)",
        request=None,
        responses={
            200: Heartbeat,
            **problem_responses({401: NOT_AUTHENTICATED, 403: CSRF_FAILED, 404: NOT_FOUND}),
        },
    )
    def post(self, request: Request, match_id: UUID) -> Response:
        match, seat = services.match_open(match_id=match_id, user=request.user)
        return Response(selectors.heartbeat_payload(match=match, seat=seat))


class EventsQuery(serializers.Serializer):
    after_seq = serializers.IntegerField(min_value=0, default=0)
    limit = serializers.IntegerField(min_value=1, max_value=1000, default=500)


class MatchEventsApi(APIView):
    """The event feed after ``after_seq``, redacted for the caller's seat."""

    @extend_schema(
        tags=["matches"],
        summary="The match's events after a seq (catch up, resync after a gap)",
        parameters=[EventsQuery],
        responses={
            200: EventFeed,
            **problem_responses({400: "`invalid_input`", 401: NOT_AUTHENTICATED, 404: NOT_FOUND}),
        },
    )
    def get(self, request: Request, match_id: UUID) -> Response:
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
                DealRecord,
                description="Check: sha256(salt + ''.join(deck)) == commitment (hex).",
            ),
            **problem_responses(
                {
                    401: NOT_AUTHENTICATED,
                    404: f"{NOT_FOUND}; `deal_not_found`: no deal with this number",
                    409: "`deal_not_over`: this deal is still being played",
                }
            ),
        },
    )
    def get(self, request: Request, match_id: UUID, number: int) -> Response:
        match, seat = selectors.match_for_player(match_id=match_id, user=request.user)
        return Response(selectors.deal_record(match=match, seat=seat, number=number))


class RematchOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=REMATCH_STATUSES)
    new_match_id = serializers.UUIDField(allow_null=True)


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
                {
                    401: NOT_AUTHENTICATED,
                    403: "`suspended`, `banned`, `blocked`",
                    404: "`match_not_found`",
                    409: "`match_not_finished`, `rematch_started`, `rematch_already_offered`, "
                    "`insufficient_coins` (ranked)",
                }
            ),
        },
    )
    def post(self, request: Request, match_id: UUID) -> Response:
        return _rematch_response(rematches.rematch_offer(user=request.user, match_id=match_id))


class RematchAcceptApi(APIView):
    """Accept the other player's rematch offer: a new match starts from 0:0 (ranked: the stakes
    are taken again). Both sockets hear ``rematch.started`` with the new match's id."""

    @extend_schema(
        tags=["matches"],
        summary="Accept a rematch offer",
        request=None,
        responses={
            201: RematchOutput,
            **problem_responses(
                {
                    401: NOT_AUTHENTICATED,
                    403: "`suspended`, `banned`, `blocked`",
                    404: "`match_not_found`, `rematch_not_offered`",
                    409: "`match_not_finished`, `rematch_started`, `own_offer`, "
                    "`insufficient_coins` (ranked)",
                    410: "`rematch_expired`",
                }
            ),
        },
    )
    def post(self, request: Request, match_id: UUID) -> Response:
        return _rematch_response(rematches.rematch_accept(user=request.user, match_id=match_id))
