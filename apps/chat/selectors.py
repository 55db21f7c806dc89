"""Reads about blocks and chat messages, used by chat, calls, rooms and (later) matchmaking."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any
from uuid import UUID

from django.db.models import Q, QuerySet
from rest_framework.fields import DateTimeField

from apps.accounts.models import User
from apps.common.errors import Conflict
from apps.matches.models import Match
from apps.matches.selectors import match_for_player

from .models import Block, ChatMessage

ONLINE_MODES = (Match.Mode.FRIEND, Match.Mode.RANKED)

_datetime_field = DateTimeField()


def blocked_between(a_id: int, b_id: int) -> bool:
    """Whether either of the two players blocked the other."""
    return Block.objects.filter(
        Q(blocker_id=a_id, blocked_id=b_id) | Q(blocker_id=b_id, blocked_id=a_id)
    ).exists()


def blocked_by(user_id: int) -> set[int]:
    """The ids of the players ``user_id`` has blocked (whose messages it must not receive)."""
    return set(Block.objects.filter(blocker_id=user_id).values_list("blocked_id", flat=True))


def blockers_of(user_id: int) -> set[int]:
    """The ids of the players who have blocked ``user_id``."""
    return set(Block.objects.filter(blocked_id=user_id).values_list("blocker_id", flat=True))


def blockers_among(user_id: int, candidates: Iterable[int]) -> set[int]:
    """Which of ``candidates`` have blocked ``user_id`` (and so must not receive from it)."""
    return set(
        Block.objects.filter(blocked_id=user_id, blocker_id__in=list(candidates)).values_list(
            "blocker_id", flat=True
        )
    )


def blocks_of(*, user: User) -> QuerySet[Block]:
    """The caller's own blocks, newest first. Nobody else's: block lists are private."""
    return Block.objects.filter(blocker=user).select_related("blocked").order_by("-id")


def require_online_match(match: Match) -> None:
    """Chat and calls are for matches between people; the computer does not talk."""
    if match.mode not in ONLINE_MODES:
        raise Conflict(
            "chat and calls are only for online matches, not against the computer",
            code="not_online_match",
        )


def chat_match_for_player(*, match_id: UUID, user: User) -> tuple[Match, int]:
    """The online match and the caller's seat; 404 ``match_not_found`` unless the caller sits
    in it, 409 ``not_online_match`` for a match against the computer."""
    match, seat = match_for_player(match_id=match_id, user=user)
    require_online_match(match)
    return match, seat


def iso(value: datetime) -> str:
    """A timestamp as the REST answers render it (ISO 8601, ``Z`` for UTC)."""
    return _datetime_field.to_representation(value)


def message_payload(message: ChatMessage, seats: dict[int, int]) -> dict[str, Any]:
    """A message as players see it; ``seats`` maps user ids to seat indexes."""
    return {
        "id": message.id,
        "sender_seat": seats.get(message.sender_id),
        "text": message.text,
        "created_at": iso(message.created_at),
    }


def seats_by_user(match: Match) -> dict[int, int]:
    return {s.user_id: s.index for s in match.seats.all() if s.user_id is not None}


def chat_messages_for_player(
    *, match: Match, user: User, before: int | None, after: int | None, limit: int
) -> dict[str, Any]:
    """A page of the match's chat as ``user`` may read it: without the messages of players
    it has blocked (sent before or after the block).

    ``after`` given: the messages with a greater id, oldest first (``after=0`` starts at the
    beginning). Otherwise newest first. ``before`` given: only those with a smaller id (with
    ``after``: the messages between the two). ``has_more``: another page follows; ask again
    with the last message's id as the same cursor (``after``, or ``before`` alone).
    """
    rows = ChatMessage.objects.filter(match=match).exclude(sender_id__in=blocked_by(user.id))
    if before is not None:
        rows = rows.filter(id__lt=before)
    rows = rows.filter(id__gt=after).order_by("id") if after is not None else rows.order_by("-id")
    page = list(rows[: limit + 1])
    seats = seats_by_user(match)
    return {
        "messages": [message_payload(m, seats) for m in page[:limit]],
        "has_more": len(page) > limit,
    }
