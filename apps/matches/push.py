"""WebSocket push of new events, per seat and redacted for it. Called only after commit: the
push is a hint, the database is the truth (clients resync through the event feed on a gap)."""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from apps.matches.engine import VARIANTS, Event, redact_event


def seat_group(match_id: UUID | str, seat: int) -> str:
    return f"match.{match_id}.seat.{seat}"


def envelopes_for(
    match_id: UUID, variant: str, first_seq: int, events: Sequence[Event], seat: int
) -> list[dict]:
    rules = VARIANTS[variant]
    return [
        {
            "type": "event",
            "match_id": str(match_id),
            "seq": first_seq + i,
            "event": redact_event(event, seat=seat, variant=rules),
        }
        for i, event in enumerate(events)
    ]


def events_push(
    *, match_id: UUID, variant: str, first_seq: int, events: Sequence[Event], seats: Sequence[int]
) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for seat in seats:
        message = {
            "type": "match.events",
            "envelopes": envelopes_for(match_id, variant, first_seq, events, seat),
        }
        async_to_sync(layer.group_send)(seat_group(match_id, seat), message)
