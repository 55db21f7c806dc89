"""Match-level rules shared by the two-seat variants: start, deal, end by points or by a
player leaving, resigning, losing technically, or everyone abandoning."""

from __future__ import annotations

from .commands import Abandon, DealCards, Leave, Resign, StartMatch, TechnicalLoss
from .errors import RuleViolation, echo
from .events import DealEnded, DealStarted, MatchEnded, MatchStarted
from .fairness import commitment, is_valid_salt
from .legal import no_card_played
from .recorder import Recorder
from .state import MatchState
from .variant import VARIANTS


def opponent(seat: int) -> int:
    return 1 - seat


def require_running(state: MatchState) -> None:
    if not state.started:
        raise RuleViolation("match_not_started", "the match has not been started")
    if state.finished:
        raise RuleViolation("match_over", "the match has ended")


def require_seat(state: MatchState, seat: int) -> None:
    if not (isinstance(seat, int) and 0 <= seat < state.seats):
        raise RuleViolation("invalid_seat", "no such seat at this table")


def start_match(rec: Recorder, cmd: StartMatch) -> None:
    if rec.state.finished:
        raise RuleViolation("match_over", "the match has ended")
    if rec.state.started:
        raise RuleViolation("match_already_started", "the match has already been started")
    variant = VARIANTS.get(cmd.variant)
    if variant is None:
        raise RuleViolation("unknown_variant", f"no such variant: {echo(cmd.variant)}")
    target = variant.targets[0] if cmd.target is None else cmd.target
    if target not in variant.targets:
        raise RuleViolation("invalid_target", f"{variant.name} is played to {variant.targets}")
    if not 0 <= cmd.first_dealer < variant.seats:
        raise RuleViolation("invalid_seat", "the first dealer is not a seat at this table")
    rec.emit(MatchStarted(variant.name, variant.seats, cmd.first_dealer, target))


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
    """Record the end of the deal (revealing deck and salt), then the match's end if reached."""
    deal = rec.deal
    rec.emit(DealEnded(winner, game_points, reason, deal.deck, deal.salt))
    state = rec.state
    if winner is None or state.scores[winner] < state.target:
        return
    loser = opponent(winner)
    rec.emit(
        MatchEnded(
            winner=winner,
            reason="points",
            scores=state.scores,
            radli=loser,
            schneider=state.scores[loser] == 0,
            ruckschneider=state.trailed_to_the_brink[winner],
        )
    )


def end_match(rec: Recorder, winner: int | None, reason: str) -> None:
    """End the match early; a deal in progress is closed first so its deck is revealed."""
    deal = rec.state.deal
    if deal is not None and not deal.over:
        end_deal(rec, None, 0, "match_ended")
    rec.emit(
        MatchEnded(
            winner=winner,
            reason=reason,
            scores=rec.state.scores,
            radli=None if winner is None else opponent(winner),
            schneider=False,
            ruckschneider=False,
        )
    )


def resign(rec: Recorder, cmd: Resign) -> None:
    require_running(rec.state)
    require_seat(rec.state, cmd.seat)
    end_match(rec, opponent(cmd.seat), "resigned")


def leave(rec: Recorder, cmd: Leave) -> None:
    state = rec.state
    require_running(state)
    require_seat(state, cmd.seat)
    if state.deal is not None and not state.deal.over and not no_card_played(state.deal):
        raise RuleViolation("deal_in_progress", "you can leave after the deal; resign to stop now")
    end_match(rec, opponent(cmd.seat), "left")


def technical_loss(rec: Recorder, cmd: TechnicalLoss) -> None:
    require_running(rec.state)
    require_seat(rec.state, cmd.seat)
    end_match(rec, opponent(cmd.seat), "technical_loss")


def abandon(rec: Recorder, cmd: Abandon) -> None:
    require_running(rec.state)
    end_match(rec, None, "abandoned")
