"""Presence and time (rules §5): the reconnect window, pauses with a computer stand-in, and
showing one's hand. The engine still reads no clock: the caller passes ``now`` to ``decide``,
deadlines are stored in events, and ``due_commands(state, now)`` says which of them have run out
so that the service can apply them as commands (and so as events).

- **Disconnect.** A seat whose connection is gone has ``RECONNECT_WINDOW`` to come back. When
  the window runs out the seat loses the match (technical loss); if every seat held by a person
  is away at that moment, everybody is gone and the match is abandoned (voided).
- **Pause.** A seat may ask for a pause of ``PAUSE_LENGTH``, once per deal and at most
  ``PAUSES_PER_MATCH`` times a match. When it runs out the computer stands in: it plays the
  seat's cards (``CardPlayed.stand_in``) until the player presses OK (``Resume``). Any move of
  the player's own also ends its pause, and its absence if it was marked away.
- **Show hand.** A seat may show its hand to the other players for ``SHOW_LENGTH``; the cards it
  still holds of those shown are in the others' views until then. The talon stays secret and
  the deal goes on.
- **The first deal's seeds.** A match the server made (ranked pairing, a rematch) commits to
  its first deal's secret and waits for the people's seeds until ``SecretCommitted.seeds_until``
  (``table.close_seeds``); it is the one deadline here that is not a seat's.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from .commands import (
    Abandon,
    BeginStandIn,
    CloseSeeds,
    Command,
    Disconnect,
    HideHand,
    Leave,
    Pause,
    Reconnect,
    Resign,
    Resume,
    ShowHand,
    TechnicalLoss,
)
from .errors import RuleViolation
from .events import (
    HandHidden,
    HandShown,
    PauseEnded,
    PauseStarted,
    PlayerDisconnected,
    PlayerReconnected,
    StandInStarted,
)
from .recorder import Recorder
from .state import MatchState
from .table import require_own_seat, require_running, require_seat

RECONNECT_WINDOW = timedelta(seconds=60)
PAUSE_LENGTH = timedelta(seconds=20)
SHOW_LENGTH = timedelta(seconds=10)
PAUSES_PER_DEAL = 1
PAUSES_PER_MATCH = 3

# A player's own moves besides the variant's deal commands: each one means the player is at
# the table, so it ends a pause.
TABLE_MOVES = (Resign, Leave, ShowHand)


def _now(rec: Recorder) -> datetime:
    if rec.now is None:
        raise ValueError("presence commands need the caller's clock: decide(..., now=...)")
    return rec.now


def _start(rec: Recorder, seat: int) -> MatchState:
    require_running(rec.state)
    require_seat(rec.state, seat)
    require_own_seat(rec.state, seat)
    return rec.state


def disconnect(rec: Recorder, cmd: Disconnect) -> None:
    state = _start(rec, cmd.seat)
    if state.away_until[cmd.seat] is not None:
        raise RuleViolation("already_away", "this seat is already disconnected")
    rec.emit(PlayerDisconnected(cmd.seat, _now(rec) + RECONNECT_WINDOW))


def reconnect(rec: Recorder, cmd: Reconnect) -> None:
    state = _start(rec, cmd.seat)
    if state.away_until[cmd.seat] is None:
        raise RuleViolation("not_away", "this seat is connected")
    rec.emit(PlayerReconnected(cmd.seat))


def pause_error(state: MatchState, seat: int) -> RuleViolation | None:
    if state.deal is None and state.seeds_until is not None:  # waiting for the seeds
        return RuleViolation("deal_over", "no deal is being played right now")
    if state.paused[seat] is not None:
        return RuleViolation("already_paused", "you are already paused")
    if state.paused_in_deal[seat] or state.pauses_taken[seat] >= PAUSES_PER_MATCH:
        return RuleViolation(
            "pause_limit",
            f"a pause may be asked once per deal and {PAUSES_PER_MATCH} times a match",
        )
    return None


def resume_error(state: MatchState, seat: int) -> RuleViolation | None:
    if state.paused[seat] is None:
        return RuleViolation("not_paused", "you are not paused")
    return None


def show_hand_error(state: MatchState, seat: int) -> RuleViolation | None:
    assert state.variant is not None
    if not state.variant.hands_may_be_shown:
        return RuleViolation("hand_not_shown_here", "in this game a hand is not shown to the table")
    deal = state.deal
    if deal is None or deal.over:
        return RuleViolation("deal_over", "no deal is being played right now")
    if state.shown[seat] is not None:
        return RuleViolation("already_shown", "your hand is being shown already")
    if not deal.hands[seat]:
        return RuleViolation("empty_hand", "you have no cards to show")
    return None


_CHECKS = ((Pause, pause_error), (Resume, resume_error), (ShowHand, show_hand_error))


def presence_actions(state: MatchState, seat: int) -> list[Command]:
    """The presence commands ``seat`` may send now (online play only: the service decides
    whether the match is online): pause, resume (OK after a pause), show the hand."""
    if not state.running or state.played_by_computer(seat):
        return []
    return [command(seat) for command, error in _CHECKS if error(state, seat) is None]


def _check(error: RuleViolation | None) -> None:
    if error is not None:
        raise error


def pause(rec: Recorder, cmd: Pause) -> None:
    _check(pause_error(_start(rec, cmd.seat), cmd.seat))
    rec.emit(PauseStarted(cmd.seat, _now(rec) + PAUSE_LENGTH))


def resume(rec: Recorder, cmd: Resume) -> None:
    _check(resume_error(_start(rec, cmd.seat), cmd.seat))
    rec.emit(PauseEnded(cmd.seat))


def show_hand(rec: Recorder, cmd: ShowHand) -> None:
    state = _start(rec, cmd.seat)
    _check(show_hand_error(state, cmd.seat))
    assert state.deal is not None
    rec.emit(
        HandShown(cmd.seat, tuple(sorted(state.deal.hands[cmd.seat])), _now(rec) + SHOW_LENGTH)
    )


def begin_stand_in(rec: Recorder, cmd: BeginStandIn) -> None:
    state = _start(rec, cmd.seat)
    paused = state.paused[cmd.seat]
    if paused is None or paused.stand_in or paused.until > _now(rec):
        raise RuleViolation("not_due", "this seat's pause has not run out")
    rec.emit(StandInStarted(cmd.seat))


def hide_hand(rec: Recorder, cmd: HideHand) -> None:
    state = _start(rec, cmd.seat)
    shown = state.shown[cmd.seat]
    if shown is None or shown.until > _now(rec):
        raise RuleViolation("not_due", "this hand's showing time has not run out")
    rec.emit(HandHidden(cmd.seat))


HANDLERS: dict[type, Callable[[Recorder, Any], None]] = {
    Disconnect: disconnect,
    Reconnect: reconnect,
    Pause: pause,
    Resume: resume,
    ShowHand: show_hand,
    BeginStandIn: begin_stand_in,
    HideHand: hide_hand,
}


def before_move(rec: Recorder, command: Command) -> None:
    """Presence rules that come before any deal rule: a stand-in card needs a stand-in, and a
    player's own move shows it is at the table: it ends its absence and its pause
    (``PlayerReconnected`` and ``PauseEnded`` come first in the move's events)."""
    state = rec.state
    if not state.running:
        return
    assert state.variant is not None
    if not isinstance(command, (TABLE_MOVES, state.variant.commands)):
        return
    seat = command.seat  # type: ignore[attr-defined]
    require_seat(state, seat)
    if getattr(command, "stand_in", False):
        if state.played_by_computer(seat):
            return
        paused = state.paused[seat]
        if paused is None or not paused.stand_in:
            raise RuleViolation("not_standing_in", "the computer is not standing in for this seat")
        return
    require_own_seat(state, seat)
    if state.away_until[seat] is not None:
        rec.emit(PlayerReconnected(seat))
    if state.paused[seat] is not None:
        rec.emit(PauseEnded(seat))


def due_commands(
    state: MatchState, now: datetime, *, people: frozenset[int] | None = None
) -> list[Command]:
    """The commands that deadlines run out by ``now`` call for, in the order to apply them.

    An expired reconnect window comes alone: an abandonment if every seat still held by a
    person (``people``, default every seat, less those the computer took over) is away, else a
    technical loss for the seat whose window ran out first.
    """
    if not state.running:
        return []
    away = [(deadline, seat) for seat, deadline in enumerate(state.away_until) if deadline]
    expired = [(deadline, seat) for deadline, seat in away if deadline <= now]
    if expired:
        people = frozenset(range(state.seats)) if people is None else people
        people = people - {s for s in range(state.seats) if state.played_by_computer(s)}
        everyone_gone = people <= {seat for _, seat in away}
        return [Abandon()] if everyone_gone else [TechnicalLoss(min(expired)[1])]
    due: list[Command] = [
        BeginStandIn(seat)
        for seat, paused in enumerate(state.paused)
        if paused is not None and not paused.stand_in and paused.until <= now
    ]
    due += [
        HideHand(seat)
        for seat, shown in enumerate(state.shown)
        if shown is not None and shown.until <= now
    ]
    if (until := _seeds_until(state)) is not None and until <= now:
        due.append(CloseSeeds())
    assert state.variant is not None
    return due + state.variant.due_commands(state, now)


def next_deadline(state: MatchState) -> datetime | None:
    """The earliest deadline still pending (``None`` when nothing is waiting on the clock)."""
    if not state.running:
        return None
    pending = [d for d in state.away_until if d is not None]
    pending += [p.until for p in state.paused if p is not None and not p.stand_in]
    pending += [s.until for s in state.shown if s is not None]
    if (until := _seeds_until(state)) is not None:
        pending.append(until)
    assert state.variant is not None
    own = state.variant.next_deadline(state)
    if own is not None:
        pending.append(own)
    return min(pending, default=None)


def _seeds_until(state: MatchState) -> datetime | None:
    """How long the first deal still waits for the people's seeds (a match the server made)."""
    return state.seeds_until if state.deal is None else None


def stand_ins_to_play(state: MatchState) -> list[int]:
    """The seats the computer must play for now: those among the actors it stands in for
    (a pause ran out) or took over (the player quit)."""
    deal = state.deal
    if not state.running or deal is None or deal.over:
        return []
    assert state.variant is not None
    return [
        seat
        for seat in state.variant.actors(state)
        if ((paused := state.paused[seat]) is not None and paused.stand_in)
        or state.played_by_computer(seat)
    ]
