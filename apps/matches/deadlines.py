"""Deadlines of running matches: those of presence, in online matches only (friend and ranked;
the computer never leaves), and the variant's own, in every mode (partnership's doubling
window and shown hand run out against the computer too). Who is at the table (sockets,
heartbeats, silence) is tracked in ``attendance.py``; the rules that turn absence into
deadlines are the engine's (``engine/presence.py``).

Every deadline is state: the engine stores it in an event (``PlayerDisconnected.deadline``,
``PauseStarted.until``, ``HandShown.until``) and ``Match.next_deadline_at`` projects the
earliest one. One function, ``apply_due_locked``, applies every deadline of a match that has run
out, as engine commands, so each becomes events. It is called

- by the Celery task scheduled at the match's next deadline whenever a batch moves it
  (``receivers.deadline_schedule``, ``tasks.deadlines_fire``),
- on every load of the match (the match and event-feed GETs, every action),
- by the Celery beat sweep (``tasks.deadlines_sweep``, every 5 seconds),

and applying it again has no second effect (the engine refuses what is not due, and what is
applied is no longer pending). Embedded mode schedules no task: loads and the sweep suffice.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from apps.matches.engine.commands import Disconnect
from apps.matches.engine.presence import due_commands

from . import event_store
from .appending import command_apply
from .attendance import ONLINE, silent_seats, watched
from .models import Match, Seat
from .seating import seats_of


def due_by_clock(match: Match, now: datetime) -> bool:
    """Whether a deadline of the running ``match`` has run out (a computer match has only its
    variant's: presence deadlines arise in online matches alone)."""
    return (
        match.status == Match.Status.ACTIVE
        and match.next_deadline_at is not None
        and match.next_deadline_at <= now
    )


# --- applying what is due ---------------------------------------------------------------------


def apply_due_locked(match: Match, now: datetime, *, silent: bool = False) -> int:
    """Apply every deadline of ``match`` that ran out by ``now`` (the caller holds the row
    lock); with ``silent``, first disconnect the seats that went silent (online matches).
    Returns how many commands were applied."""
    if match.status != Match.Status.ACTIVE:
        return 0
    quiet = silent_seats(match, now) if silent and watched(match) else []
    if not due_by_clock(match, now) and not quiet:
        return 0
    state = event_store.state_load(match)
    applied = 0
    for seat in quiet:
        if state.running and state.away_until[seat] is None and not state.played_by_computer(seat):
            disconnect = Disconnect(seat)
            state = command_apply(match, state, disconnect, now=now).state
            applied += 1
    people = frozenset(seat.index for seat in seats_of(match) if not seat.is_bot)
    while commands := due_commands(state, now, people=people):
        state = command_apply(match, state, commands[0], now=now).state
        applied += 1
    return applied


def deadlines_apply(match_id: UUID | str, *, now: datetime | None = None) -> int:
    """Lock the match and apply what is due (silent seats included). Safe to call any time."""
    now = now or timezone.now()
    with transaction.atomic():
        match = event_store.match_lock(match_id)
        if match is None:
            return 0
        return apply_due_locked(match, now, silent=True)


def due_matches(now: datetime | None = None) -> list[UUID]:
    """Active online matches with a deadline run out or a seat gone silent (for the sweep)."""
    now = now or timezone.now()
    by_clock = Match.objects.filter(status=Match.Status.ACTIVE, next_deadline_at__lte=now)
    by_silence = Seat.objects.filter(
        last_seen_at__lte=now - timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS),
        match__status=Match.Status.ACTIVE,
        match__mode__in=ONLINE,
    )
    ids = set(by_clock.values_list("id", flat=True))
    ids.update(by_silence.values_list("match_id", flat=True))
    return sorted(ids)


def load_is_due(match: Match, now: datetime) -> bool:
    """Whether a load of ``match`` (with its seats prefetched) must apply deadlines first."""
    if due_by_clock(match, now):
        return True
    if not watched(match):
        return False
    limit = now - timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)
    return any(s.last_seen_at is not None and s.last_seen_at <= limit for s in match.seats.all())
