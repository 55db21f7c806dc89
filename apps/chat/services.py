"""Chat and block services: the only code that writes ``ChatMessage`` and ``Block`` rows."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from rest_framework import status

from apps.accounts.models import User
from apps.common.errors import Conflict, NotFound, Problem
from apps.common.policies import require_online_allowed
from apps.matches.models import Match, Seat
from apps.matches.push import match_group_send

from . import calls, ratelimit
from .models import MAX_MESSAGE_LENGTH, Block, ChatMessage
from .selectors import blockers_among, chat_match_for_player, message_payload, seats_by_user

CHAT_OPEN_STATUSES = (Match.Status.ACTIVE, Match.Status.FINISHED)


class RateLimited(Problem):
    """429: too many attempts; ``retry_after`` is in seconds (the API sends ``Retry-After``)."""

    status = status.HTTP_429_TOO_MANY_REQUESTS
    code = "rate_limited"
    title = "Too Many Requests"

    def __init__(self, detail: str, *, retry_after: float, code: str | None = None) -> None:
        super().__init__(detail, code=code)
        self.retry_after = retry_after


# --- chat ----------------------------------------------------------------------------------


def clean_text(text: str) -> str:
    """The text as stored: stripped, 1 to ``MAX_MESSAGE_LENGTH`` characters."""
    text = text.strip()
    if not text:
        raise Problem("a message needs some text", code="message_empty")
    if len(text) > MAX_MESSAGE_LENGTH:
        raise Problem(
            f"a message has at most {MAX_MESSAGE_LENGTH} characters, this one {len(text)}",
            code="message_too_long",
            max_length=MAX_MESSAGE_LENGTH,
        )
    return text


def chat_message_send(*, match_id: UUID, user: User, text: str) -> tuple[ChatMessage, int]:
    """Post a message to the chat of an online match the user sits in; returns it and the
    sender's seat. After commit it is pushed to the match's sockets, except those of players
    who blocked the sender."""
    match, seat = chat_match_for_player(match_id=match_id, user=user)
    if match.status not in CHAT_OPEN_STATUSES:
        raise Conflict("the chat opens when the match starts", code="match_not_started")
    require_online_allowed(user.id)
    text = clean_text(text)
    wait = ratelimit.hit(
        f"chat:rate:{user.id}",
        limit=settings.CHAT_RATE_LIMIT_MESSAGES,
        window_seconds=settings.CHAT_RATE_LIMIT_SECONDS,
    )
    if wait is not None:
        raise RateLimited(
            f"at most {settings.CHAT_RATE_LIMIT_MESSAGES} messages per "
            f"{settings.CHAT_RATE_LIMIT_SECONDS} seconds.",
            code="chat_rate_limited",
            retry_after=wait,
        )
    seats = seats_by_user(match)
    with transaction.atomic():
        message = ChatMessage.objects.create(match=match, sender=user, text=text)
        hidden_from = blockers_among(user.id, [u for u in seats if u != user.id])
        push: dict[str, Any] = {
            "type": "chat.message",
            "match_id": str(match.id),
            "message": message_payload(message, seats),
            "hidden_from": sorted(hidden_from),
        }
        transaction.on_commit(lambda: match_group_send(match.id, push))
    return message, seat


# --- blocks --------------------------------------------------------------------------------


def block_create(*, blocker: User, blocked_id: int) -> tuple[Block, bool]:
    """``blocker`` blocks ``blocked_id``; returns the block and whether it is new (blocking
    twice changes nothing). A call running between the two ends, as if hung up."""
    if blocked_id == blocker.id:
        raise Problem("you cannot block yourself", code="cannot_block_self")
    if not User.objects.filter(pk=blocked_id).exists():
        raise NotFound("no such player", code="user_not_found")
    try:
        with transaction.atomic():
            block, created = Block.objects.get_or_create(blocker=blocker, blocked_id=blocked_id)
    except IntegrityError:  # the same block, created concurrently
        block, created = Block.objects.get(blocker=blocker, blocked_id=blocked_id), False
    if created:
        calls_end_for_block(blocker_id=blocker.id, blocked_id=blocked_id)
    return block, created


def calls_end_for_block(*, blocker_id: int, blocked_id: int) -> None:
    """End every call (proposed or running) between two players, one of whom just blocked the
    other; to the blocked player it looks like the blocker's hang-up. Call it after the block
    is committed (``block_create`` does; so must any other code that creates blocks)."""
    shared = (
        Seat.objects.filter(
            user_id=blocker_id,
            match__status=Match.Status.ACTIVE,
            match__seats__user_id=blocked_id,
        )
        .order_by()
        .values_list("match_id", flat=True)
        .distinct()
    )
    for match_id in shared:
        frame = calls.call_end_between(match_id=match_id, by_user_id=blocker_id)
        if frame is not None:
            match_group_send(match_id, calls.update_message(frame))


def block_delete(*, blocker: User, blocked_id: int) -> None:
    deleted, _ = Block.objects.filter(blocker=blocker, blocked_id=blocked_id).delete()
    if not deleted:
        raise NotFound("you have not blocked this player", code="block_not_found")


def blocks_forget(sender: object, *, user_id: int, **_: object) -> None:
    """A player deleting its account: the blocks it made and those made of it go with it
    (``account_closing``)."""
    Block.objects.filter(Q(blocker_id=user_id) | Q(blocked_id=user_id)).delete()
