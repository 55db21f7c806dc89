"""Reads about blocks, used by chat, calls, rooms and (later) matchmaking."""

from __future__ import annotations

from django.db.models import Q

from .models import Block


def blocked_between(a_id: int, b_id: int) -> bool:
    """Whether either of the two players blocked the other."""
    return Block.objects.filter(
        Q(blocker_id=a_id, blocked_id=b_id) | Q(blocker_id=b_id, blocked_id=a_id)
    ).exists()


def blocked_by(user_id: int) -> set[int]:
    """The ids of the players ``user_id`` has blocked (whose messages it must not receive)."""
    return set(Block.objects.filter(blocker_id=user_id).values_list("blocked_id", flat=True))
