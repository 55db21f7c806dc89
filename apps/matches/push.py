"""The transport of the match's pushes: the channel-layer groups of its sockets and the
publishing to them, after commit only (the push is a hint, the database is the truth: clients
resync through the event feed on a gap). What the messages hold is ``envelopes.py``'s."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from apps.common.broadcast import group_send
from apps.matches.engine import Event

from .envelopes import events_message

__all__ = ["events_push", "group_send", "match_group", "match_group_send", "player_tables_group"]


def match_group(match_id: UUID | str) -> str:
    return f"match.{match_id}"


def player_tables_group(user_id: int) -> str:
    """One player's sockets on online matches: closed at once when a moderator bars the player
    from online play (``withdrawal.sockets_close``)."""
    return f"tables.{user_id}"


def events_push(*, match_id: UUID, variant: str, first_seq: int, events: Sequence[Event]) -> None:
    """Publish new events to the match's sockets (``envelopes.events_message``). Never raises:
    the move is committed whatever happens here, and a client that misses a push catches up
    from the event feed."""
    if not events:
        return
    message = events_message(match_id=match_id, variant=variant, first_seq=first_seq, events=events)
    group_send(match_group(match_id), message)


def match_group_send(match_id: UUID | str, message: dict[str, Any]) -> None:
    """Publish one channel-layer ``message`` (chat, call state) to the match's sockets, in
    order with the event pushes. Call it after commit. Never raises: a push is a hint."""
    group_send(match_group(match_id), message)
