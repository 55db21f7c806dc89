"""What the players receive of new events, and the channel-layer message that carries them:
the formatting, apart from the transport (``push.py``). Each envelope is an event redacted for
one seat (``engine.redact_event``), numbered by its ``seq``; the event feed, an action's answer
and the match socket all send these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from apps.matches.engine import VARIANTS, Event, MatchState, from_json, redact_event, to_json


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


def events_message(
    *, match_id: UUID | str, variant: str, first_seq: int, events: Sequence[Event]
) -> dict[str, Any]:
    """The channel-layer message of new events (internal, never seen by players): the events
    whole, once per move; each socket redacts them for its own seat
    (``envelopes_from_message``)."""
    return {
        "type": "match.events",
        "match_id": str(match_id),
        "variant": variant,
        "first_seq": first_seq,
        "events": [to_json(event) for event in events],
    }


def envelopes_from_message(message: dict[str, Any], *, seat: int | None) -> list[dict[str, Any]]:
    """What a socket of ``seat`` sends for one ``match.events`` message of the channel layer."""
    events = [from_json(payload) for payload in message["events"]]
    return envelopes_for(
        message["match_id"], message["variant"], message["first_seq"], events, seat
    )
