"""The service that plays the computer's moves through the same path as a player's: for its
own seat in games against the computer, and standing in for a player whose pause ran out."""

from __future__ import annotations

import logging
import random
from datetime import datetime, timedelta
from uuid import UUID

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from apps.bots.levels import choose_action, random_move
from apps.bots.rosters import roster_for
from apps.matches import event_store
from apps.matches.appending import MoveNotAllowed, command_apply
from apps.matches.engine import (
    Command,
    MatchState,
    command_from_json,
    command_to_json,
    history_for,
    view_for,
)
from apps.matches.models import Match
from apps.matches.seating import seats_of

from . import pacing
from .receivers import bot_seats_to_move

logger = logging.getLogger(__name__)
BUDGET_SECONDS = 0.5
ATTEMPTS = 5  # reads and choices before giving up on a match that keeps moving


def bot_move_play(*, match_id: UUID | str, rng: random.Random | None = None) -> bool:
    """Play one move for the computer if one of the seats that may act is its own (or one it
    stands in for); returns whether it moved (or scheduled its move). It thinks outside the
    match row lock: it reads the state and its version and chooses at once, and the move is
    applied at its due time (``pacing.due_at``: the last event's time plus a fixed think time,
    so that its timing tells nothing of the hand), under the lock and only if the match is
    still at that version. A worker does not wait for it: a task applies it then
    (``bot_move_apply``); when tasks run eagerly (the tests, embedded mode) it waits here, and
    if the match moved on meanwhile it reads and chooses again. Safe to run twice or late."""
    rng = rng or random.Random()
    for _ in range(ATTEMPTS):
        match = Match.objects.filter(pk=match_id).first()
        if match is None or match.status != Match.Status.ACTIVE:
            return False
        state = event_store.state_load(match)
        seats = bot_seats_to_move(match, state)
        if not seats:
            return False
        began = pacing.now()
        command = _choose(match, state, seats[0], rng)
        due = pacing.due_at(match, state, seats[0])
        if began <= due < pacing.now():  # the padding did not hide this decision's work
            logger.warning("computer's move in %s chosen past its think time", match.id)
        if not _eager() and due > pacing.now():
            _apply_later(match, command, due)
            return True
        pacing.wait_until(due)
        if bot_move_apply(match_id=match.id, version=match.version, command=command):
            return True
    return False


def bot_move_apply(*, match_id: UUID | str, version: int, command: Command) -> bool:
    """Apply the computer's ``command``, chosen at ``version``, if the match is still at that
    version (a move since has queued the computer's next one itself: ``receivers.py``);
    returns whether it did."""
    with transaction.atomic():
        locked = event_store.match_lock(match_id)
        if locked is None or locked.version != version:
            return False
        try:
            command_apply(locked, event_store.state_load(locked), command)
        except MoveNotAllowed as refusal:
            if refusal.code != "doubling_closed":
                raise
            # the window's deadline passed while she thought: its own task closes it
            logger.info("computer's doubling in %s came after the window closed", match_id)
            return False
    return True


def _eager() -> bool:
    from .tasks import bot_move_apply as task  # noqa: PLC0415 (the task imports these services)

    return bool(task.app.conf.task_always_eager)


def _apply_later(match: Match, command: Command, due: datetime) -> None:
    """Queue the move's application at ``due``; a broker that does not answer is logged, and
    the sweep plays the move once it is overdue."""
    from .tasks import bot_move_apply as task  # noqa: PLC0415 (the task imports these services)

    try:
        task.apply_async((str(match.id), match.version, command_to_json(command)), eta=due)
    except Exception:
        logger.warning("computer's move in %s not queued; the sweep will play it", match.id)


def _choose(match: Match, state: MatchState, seat: int, rng: random.Random) -> Command:
    # what the seat sees plus the deal's public history: never hidden state
    view = view_for(state, seat, stand_in=True) | {"history": history_for(state, seat)}
    bot = seats_of(match)[seat]
    if bot.is_bot:
        action = choose_action(
            view, variant=match.variant, level=bot.bot_level, rng=rng, budget=BUDGET_SECONDS
        )
        return command_from_json(action, seat=seat)
    return command_from_json(stand_in_action(view, match.variant, rng), seat=seat, stand_in=True)


def stand_in_action(view: dict, variant: str, rng: random.Random) -> dict:
    """The stand-in's move for ``view``'s seat in ``variant``: the roster's stand-in where Kati
    plays the game (``apps/bots/rosters/``: in klub the club player's card, in sixty-six her
    word or that card, in partnership the club player's every decision), from the seat's view
    and the deal's public history only; it never leaves or resigns. In a game Kati does not
    play, a random legal move that is not giving up."""
    roster = roster_for(variant)
    if roster is None:
        return random_move(view, rng)
    return roster.stand_in(view, rng)


# --- the sweep: moves whose task was lost -----------------------------------------------------


def bot_moves_overdue(*, now: datetime | None = None) -> list[UUID]:
    """Active matches where the computer (its own seat, or a seat it stands in for) must move
    and nothing was recorded for ``COMPUTER_MOVE_OVERDUE_SECONDS``: their move's task was lost
    (the broker did not answer when it was queued after commit, or a worker died with it).

    Every active match silent that long is read (its state from the worker's cache, replayed
    from the events after a restart): a match where a player thinks is looked at and left.
    """
    now = now or timezone.now()
    silent = Match.objects.filter(
        status=Match.Status.ACTIVE,
        updated_at__lte=now - timedelta(seconds=settings.COMPUTER_MOVE_OVERDUE_SECONDS),
    ).order_by("updated_at")
    return [
        match.id
        for match in silent.iterator()
        if bot_seats_to_move(match, event_store.state_load(match))
    ]


def bot_moves_sweep(*, now: datetime | None = None) -> int:
    """Queue the computer's move in every match where it is overdue (``bot_moves_overdue``);
    returns how many were queued. A match queued by a sweep is not queued again for
    ``COMPUTER_MOVE_OVERDUE_SECONDS`` (a busy worker is slow, not lost); where the broker
    does not answer, the move is played here. Safe against the task it replaces running after
    all: the move is applied only at the version it was chosen for (``bot_move_play``)."""
    from .tasks import bot_move  # noqa: PLC0415 (the task imports these services)

    queued = 0
    for match_id in bot_moves_overdue(now=now):
        if not _first_sweep_for(match_id):
            continue
        try:
            bot_move.delay(str(match_id))
        except Exception:
            logger.warning("computer's move in %s not queued; played by the sweep", match_id)
            bot_move_play(match_id=match_id)
        queued += 1
    return queued


def _first_sweep_for(match_id: UUID) -> bool:
    """Whether no sweep queued this match's move in the last ``COMPUTER_MOVE_OVERDUE_SECONDS``
    (``True`` when the cache does not answer: a repeated move is chosen again, never doubled)."""
    try:
        return bool(
            cache.add(
                f"computer:swept:{match_id}", 1, timeout=settings.COMPUTER_MOVE_OVERDUE_SECONDS
            )
        )
    except Exception:
        return True
