"""The match table, the same for every variant: start a match, deal, end a deal and the match
by points (as the variant says), or by a player resigning, leaving, losing technically, or
everyone abandoning."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .commands import Abandon, DealCards, Lapse, Leave, Resign, StartMatch, TechnicalLoss
from .errors import RuleViolation
from .events import (
    MATCH_ENDED,
    DealEnded,
    DealStarted,
    MatchEnded,
    MatchStarted,
    SeatTakenOver,
)
from .fairness import commitment, is_valid_salt
from .recorder import Recorder
from .registry import rules_for
from .state import MatchState
from .stats import LAPSED


def require_running(state: MatchState) -> None:
    if not state.started:
        raise RuleViolation("match_not_started", "the match has not been started")
    if state.finished:
        raise RuleViolation("match_over", "the match has ended")


def require_seat(state: MatchState, seat: object) -> None:
    if not (isinstance(seat, int) and 0 <= seat < state.seats):
        raise RuleViolation("invalid_seat", "no such seat at this table")


def start_match(rec: Recorder, cmd: StartMatch) -> None:
    if rec.state.finished:
        raise RuleViolation("match_over", "the match has ended")
    if rec.state.started:
        raise RuleViolation("match_already_started", "the match has already been started")
    rules = rules_for(cmd.variant)
    target = rules.match_target(cmd.target)
    if target not in rules.targets:
        raise RuleViolation("invalid_target", f"{rules.name} is played to {rules.targets}")
    if not 0 <= cmd.first_dealer < rules.seats:
        raise RuleViolation("invalid_seat", "the first dealer is not a seat at this table")
    rec.emit(MatchStarted(rules.name, rules.seats, cmd.first_dealer, target))


def deal_cards(rec: Recorder, cmd: DealCards) -> None:
    state = rec.state
    require_running(state)
    if not state.awaiting_deal:
        raise RuleViolation("deal_in_progress", "the current deal is not over")
    assert state.variant is not None
    deck = state.variant.deck
    if len(cmd.deck) != len(deck) or set(cmd.deck) != set(deck):
        raise RuleViolation(
            "invalid_deck", f"the deck must hold each of the {len(deck)} cards once"
        )
    if not is_valid_salt(cmd.salt):
        raise RuleViolation("invalid_salt", "the salt must be 16 to 128 lowercase hex digits")
    rec.emit(
        DealStarted(
            number=state.deals_played + 1,
            dealer=state.next_dealer,
            deck=cmd.deck,
            salt=cmd.salt,
            commitment=commitment(cmd.salt, cmd.deck),
        )
    )


def end_deal(rec: Recorder, winner: int | None, game_points: int, reason: str) -> None:
    """Record the end of the deal (revealing deck and salt), then the match's end if the
    variant says it is reached."""
    deal = rec.deal
    ended = DealEnded(winner, game_points, reason, deal.deck, deal.salt)
    rec.emit(ended)
    assert rec.state.variant is not None
    match_end = rec.state.variant.match_end(rec.state, ended)
    if match_end is not None:
        rec.emit(match_end)


def end_match(rec: Recorder, winner: int | None, reason: str, loser: int | None = None) -> None:
    """End the match early; a deal in progress is closed first so its deck is revealed.
    ``loser``: the seat that resigned, left or lost technically, recorded as ``radli`` (at a
    two-seat table the other seat than the winner anyway; at four the one loser among them)."""
    deal = rec.state.deal
    if deal is not None and not deal.over:
        rec.emit(DealEnded(None, 0, MATCH_ENDED, deal.deck, deal.salt))
    state = rec.state
    rec.emit(
        MatchEnded(
            winner=winner,
            reason=reason,
            scores=state.scores,
            radli=loser if winner is None or state.seats != 2 else 1 - winner,
            schneider=False,
            ruckschneider=False,
        )
    )


def require_own_seat(state: MatchState, seat: int) -> None:
    """``seat`` is still its player's: the computer has not taken it over for good."""
    if state.played_by_computer(seat):
        raise RuleViolation("seat_taken_over", "the computer plays this seat: its player left")


def _quit(rec: Recorder, seat: int, reason: str) -> None:
    """The player of ``seat`` quits: the match ends, or at a table that plays on without it
    (``Rules.replaces_quitters``) the computer takes the seat over."""
    state = rec.state
    assert state.variant is not None
    require_own_seat(state, seat)
    if state.variant.replaces_quitters:
        rec.emit(SeatTakenOver(seat, reason))
        return
    end_match(rec, state.variant.quit_winner(state, seat), reason, loser=seat)


def resign(rec: Recorder, cmd: Resign) -> None:
    require_running(rec.state)
    require_seat(rec.state, cmd.seat)
    _quit(rec, cmd.seat, "resigned")


def leave(rec: Recorder, cmd: Leave) -> None:
    state = rec.state
    require_running(state)
    require_seat(state, cmd.seat)
    deal = state.deal
    assert state.variant is not None
    replaced = state.variant.replaces_quitters  # the others play on: leave at any time
    if deal is not None and not deal.over and not replaced and not state.variant.may_leave(deal):
        raise RuleViolation("deal_in_progress", "you can leave after the deal; resign to stop now")
    _quit(rec, cmd.seat, "left")


def technical_loss(rec: Recorder, cmd: TechnicalLoss) -> None:
    require_running(rec.state)
    require_seat(rec.state, cmd.seat)
    _quit(rec, cmd.seat, "technical_loss")


def abandon(rec: Recorder, cmd: Abandon) -> None:
    require_running(rec.state)
    end_match(rec, None, "abandoned")


def lapse(rec: Recorder, cmd: Lapse) -> None:
    require_running(rec.state)
    end_match(rec, None, LAPSED)


HANDLERS: dict[type, Callable[[Recorder, Any], None]] = {
    StartMatch: start_match,
    DealCards: deal_cards,
    Resign: resign,
    Leave: leave,
    TechnicalLoss: technical_loss,
    Abandon: abandon,
    Lapse: lapse,
}
