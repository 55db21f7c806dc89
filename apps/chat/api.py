"""Chat, block and call API (``/api/v1/``): thin views that parse, call one service or selector,
and answer. Chat messages and call signalling are also pushed over the match WebSocket
(``apps/chat/sockets.py``, ``apps/chat/calls.py``)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.fields import empty
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.requests import MemberRequest
from apps.common.inputs import (
    PAGE_INPUT,
    BodySerializer,
    QuerySerializer,
    StrictLimitOffsetPagination,
)
from apps.common.schema import BODY_REFUSED, ONLINE_BARRED, problem_responses

from . import calls, selectors, services
from .models import MAX_MESSAGE_LENGTH, Block

# --- chat --------------------------------------------------------------------------------


class ChatMessageOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="grows with time; use it as a cursor")
    sender_seat = serializers.IntegerField(help_text="compare with your_seat of the match")
    text = serializers.CharField(help_text=f"1 to {MAX_MESSAGE_LENGTH} characters")
    created_at = serializers.DateTimeField()


class ChatPage(serializers.Serializer):
    messages = ChatMessageOutput(many=True)
    has_more = serializers.BooleanField(
        help_text="more messages in this direction: ask again with the last id as the cursor"
    )


class ChatQuery(QuerySerializer):
    before = serializers.IntegerField(
        min_value=1, required=False, help_text="ids below this one (alone: newest first)"
    )
    after = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text="ids above this one, oldest first (0: from the beginning)",
    )
    limit = serializers.IntegerField(min_value=1, max_value=100, default=50)


@extend_schema_field({"type": "string", "minLength": 1, "maxLength": MAX_MESSAGE_LENGTH})
class MessageTextField(serializers.CharField):
    """A message's text as sent: taken as it is, blank included, as the service strips it and
    answers its own codes for its length (``message_empty``, ``message_too_long``); documented
    with that length once stripped (``schema.strict_requests``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(trim_whitespace=False, **kwargs)

    def run_validation(self, data: Any = empty) -> Any:
        return data if data == "" else super().run_validation(data)


class ChatPostInput(BodySerializer):
    text = MessageTextField(help_text="the message")


class ChatMessagesApi(APIView):
    """The chat of an online match: read it page by page, or post to it."""

    @extend_schema(
        tags=["chat"],
        operation_id="matches_chat_list",
        summary="Read a match's chat, newest first (or oldest first after a cursor)",
        description="Without a cursor: the newest messages, newest first. `before=<id>`: the "
        "page below that id, newest first. `after=<id>`: the page above it, oldest first "
        "(`after=0` starts at the first message). Both: the messages between the two ids, "
        "oldest first (the gap a client missed, say; none if `after` is not below "
        "`before`). Messages of players you blocked are left out. Suspended and banned "
        "players may still read.",
        parameters=[ChatQuery],
        responses={
            200: ChatPage,
            **problem_responses(
                "invalid_input", "not_authenticated", "match_not_found", "not_online_match"
            ),
        },
    )
    def get(self, request: MemberRequest, match_id: UUID) -> Response:
        query = ChatQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        match, _ = selectors.chat_match_for_player(match_id=match_id, user=request.user)
        page = selectors.chat_messages_for_player(
            match=match,
            user=request.user,
            before=query.validated_data.get("before"),
            after=query.validated_data.get("after"),
            limit=query.validated_data["limit"],
        )
        return Response(page)

    @extend_schema(
        tags=["chat"],
        summary="Post a message to a match's chat",
        description="The message is also pushed over the match WebSocket as "
        '`{"type": "chat", "match_id", "message"}` to both players, except a player who '
        "blocked you.",
        request=ChatPostInput,
        responses={
            201: ChatMessageOutput,
            **problem_responses(
                "message_empty",
                "message_too_long",
                *BODY_REFUSED,
                "not_authenticated",
                *ONLINE_BARRED,
                "csrf_failed",
                "match_not_found",
                "not_online_match",
                "match_not_started",
                "chat_rate_limited",
            ),
        },
    )
    def post(self, request: MemberRequest, match_id: UUID) -> Response:
        data = ChatPostInput(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            message, seat = services.chat_message_send(
                match_id=match_id, user=request.user, text=data.validated_data["text"]
            )
        except services.RateLimited as limited:
            # DRF's Throttled adds the Retry-After header to the problem+json answer.
            raise Throttled(
                wait=limited.retry_after, detail=limited.detail, code=limited.code
            ) from limited
        body = selectors.message_payload(message, {request.user.id: seat})
        return Response(body, status=status.HTTP_201_CREATED)


# --- blocks --------------------------------------------------------------------------------


class BlockPagination(StrictLimitOffsetPagination):
    default_limit = 50
    max_limit = 200


class BlockInput(BodySerializer):
    user_id = serializers.IntegerField(min_value=1, help_text="the player to block")


class BlockOutput(serializers.Serializer):
    user_id = serializers.IntegerField(source="blocked_id")
    display_name = serializers.CharField(source="blocked.public_name")
    created_at = serializers.DateTimeField()


class PaginatedBlockList(serializers.Serializer):
    """A page of ``BlockOutput`` (LimitOffsetPagination; OpenAPI only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = BlockOutput(many=True)


class BlockRemoved(serializers.Serializer):
    user_id = serializers.IntegerField()
    blocked = serializers.BooleanField(help_text="always false")


BLOCK_EFFECTS = (
    "A blocked player's chat messages no longer reach you (neither in the chat nor over the "
    "WebSocket), you cannot join each other's rooms nor call each other, and a call between "
    "you ends. Block lists are private: nobody else can read yours."
)


class BlockListApi(APIView):
    """Your blocks: list them, or block a player."""

    @extend_schema(
        tags=["blocks"],
        operation_id="blocks_list",
        summary="List the players you blocked, newest first",
        responses={
            200: PaginatedBlockList,
            **problem_responses("invalid_input", "not_authenticated", invalid_input=PAGE_INPUT),
        },
    )
    def get(self, request: MemberRequest) -> Response:
        paginator = BlockPagination()
        page = paginator.paginate_queryset(selectors.blocks_of(user=request.user), request)
        return paginator.get_paginated_response(BlockOutput(page, many=True).data)

    @extend_schema(
        tags=["blocks"],
        summary="Block a player (blocking twice changes nothing)",
        description=BLOCK_EFFECTS,
        request=BlockInput,
        responses={
            201: BlockOutput,
            200: BlockOutput,
            **problem_responses(
                "cannot_block_self",
                *BODY_REFUSED,
                "not_authenticated",
                "csrf_failed",
                "user_not_found",
            ),
        },
    )
    def post(self, request: MemberRequest) -> Response:
        data = BlockInput(data=request.data)
        data.is_valid(raise_exception=True)
        block, created = services.block_create(
            blocker=request.user, blocked_id=data.validated_data["user_id"]
        )
        block = Block.objects.select_related("blocked").get(pk=block.pk)
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(BlockOutput(block).data, status=code)


class BlockDetailApi(APIView):
    """One of your blocks."""

    @extend_schema(
        tags=["blocks"],
        summary="Unblock a player",
        responses={
            200: BlockRemoved,
            **problem_responses("not_authenticated", "csrf_failed", "block_not_found"),
        },
    )
    def delete(self, request: MemberRequest, user_id: int) -> Response:
        services.block_delete(blocker=request.user, blocked_id=user_id)
        return Response({"user_id": user_id, "blocked": False})


# --- calls ---------------------------------------------------------------------------------


class IceServer(serializers.Serializer):
    """An ``RTCIceServer`` for ``RTCPeerConnection({iceServers})``."""

    urls = serializers.ListField(child=serializers.CharField(), help_text="stun: or turn: URLs")
    username = serializers.CharField(required=False)
    credential = serializers.CharField(required=False)


class IceServersOutput(serializers.Serializer):
    ice_servers = IceServer(many=True)


class IceServersApi(APIView):
    """The STUN/TURN servers for voice calls (also sent in the ``call.accepted`` frame)."""

    @extend_schema(
        tags=["calls"],
        summary="STUN/TURN servers for voice calls",
        description="Voice calls between the two players of an online match are signalled over "
        "the match WebSocket: `call.propose`, `call.accept` / `call.decline`, `call.signal` "
        "(`kind` offer, answer or ice, with a `payload`), `call.mute`, `call.hangup`, "
        "`call.status`. The server relays the WebRTC signals between the two players only "
        "and carries no audio.",
        responses={
            200: IceServersOutput,
            **problem_responses(
                "not_authenticated", "registration_required", "suspended", "banned"
            ),
        },
    )
    def get(self, request: MemberRequest) -> Response:
        return Response({"ice_servers": calls.ice_servers_for(user=request.user)})
