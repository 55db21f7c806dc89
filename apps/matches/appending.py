"""The one write path of a match, ``command_apply``: ``decide`` → deal the next deal if one is
due → append the events → update the ``Match`` and ``Seat`` projections → tell the club
(``signals.py``: settlement subscribes to the end of a match inside the transaction; the push,
deadline tasks and the computer's move subscribe to new events and run after commit).

Callers hold the match row lock (``select_for_update``) and pass the state loaded under it.
Deals are dealt here, from the operating system's CSPRNG, because the engine has no dice.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from apps.common.errors import Conflict
from apps.matches.engine import (
    Abandon,
    Command,
    DealCards,
    Event,
    MatchState,
    RuleViolation,
    decide,
    replay,
)
from apps.matches.engine.codec import command_to_json
from apps.matches.engine.events import (
    MatchEnded,
    PlayerDisconnected,
    PlayerReconnected,
    SeatTakenOver,
)
from apps.matches.engine.presence import next_deadline

from . import event_store, signals
from .models import Match, Seat
from .seating import seats_of

rng = secrets.SystemRandom()


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
) -> Outcome:
    """Apply ``command`` (a player's with its ``actor_id`` and ``client_move_id``, or the
    server's: a deadline, the computer's move) under the caller's lock."""
    now = now or timezone.now()
    try:
        events = decide(state, command, now=now)
    except RuleViolation as refusal:
        raise MoveNotAllowed(refusal.message, code=refusal.code) from None
    state = replay(events, state)
    if state.running and _everyone_left(match, events, state):
        abandoned = decide(state, Abandon(), now=now)
        state = replay(abandoned, state)
        events += abandoned
    while state.awaiting_deal:
        assert state.variant is not None
        deck = list(state.variant.deck)
        rng.shuffle(deck)
        dealt = decide(state, DealCards(tuple(deck), secrets.token_hex(16)), now=now)
        state = replay(dealt, state)
        events += dealt
    first_seq = match.version + 1
    _project(match, state, now)
    event_store.events_record(
        match=match,
        events=events,
        state=state,
        command=command_to_json(command),
        actor_id=actor_id,
        client_move_id=client_move_id,
        now=now,
    )
    _project_presence(match, events, now)
    _project_seats(match, events, state)
    if any(isinstance(e, MatchEnded) for e in events):
        signals.match_finished.send(Match, match=match, state=state)
    signals.events_appended.send(
        Match, match=match, state=state, events=events, first_seq=first_seq
    )
    return Outcome(match, first_seq, match.version, events, state)


def _everyone_left(match: Match, events: list[Event], state: MatchState) -> bool:
    """Whether ``events`` took over the last seat a person held: nobody is left to play for,
    so the game is abandoned (four-seat games play on while a person is at the table)."""
    if not any(isinstance(e, SeatTakenOver) for e in events):
        return False
    people = [seat.index for seat in seats_of(match) if not seat.is_bot]
    return all(state.played_by_computer(seat) for seat in people)


def projection_of(state: MatchState) -> dict[str, object]:
    """The ``Match`` columns that follow from the state of a started match alone (besides the
    ``version`` and ``finished_at``, which come from the events' seqs and times). The write
    path sets them; ``integrity.py`` compares them with a replay."""
    deal = state.deal
    playing = deal is not None and not deal.over and not state.finished
    actors = state.variant.actors(state) if playing and state.variant else ()
    result = state.result
    return {
        "status": Match.Status.FINISHED if result is not None else Match.Status.ACTIVE,
        "scores": list(state.scores),
        "turn_seat": actors[0] if actors else None,
        "winner_seat": result.winner if result is not None else None,
        "end_reason": result.reason if result is not None else "",
        "next_deadline_at": next_deadline(state),
    }


def _project(match: Match, state: MatchState, now: datetime) -> None:
    for field, value in projection_of(state).items():
        setattr(match, field, value)
    if state.result is not None:
        match.finished_at = now


def seat_projection_of(state: MatchState) -> list[dict[str, object]]:
    """The ``Seat`` columns that follow from the state of a started match, by seat index."""
    assert state.variant is not None
    over = state.result is not None
    results = state.variant.results(state) if over else ("",) * state.seats
    tallies = state.variant.tally(state) if over else ({},) * state.seats
    return [
        {"quit_reason": state.taken_over[seat] or "", "result": result, "tally": tally}
        for seat, (result, tally) in enumerate(zip(results, tallies, strict=True))
    ]


def _project_seats(match: Match, events: list[Event], state: MatchState) -> None:
    """A seat's quit reason when it is taken over, and every seat's result and tally when the
    match ends."""
    if not any(isinstance(e, MatchEnded | SeatTakenOver) for e in events):
        return
    for seat, columns in enumerate(seat_projection_of(state)):
        Seat.objects.filter(match=match, index=seat).update(**columns)


def _project_presence(match: Match, events: list[Event], now: datetime) -> None:
    """``Seat.last_seen_at`` is null while a seat is away, once the computer took it over and
    once the match is over, so that only the seats worth watching for silence carry a time
    (``attendance.silent_seats``)."""
    for event in events:
        if isinstance(event, PlayerDisconnected):
            Seat.objects.filter(match=match, index=event.seat).update(last_seen_at=None)
        elif isinstance(event, PlayerReconnected):
            Seat.objects.filter(match=match, index=event.seat).update(last_seen_at=now)
        elif isinstance(event, SeatTakenOver):  # the computer's for good: not watched
            Seat.objects.filter(match=match, index=event.seat).update(last_seen_at=None)
        elif isinstance(event, MatchEnded):
            Seat.objects.filter(match=match).update(last_seen_at=None)
