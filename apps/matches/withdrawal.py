"""A player barred from online play (a moderator's suspension or ban, ``apps/moderation``)
leaves every online table at once (docs/moderation.md, "Sanctions take effect at once"):

- a friend room it opened that still waits for players is closed, as its host would close it
  (joining it answers ``invite_cancelled``: the others learn of a closed room, not of a
  sanction); from a room another player opened it is taken out, and its seat is free again;
- every running online match it plays (friend or ranked; never one against the computer) ends
  as its technical loss, through the write path as every technical loss: at two seats the
  other player wins (ranked: pot and ratings settled in the same transaction, ``settlement``);
  at a table that plays on without a player who quits (partnership) Kati takes its seat;
- the rematch offers it made or could accept run out;
- after the commit, its open sockets on online matches are closed (``sockets_close``).

The moderation app calls ``online_tables_leave`` inside the transaction that issues the
sanction; the other players' pushes go out after that commit, as every push does.
"""

from __future__ import annotations

from datetime import datetime

from apps.common.errors import Problem
from apps.matches.engine import TechnicalLoss

from . import event_store
from .appending import command_apply
from .attendance import ONLINE
from .deadlines import apply_due_locked
from .models import Match, RematchOffer, Seat
from .push import group_send, player_tables_group
from .services import room_close


def online_tables_leave(*, user_id: int, now: datetime) -> None:
    """Take the player away from every online table (see the module); the caller holds the
    transaction, and locks each match as every write does."""
    _rooms_leave(user_id, now)
    _matches_forfeit(user_id, now)
    # an offer counts only while ``expires_at`` is ahead: these are over
    RematchOffer.objects.filter(
        match__seats__user_id=user_id, match__seats__quit_reason="", expires_at__gt=now
    ).update(expires_at=now)


def _rooms_leave(user_id: int, now: datetime) -> None:
    waiting = Seat.objects.filter(
        user_id=user_id, match__status=Match.Status.WAITING, match__mode=Match.Mode.FRIEND
    ).values_list("match_id", flat=True)
    for match_id in list(waiting):
        room = Match.objects.select_for_update().filter(pk=match_id).first()
        if room is None or room.status != Match.Status.WAITING:
            continue  # it started (and is forfeited below) or closed meanwhile
        if room.created_by_id == user_id:
            room_close(room, now)
        else:
            _seat_free(room, user_id)


def _seat_free(room: Match, user_id: int) -> None:
    """Take the player's seat out of a waiting room; the seats after it move up one, so the
    next player to join takes the free one (seats are numbered from 0 without a gap)."""
    seat = Seat.objects.get(match=room, user_id=user_id)
    seat.delete()
    for later in Seat.objects.filter(match=room, index__gt=seat.index).order_by("index"):
        later.index -= 1
        later.save(update_fields=["index"])


def _matches_forfeit(user_id: int, now: datetime) -> None:
    running = Seat.objects.filter(
        user_id=user_id, match__status=Match.Status.ACTIVE, match__mode__in=ONLINE
    ).values_list("match_id", "index")
    for match_id, seat in list(running):
        match = event_store.match_lock(match_id)
        if match is None:
            continue
        apply_due_locked(match, now)  # what time already decided comes first
        if match.status != Match.Status.ACTIVE:
            continue
        state = event_store.state_load(match)
        if state.running and not state.played_by_computer(seat):
            command_apply(match, state, TechnicalLoss(seat), now=now)


def sockets_close(user_id: int, refusal: Problem) -> None:
    """Close the player's open sockets on online matches, telling it ``refusal`` (its own
    ``suspended`` with ``ends_at``, or ``banned``). Call it after commit; never raises."""
    group_send(
        player_tables_group(user_id),
        {"type": "player.barred", "code": refusal.code, "extra": refusal.extra},
    )
