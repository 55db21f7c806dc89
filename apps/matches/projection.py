"""The projections of a match's events, declared once: each ``Match`` column and each ``Seat``
column that follows from the events, as a function of the state after a batch.

Everything else is derived from these declarations: the write path's ``UPDATE`` (written in SQL
in ``event_store.events_record``, with the ORM on SQLite), the list of fields it saves, the
seat columns it writes in the transaction (``seats_project``, a subscriber of
``signals.events_appended``), and the checks of ``manage.py verify_store`` (``integrity.py``),
which replays the events and compares every declared column with the stored one. A new column
is one line here.

``Seat.last_seen_at`` is a projection too, but of the clock as well as the state (the time of
a seat's last sign of life): ``attendance.presence_project`` keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from apps.matches.engine import MatchState
from apps.matches.engine.presence import next_deadline

from .models import Match, Seat


@dataclass(frozen=True)
class Batch:
    """What the projections see of a batch: the state after it, the seq of its last event (the
    match's version) and the time it was recorded."""

    state: MatchState
    version: int
    at: datetime


@dataclass(frozen=True)
class Column:
    """One projected column: its field name and its value after a batch. ``checked``: whether
    ``verify_store`` compares it with a replay (``updated_at`` also moves without events)."""

    name: str
    of: Callable[[Batch], object]
    checked: bool = True


def _turn_seat(batch: Batch) -> int | None:
    state = batch.state
    deal = state.deal
    playing = deal is not None and not deal.over and not state.finished
    actors = state.variant.actors(state) if playing and state.variant else ()
    return actors[0] if actors else None


def _status(batch: Batch) -> str:
    return Match.Status.FINISHED if batch.state.result is not None else Match.Status.ACTIVE


def _winner_seat(batch: Batch) -> int | None:
    result = batch.state.result
    return result.winner if result is not None else None


def _end_reason(batch: Batch) -> str:
    result = batch.state.result
    return result.reason if result is not None else ""


def _finished_at(batch: Batch) -> datetime | None:
    # a match ends in the batch of its last event
    return batch.at if batch.state.result is not None else None


MATCH_COLUMNS: tuple[Column, ...] = (
    Column("version", lambda batch: batch.version),
    Column("status", _status),
    Column("scores", lambda batch: list(batch.state.scores)),
    Column("turn_seat", _turn_seat),
    Column("winner_seat", _winner_seat),
    Column("end_reason", _end_reason),
    Column("finished_at", _finished_at),
    Column("next_deadline_at", lambda batch: next_deadline(batch.state)),
    Column("updated_at", lambda batch: batch.at, checked=False),
)
MATCH_FIELDS = [column.name for column in MATCH_COLUMNS]


def match_projection(batch: Batch) -> dict[str, object]:
    """The ``Match`` columns that follow from ``batch``."""
    return {column.name: column.of(batch) for column in MATCH_COLUMNS}


def match_project(match: Match, batch: Batch) -> frozenset[str]:
    """Set ``match``'s projected columns for ``batch`` (the caller saves them); returns the
    names of those whose value changed (``next_deadline_at``: a task is due at the new one)."""
    changed = set()
    for name, value in match_projection(batch).items():
        if getattr(match, name) != value:
            changed.add(name)
        setattr(match, name, value)
    return frozenset(changed)


# --- seats ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatColumn:
    """One projected ``Seat`` column: its field name and its value for one seat, given the
    state, the variant's per-seat results and tallies (both empty while the match runs)."""

    name: str
    of: Callable[[MatchState, int, str, dict[str, Any]], object]


SEAT_COLUMNS: tuple[SeatColumn, ...] = (
    # why the player quit when the computer took the seat over for good
    SeatColumn("quit_reason", lambda state, seat, result, tally: state.taken_over[seat] or ""),
    SeatColumn("result", lambda state, seat, result, tally: result),
    SeatColumn("tally", lambda state, seat, result, tally: tally),
)
_SEAT_DEFAULTS = {
    field.name: field.get_default()
    for field in Seat._meta.concrete_fields
    if field.name in {column.name for column in SEAT_COLUMNS}
}


def seat_projection_of(state: MatchState) -> list[dict[str, object]]:
    """The ``Seat`` columns that follow from the state of a started match, by seat index."""
    assert state.variant is not None
    over = state.result is not None
    results = state.variant.results(state) if over else ("",) * state.seats
    tallies = state.variant.tally(state) if over else ({},) * state.seats
    return [
        {column.name: column.of(state, seat, result, tally) for column in SEAT_COLUMNS}
        for seat, (result, tally) in enumerate(zip(results, tallies, strict=True))
    ]


def _seat_rows(state: MatchState, seats: int) -> list[dict[str, object]]:
    """``seat_projection_of``, or the columns' defaults before the match started."""
    if not state.started:
        return [dict(_SEAT_DEFAULTS) for _ in range(seats)]
    return seat_projection_of(state)


def seats_project(
    sender: Any, *, match: Match, before: MatchState, state: MatchState, **_: Any
) -> None:
    """Write the seat columns that the batch changed (``signals.events_appended``, inside the
    transaction): a seat's quit reason when the computer takes it over, every seat's result and
    tally when the match ends."""
    after = seat_projection_of(state)
    for seat, (old, new) in enumerate(zip(_seat_rows(before, len(after)), after, strict=True)):
        if old != new:
            Seat.objects.filter(match=match, index=seat).update(**new)
