"""Who is at the table of an online match: the presence tracking that feeds the engine's
presence rules (``engine/presence.py``: reconnect window, pauses, shown hands), whose
deadlines ``deadlines.py`` applies.

**Presence.** A seat is connected while it shows signs of life: an open match socket (which
should send ``{"type": "ping"}`` every ``PRESENCE_HEARTBEAT_SECONDS``), a REST heartbeat, or any
request about the match. ``Seat.last_seen_at`` records the last one (written at most every
``PRESENCE_WRITE_SECONDS``). A seat is gone when its last socket closes, or when it has been
silent for ``PRESENCE_TIMEOUT_SECONDS``: then ``Disconnect`` opens its reconnect window. The
next sign of life sends ``Reconnect``.

Only the seats worth watching for silence carry a time: a person's seat in a running online
match, neither away nor taken over by the computer. ``presence_project`` keeps that true in
the transaction of every batch (a subscriber of ``signals.events_appended``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from apps.matches.engine import MatchState
from apps.matches.engine.commands import Disconnect, Reconnect

from . import event_store
from .appending import command_apply
from .models import Match, Seat
from .seating import seats_of

ONLINE = (Match.Mode.FRIEND, Match.Mode.RANKED)


def watched(match: Match) -> bool:
    """Whether the match's seats are watched for absence: a running online match."""
    return match.mode in ONLINE and match.status == Match.Status.ACTIVE


def silent_seats(match: Match, now: datetime) -> list[int]:
    limit = now - timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)
    return list(
        Seat.objects.filter(match=match, last_seen_at__lte=limit).values_list("index", flat=True)
    )


def watched_seats(state: MatchState, people: Iterable[int]) -> frozenset[int]:
    """The seats of ``people`` watched for silence in ``state``: the match runs, and the seat
    is neither away nor played by the computer for good."""
    if not state.running:
        return frozenset()
    return frozenset(
        seat
        for seat in people
        if state.away_until[seat] is None and not state.played_by_computer(seat)
    )


def presence_project(
    sender: Any, *, match: Match, before: MatchState, state: MatchState, now: datetime, **_: Any
) -> None:
    """``Seat.last_seen_at`` after a batch (inside its transaction): a seat that becomes
    watched (the match starts, its player is back) gets the batch's time; one that stops being
    watched (away, taken over by the computer, the match over) loses it, so that only the seats
    worth watching carry a time (``silent_seats``)."""
    if match.mode not in ONLINE:
        return
    people = [seat.index for seat in seats_of(match) if not seat.is_bot]
    was, watched_now = watched_seats(before, people), watched_seats(state, people)
    if came := watched_now - was:
        Seat.objects.filter(match=match, index__in=came).update(last_seen_at=now)
    if gone := was - watched_now:
        Seat.objects.filter(match=match, index__in=gone).update(last_seen_at=None)


# --- signs of life --------------------------------------------------------------------------


def seen_on_move(match: Match, seat: int, now: datetime) -> None:
    """A player's action is a sign of life (inside the action's transaction). The engine
    itself marks an away seat back when it moves; this keeps ``last_seen_at`` fresh."""
    if watched(match) and _write_due(match.id, seat, now):
        _touch(match.id, seat, now)


def presence_seen(match_id: UUID | str, seat: int, *, now: datetime | None = None) -> bool:
    """A sign of life from ``seat`` (a socket, a heartbeat, a read). Records it and, if the seat
    was marked away, brings it back. Returns whether anything was written."""
    now = now or timezone.now()
    if not _write_due(match_id, seat, now):
        return False
    if _touch(match_id, seat, now):  # the usual case: present, and the time is refreshed
        return True
    with transaction.atomic():  # away (or not watched): under the lock, through the engine
        match = event_store.match_lock(match_id)
        if match is None or not watched(match):
            return False
        state = event_store.state_load(match)
        if _is_away(state, seat):
            command_apply(match, state, Reconnect(seat), now=now)
        elif state.running and not state.played_by_computer(seat):
            Seat.objects.filter(match=match, index=seat).update(last_seen_at=now)
    return True


def presence_seen_on_load(match: Match, seat: int, now: datetime) -> bool:
    """``presence_seen`` for a load that already has the seats: skips the write when the
    seat's time is fresh. Returns whether it wrote (the caller then reloads the match)."""
    if not watched(match):
        return False
    row = next(s for s in match.seats.all() if s.index == seat)
    fresh = now - timedelta(seconds=settings.PRESENCE_WRITE_SECONDS)
    if row.last_seen_at is not None and row.last_seen_at > fresh:
        return False
    _forget_write(match.id, seat)
    return presence_seen(match.id, seat, now=now)


def _touch(match_id: UUID | str, seat: int, now: datetime) -> bool:
    """Refresh the time of a seat that carries one. Only the seats of running online matches
    that are not away carry a time (``presence_project``), so this one statement is
    the whole sign of life for a present seat."""
    rows = Seat.objects.filter(match_id=match_id, index=seat, last_seen_at__isnull=False)
    return rows.update(last_seen_at=now) > 0


def _is_away(state: MatchState, seat: int) -> bool:
    return state.running and state.away_until[seat] is not None


# Per process: when this process last wrote each seat's time (seconds, the caller's clock).
_written: dict[tuple[str, int], float] = {}


def _write_due(match_id: UUID | str, seat: int, now: datetime) -> bool:
    key, moment = (str(match_id), seat), now.timestamp()
    last = _written.get(key)
    if last is not None and 0 <= moment - last < settings.PRESENCE_WRITE_SECONDS:
        return False
    if len(_written) > 100_000:
        _written.clear()
    _written[key] = moment
    return True


def _forget_write(match_id: UUID | str, seat: int) -> None:
    _written.pop((str(match_id), seat), None)


def written_clear() -> None:
    _written.clear()


# --- sockets --------------------------------------------------------------------------------


def _sockets_key(match_id: UUID | str, seat: int) -> str:
    return f"presence:sockets:{match_id}:{seat}"


def socket_opened(match_id: UUID | str, seat: int) -> None:
    """A match socket of ``seat`` is open: count it, and take it as a sign of life."""
    key = _sockets_key(match_id, seat)
    cache.add(key, 0, timeout=24 * 3600)
    cache.incr(key)
    _forget_write(match_id, seat)
    presence_seen(match_id, seat)


def socket_closed(match_id: UUID | str, seat: int, *, now: datetime | None = None) -> bool:
    """A match socket of ``seat`` closed. If it was the seat's last one, the seat is gone:
    its reconnect window opens. Returns whether it did."""
    try:
        left = cache.decr(_sockets_key(match_id, seat))
    except ValueError:  # the count expired: take the seat as gone
        left = 0
    if left > 0:
        return False
    now = now or timezone.now()
    _forget_write(match_id, seat)
    with transaction.atomic():
        match = event_store.match_lock(match_id)
        if match is None or not watched(match):
            return False
        state = event_store.state_load(match)
        if not state.running or _is_away(state, seat) or state.played_by_computer(seat):
            return False
        command_apply(match, state, Disconnect(seat), now=now)
    return True
