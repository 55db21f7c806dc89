"""WebSocket push of new events, per seat and redacted for it. Called only after commit: the
push is a hint, the database is the truth (clients resync through the event feed on a gap)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from apps.matches.engine import VARIANTS, Event, redact_event

logger = logging.getLogger(__name__)


def seat_group(match_id: UUID | str, seat: int) -> str:
    return f"match.{match_id}.seat.{seat}"


def envelopes_for(
    match_id: UUID, variant: str, first_seq: int, events: Sequence[Event], seat: int
) -> list[dict[str, Any]]:
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
    """Send each seat its envelopes. Never raises: the move is committed whatever happens here,
    and a client that misses a push catches up from the event feed."""
    layer = get_channel_layer()
    if layer is None or not events:
        return
    messages = [
        (
            seat_group(match_id, seat),
            {
                "type": "match.events",
                "envelopes": envelopes_for(match_id, variant, first_seq, events, seat),
            },
        )
        for seat in seats
    ]

    async def send_all() -> None:
        for group, message in messages:
            try:
                await layer.group_send(group, message)
            except Exception:  # one seat's failure must not cost the other seat its push
                logger.exception("push of match %s events from %d failed", match_id, first_seq)

    try:
        async_to_sync(send_all)()
    except Exception:
        logger.exception("push of match %s events from %d failed", match_id, first_seq)
