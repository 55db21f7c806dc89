"""``evolve(state, event) -> state`` and ``replay(events) -> state``, a fold of it: the table's
and presence's events here, a deal's play by the variant's evolvers.

Evolve trusts its events: they were checked by ``decide`` before being recorded.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from .events import (
    DealEnded,
    DealStarted,
    Event,
    HandHidden,
    HandShown,
    MatchEnded,
    MatchStarted,
    PauseEnded,
    PauseStarted,
    PlayerDisconnected,
    PlayerReconnected,
    SeatTakenOver,
    StandInStarted,
)
from .rules import VARIANTS, Evolver
from .state import INITIAL, MatchState, Paused, Shown, copy_with, replace_at


def _match_started(state: MatchState, e: MatchStarted) -> MatchState:
    return MatchState(
        variant=VARIANTS[e.variant],
        target=e.target,
        first_dealer=e.first_dealer,
        scores=(0,) * e.seats,
        trailed_to_the_brink=(False,) * e.seats,
        away_until=(None,) * e.seats,
        paused=(None,) * e.seats,
        pauses_taken=(0,) * e.seats,
        paused_in_deal=(False,) * e.seats,
        shown=(None,) * e.seats,
        taken_over=(None,) * e.seats,
    )


def _deal_started(state: MatchState, e: DealStarted) -> MatchState:
    assert state.variant is not None
    seats_none = (None,) * state.seats
    return copy_with(
        state,
        deal=state.variant.new_deal(e, state.deal),
        paused_in_deal=(False,) * state.seats,
        shown=seats_none,
    )


def _deal_ended(state: MatchState, e: DealEnded) -> MatchState:
    scores = state.scores
    if e.winner is not None:
        scores = replace_at(scores, e.winner, scores[e.winner] + e.game_points)
    brink = state.target - 1
    trailed = tuple(
        was or (score == 0 and any(o >= brink for o in scores))
        for was, score in zip(state.trailed_to_the_brink, scores, strict=True)
    )
    return copy_with(
        state,
        deal=copy_with(state.deal, result=e),
        scores=scores,
        trailed_to_the_brink=trailed,
        deals_played=state.deals_played + 1,
    )


def _match_ended(state: MatchState, e: MatchEnded) -> MatchState:
    nobody = (None,) * state.seats  # no clock runs for a finished match
    return copy_with(state, result=e, away_until=nobody, paused=nobody, shown=nobody)


# --- presence and time ----------------------------------------------------------------------


def _player_disconnected(state: MatchState, e: PlayerDisconnected) -> MatchState:
    return copy_with(state, away_until=replace_at(state.away_until, e.seat, e.deadline))


def _player_reconnected(state: MatchState, e: PlayerReconnected) -> MatchState:
    return copy_with(state, away_until=replace_at(state.away_until, e.seat, None))


def _pause_started(state: MatchState, e: PauseStarted) -> MatchState:
    return copy_with(
        state,
        paused=replace_at(state.paused, e.seat, Paused(e.until)),
        pauses_taken=replace_at(state.pauses_taken, e.seat, state.pauses_taken[e.seat] + 1),
        paused_in_deal=replace_at(state.paused_in_deal, e.seat, True),
    )


def _stand_in_started(state: MatchState, e: StandInStarted) -> MatchState:
    paused = state.paused[e.seat]
    assert paused is not None
    return copy_with(state, paused=replace_at(state.paused, e.seat, Paused(paused.until, True)))


def _pause_ended(state: MatchState, e: PauseEnded) -> MatchState:
    return copy_with(state, paused=replace_at(state.paused, e.seat, None))


def _hand_shown(state: MatchState, e: HandShown) -> MatchState:
    return copy_with(state, shown=replace_at(state.shown, e.seat, Shown(e.cards, e.until)))


def _hand_hidden(state: MatchState, e: HandHidden) -> MatchState:
    return copy_with(state, shown=replace_at(state.shown, e.seat, None))


def _seat_taken_over(state: MatchState, e: SeatTakenOver) -> MatchState:
    """The seat is the computer's from now on: no reconnect window or pause runs for it."""
    return copy_with(
        state,
        taken_over=replace_at(state.taken_over, e.seat, e.reason),
        away_until=replace_at(state.away_until, e.seat, None),
        paused=replace_at(state.paused, e.seat, None),
    )


TABLE_EVOLVERS: dict[type, Evolver] = {
    MatchStarted: _match_started,
    DealStarted: _deal_started,
    DealEnded: _deal_ended,
    MatchEnded: _match_ended,
    PlayerDisconnected: _player_disconnected,
    PlayerReconnected: _player_reconnected,
    PauseStarted: _pause_started,
    StandInStarted: _stand_in_started,
    PauseEnded: _pause_ended,
    HandShown: _hand_shown,
    HandHidden: _hand_hidden,
    SeatTakenOver: _seat_taken_over,
}


def evolve(state: MatchState, event: Event) -> MatchState:
    """The state after ``event``. Pure: ``state`` is left as it was.

    A started match folds with its variant's table (``Rules.fold``: the table's evolvers and
    the variant's own, merged when the variant was registered)."""
    variant = state.variant
    evolvers = TABLE_EVOLVERS if variant is None else variant.fold
    return evolvers[event.__class__](state, event)


def replay(events: Iterable[Event], state: MatchState = INITIAL) -> MatchState:
    """Fold ``evolve`` over ``events`` (from the initial state, or from a snapshot)."""
    return reduce(evolve, events, state)
