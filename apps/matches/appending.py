"""The one write path of a match, ``command_apply``: ``decide`` → the server's follow-ups in
the same batch (``follow_ups.py``: the abandonment when everyone left, the next deal) → append
the events and save the ``Match`` projection (``event_store.events_record``, the columns
declared in ``projection.py``) → tell the club (``signals.py``): ``events_appended`` first,
whose subscribers write the seat and presence projections inside the transaction and schedule
the push, the deadline task and the computer's move after commit; then ``match_finished`` when
the match ended (settlement, inside the transaction).

Callers hold the match row lock (``select_for_update``) and pass the state loaded under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from apps.common.errors import Conflict
from apps.matches.engine import (
    Command,
    Event,
    MatchState,
    RuleViolation,
    decide,
    replay,
)
from apps.matches.engine.codec import command_to_json
from apps.matches.engine.events import MatchEnded

from . import event_store, signals
from .follow_ups import FOLLOW_UPS
from .models import Match


class MoveNotAllowed(Conflict):
    """The rules refused a command: a 409 with the engine's code (``engine.CODES``)."""

    title = "Move not allowed"


@dataclass(frozen=True)
class Outcome:
    """One command's result: its events (``first_seq``…``last_seq``) and the state after them."""

    match: Match
    first_seq: int
    last_seq: int
    events: list[Event]
    state: MatchState


def command_apply(
    match: Match,
    state: MatchState,
    command: Command,
    *,
    actor_id: int | None = None,
    client_move_id: str | None = None,
    now: datetime | None = None,
    preceded_by: Sequence[Command] = (),
    followed_by: Sequence[Command] = (),
) -> Outcome:
    """Apply ``command`` (a player's with its ``actor_id`` and ``client_move_id``, or the
    server's: a deadline, the computer's move) under the caller's lock; ``preceded_by``: the
    commands that come first in its batch (a seed sent with a move: ``GiveSeed``), refused with
    it or applied with it; ``followed_by``: the server's own that come right after it, before
    the follow-ups (a match's first secret and seeds after its start)."""
    now = now or timezone.now()
    before = state
    events: list[Event] = []
    try:
        for each in (*preceded_by, command, *followed_by):
            added = decide(state, each, now=now)
            state = replay(added, state)
            events += added
    except RuleViolation as refusal:
        raise MoveNotAllowed(refusal.message, code=refusal.code) from None
    for follow_up in FOLLOW_UPS:
        while (more := follow_up(match, state, events)) is not None:
            added = decide(state, more, now=now)  # the server's own: a refusal is a bug
            state = replay(added, state)
            events += added
    first_seq = match.version + 1
    changed = event_store.events_record(
        match=match,
        events=events,
        state=state,
        command=command_to_json(command),
        actor_id=actor_id,
        client_move_id=client_move_id,
        now=now,
    )
    signals.events_appended.send(
        Match,
        match=match,
        before=before,
        state=state,
        events=events,
        first_seq=first_seq,
        changed=changed,
        now=now,
    )
    if any(isinstance(e, MatchEnded) for e in events):
        signals.match_finished.send(Match, match=match, state=state)
    return Outcome(match, first_seq, match.version, events, state)
