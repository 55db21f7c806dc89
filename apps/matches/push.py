"""WebSocket push of new events, per seat and redacted for it. Called only after commit: the
push is a hint, the database is the truth (clients resync through the event feed on a gap)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from apps.common.broadcast import group_send
from apps.matches.engine import VARIANTS, Event, MatchState, from_json, redact_event, to_json

__all__ = ["envelopes_for", "events_push", "group_send", "match_group", "match_group_send"]


def match_group(match_id: UUID | str) -> str:
    return f"match.{match_id}"


def player_tables_group(user_id: int) -> str:
    """One player's sockets on online matches: closed at once when a moderator bars the player
    from online play (``withdrawal.sockets_close``)."""
    return f"tables.{user_id}"


def envelopes_for(
    match_id: UUID | str,
    variant: str,
    first_seq: int,
    events: Sequence[Event],
    seat: int | None,
    *,
    current: MatchState | None = None,
) -> list[dict[str, Any]]:
    """The envelopes of ``events`` (the first at ``first_seq``) as ``seat`` may see them; pass
    the ``current`` state when they are old (see ``engine.redact_event``)."""
    rules = VARIANTS[variant]
    return [
        {
            "type": "event",
            "match_id": str(match_id),
            "seq": first_seq + i,
            "event": redact_event(event, seat=seat, variant=rules, current=current),
        }
        for i, event in enumerate(events)
    ]


def envelopes_from_message(message: dict[str, Any], *, seat: int | None) -> list[dict[str, Any]]:
    """What a socket of ``seat`` sends for one ``match.events`` message of the channel layer."""
    events = [from_json(payload) for payload in message["events"]]
    return envelopes_for(
        message["match_id"], message["variant"], message["first_seq"], events, seat
    )


def events_push(*, match_id: UUID, variant: str, first_seq: int, events: Sequence[Event]) -> None:
    """Publish new events to the match's sockets. The channel layer (internal, never seen by
    players) carries them whole, once per move; each socket redacts them for its own seat.
    Never raises: the move is committed whatever happens here, and a client that misses a push
    catches up from the event feed."""
    if not events:
        return
    message = {
        "type": "match.events",
        "match_id": str(match_id),
        "variant": variant,
        "first_seq": first_seq,
        "events": [to_json(event) for event in events],
    }
    group_send(match_group(match_id), message)


def match_group_send(match_id: UUID | str, message: dict[str, Any]) -> None:
    """Publish one channel-layer ``message`` (chat, call state) to the match's sockets, in
    order with the event pushes. Call it after commit. Never raises: a push is a hint."""
    group_send(match_group(match_id), message)
