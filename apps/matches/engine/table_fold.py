"""The table's and presence's evolvers: how a match's own events (deals begun and ended, the
match's end, presence and time) change its state, whatever the variant. Every variant's fold
(``Rules.fold``) is these and its own; the match's start is ``evolve.py``'s (it names the
variant).

Evolvers trust their events: they were checked by ``decide`` before being recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .events import (
    DealEnded,
    DealStarted,
    HandHidden,
    HandShown,
    MatchEnded,
    PauseEnded,
    PauseStarted,
    PlayerDisconnected,
    PlayerReconnected,
    SeatTakenOver,
    SecretCommitted,
    SeedGiven,
    SeedsClosed,
    StandInStarted,
)
from .state import MatchState, Paused, Shown, copy_with, replace_at

Evolver = Callable[[MatchState, Any], MatchState]


def _deal_started(state: MatchState, e: DealStarted) -> MatchState:
    assert state.variant is not None
    seats_none = (None,) * state.seats
    return copy_with(
        state,
        deal=state.variant.new_deal(e, state.deal),
        paused_in_deal=(False,) * state.seats,
        shown=seats_none,
        deal_scheme=e.scheme,
        deal_seeds=e.seeds,
        next_commitment=e.next_commitment,
        next_secret=e.next_secret,
        seeds=(),
        seeds_until=None,
    )


def _secret_committed(state: MatchState, e: SecretCommitted) -> MatchState:
    return copy_with(
        state, next_commitment=e.commitment, next_secret=e.secret, seeds_until=e.seeds_until
    )


def _seeds_closed(state: MatchState, e: SeedsClosed) -> MatchState:
    return copy_with(state, seeds_until=None)


def _seed_given(state: MatchState, e: SeedGiven) -> MatchState:
    return copy_with(state, seeds=(*state.seeds, (e.seat, e.value)))


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
    SecretCommitted: _secret_committed,
    SeedGiven: _seed_given,
    SeedsClosed: _seeds_closed,
}
