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
)
from apps.matches.engine.presence import next_deadline

from . import event_store, signals
from .models import Match, Seat

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
    if any(isinstance(e, MatchEnded) for e in events):
        signals.match_finished.send(Match, match=match, state=state)
    signals.events_appended.send(
        Match, match=match, state=state, events=events, first_seq=first_seq
    )
    return Outcome(match, first_seq, match.version, events, state)


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


def _project_presence(match: Match, events: list[Event], now: datetime) -> None:
    """``Seat.last_seen_at`` is null while a seat is away and once the match is over, so that
    only the seats worth watching for silence carry a time (``attendance.silent_seats``)."""
    for event in events:
        if isinstance(event, PlayerDisconnected):
            Seat.objects.filter(match=match, index=event.seat).update(last_seen_at=None)
        elif isinstance(event, PlayerReconnected):
            Seat.objects.filter(match=match, index=event.seat).update(last_seen_at=now)
        elif isinstance(event, MatchEnded):
            Seat.objects.filter(match=match).update(last_seen_at=None)
