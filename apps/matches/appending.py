"""The one write path of a match: ``decide`` → deal the next deal if one is due → append the
events → update the ``Match`` and ``Seat`` projections → settle a ranked match that ended →
after commit, push the events and start what follows (the computer's move, a deadline's task).

Callers hold the match row lock (``select_for_update``) and pass the state loaded under it.
Deals are dealt here, from the operating system's CSPRNG, because the engine has no dice.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from apps.matches.engine import Command, DealCards, Event, MatchState, decide, replay
from apps.matches.engine.codec import command_to_json
from apps.matches.engine.events import (
    HandShown,
    MatchEnded,
    PauseStarted,
    PlayerDisconnected,
    PlayerReconnected,
)
from apps.matches.engine.presence import next_deadline, stand_ins_to_play
from apps.ranking.services import ratings_record
from apps.wallet.services import match_settle

from . import event_store
from .models import Match, Seat
from .push import events_push
from .seating import seats_of

rng = secrets.SystemRandom()


@dataclass(frozen=True)
class Outcome:
    """One command's result: its events (``first_seq``…``last_seq``) and the state after them."""

    match: Match
    first_seq: int
    last_seq: int
    events: list[Event]
    state: MatchState


def match_command_apply(
    *, match: Match, state: MatchState, command: Command, now: datetime | None = None
) -> Outcome:
    """Apply a server-side command (the computer's move, a deadline) under the caller's lock."""
    return command_apply(match, state, command, actor_id=None, client_move_id=None, now=now)


def command_apply(
    match: Match,
    state: MatchState,
    command: Command,
    *,
    actor_id: int | None,
    client_move_id: str | None,
    now: datetime | None = None,
) -> Outcome:
    now = now or timezone.now()
    events = decide(state, command, now=now)
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
    if match.mode == Match.Mode.RANKED and any(isinstance(e, MatchEnded) for e in events):
        _ranked_settle(match, state)
    _after_commit(match, state, events, first_seq)
    return Outcome(match, first_seq, match.version, events, state)


def _project(match: Match, state: MatchState, now: datetime) -> None:
    match.scores = list(state.scores)
    deal = state.deal
    playing = deal is not None and not deal.over and not state.finished
    actors = state.variant.actors(state) if playing and state.variant else ()
    match.turn_seat = actors[0] if actors else None
    match.next_deadline_at = next_deadline(state)
    if state.result is not None:
        match.status = Match.Status.FINISHED
        match.winner_seat = state.result.winner
        match.end_reason = state.result.reason
        match.finished_at = now


def _project_presence(match: Match, events: list[Event], now: datetime) -> None:
    """``Seat.last_seen_at`` is null while a seat is away and once the match is over, so that
    only the seats worth watching for silence carry a time (``deadlines.silent_seats``)."""
    for event in events:
        if isinstance(event, PlayerDisconnected):
            Seat.objects.filter(match=match, index=event.seat).update(last_seen_at=None)
        elif isinstance(event, PlayerReconnected):
            Seat.objects.filter(match=match, index=event.seat).update(last_seen_at=now)
        elif isinstance(event, MatchEnded):
            Seat.objects.filter(match=match).update(last_seen_at=None)


def _ranked_settle(match: Match, state: MatchState) -> None:
    """The pot and the ratings move in the transaction that appends the final event: the whole
    pot to the winner (or the stakes back when the match was voided), Elo and the month's
    standings for both players."""
    assert state.result is not None
    players = [s.user_id for s in seats_of(match)]
    winner = state.result.winner
    winner_id = players[winner] if winner is not None else None
    match_settle(match_id=match.id, winner_user_id=winner_id)
    if winner is not None:
        loser_id = players[1 - winner]
        assert winner_id is not None and loser_id is not None
        ratings_record(match_id=match.id, winner_user_id=winner_id, loser_user_id=loser_id)


def _after_commit(match: Match, state: MatchState, events: list[Event], first_seq: int) -> None:
    """Push the events; then let the computer move (its own seat, or standing in for a paused
    player); and have a worker wake up at each new deadline (not in embedded mode, where loads
    and the sweep apply deadlines)."""
    match_id, variant = match.id, match.variant
    transaction.on_commit(
        lambda: events_push(match_id=match_id, variant=variant, first_seq=first_seq, events=events)
    )
    from . import tasks  # noqa: PLC0415 (tasks import the services)

    if not settings.CELERY_TASK_ALWAYS_EAGER:
        for deadline in _new_deadlines(events):
            transaction.on_commit(
                lambda at=deadline: tasks.deadlines_fire.apply_async((str(match_id),), eta=at)
            )
    turn = match.turn_seat
    if turn is not None and (seats_of(match)[turn].is_bot or stand_ins_to_play(state)):
        from apps.bots.tasks import bot_move  # noqa: PLC0415 (apps.bots imports this module)

        transaction.on_commit(lambda: bot_move.delay(str(match_id)))


def _new_deadlines(events: list[Event]) -> list[datetime]:
    deadlines = []
    for event in events:
        if isinstance(event, PlayerDisconnected):
            deadlines.append(event.deadline)
        elif isinstance(event, PauseStarted | HandShown):
            deadlines.append(event.until)
    return deadlines
