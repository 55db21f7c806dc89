"""The match table, the same for every variant: start a match, deal, end a deal and the match
by points (as the variant says), or by a player resigning, leaving, losing technically, or
everyone abandoning."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .commands import (
    Abandon,
    CloseSeeds,
    CommitSecret,
    DealCards,
    DealSeeded,
    GiveSeed,
    Lapse,
    Leave,
    Resign,
    StartMatch,
    TechnicalLoss,
)
from .errors import RuleViolation
from .events import (
    MATCH_ENDED,
    DealEnded,
    DealStarted,
    MatchEnded,
    MatchStarted,
    SeatTakenOver,
    SecretCommitted,
    SeedGiven,
    SeedsClosed,
)
from .fairness import (
    BY_PLAYER,
    BY_SERVER,
    SEEDED_SCHEME,
    commitment,
    is_valid_salt,
    is_valid_seed,
    secret_commitment,
    seeded_deck,
)
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


def deal_seeded(rec: Recorder, cmd: DealSeeded) -> None:
    """Deal from the server's secret and the seeds (``hmac-fy-1``). Every seed a seat gave
    (``SeedGiven``) goes in as the player's; the service fills in the others (``by: server``);
    the secret is the one committed to a deal ahead, if one was."""
    state = rec.state
    require_running(state)
    if not state.awaiting_deal:
        raise RuleViolation("deal_in_progress", "the current deal is not over")
    assert state.variant is not None
    if not (is_valid_salt(cmd.secret) and is_valid_salt(cmd.next_secret)):
        raise RuleViolation("invalid_salt", "the salt must be 16 to 128 lowercase hex digits")
    committed = state.next_commitment
    if committed is not None and secret_commitment(cmd.secret) != committed:
        raise RuleViolation("secret_not_committed", "the secret is not the one committed to")
    seats = [s.seat for s in cmd.seeds]
    given = {(seat, value) for seat, value in state.seeds}
    from_players = {(s.seat, s.value) for s in cmd.seeds if s.by == BY_PLAYER}
    if (
        len(set(seats)) != len(seats)
        or not all(0 <= seat < state.seats for seat in seats)
        or not all(is_valid_seed(s.value) and s.by in (BY_PLAYER, BY_SERVER) for s in cmd.seeds)
        or from_players != given
    ):
        raise RuleViolation("invalid_seed", "the seeds are not the seats' own, one a seat")
    seeds = tuple(sorted(cmd.seeds, key=lambda s: s.seat))
    rec.emit(
        DealStarted(
            number=state.deals_played + 1,
            dealer=state.next_dealer,
            deck=seeded_deck(cmd.secret, seeds, state.variant.deck),
            salt=cmd.secret,
            commitment=secret_commitment(cmd.secret),
            scheme=SEEDED_SCHEME,
            seeds=seeds,
            next_commitment=secret_commitment(cmd.next_secret),
            next_secret=cmd.next_secret,
        )
    )


def commit_secret(rec: Recorder, cmd: CommitSecret) -> None:
    state = rec.state
    require_running(state)
    if state.deal is not None or state.next_commitment is not None:
        raise RuleViolation("deal_in_progress", "only the first deal's secret is committed so")
    if not is_valid_salt(cmd.secret):
        raise RuleViolation("invalid_salt", "the salt must be 16 to 128 lowercase hex digits")
    rec.emit(SecretCommitted(1, secret_commitment(cmd.secret), cmd.secret, cmd.seeds_until))


def close_seeds(rec: Recorder, cmd: CloseSeeds) -> None:
    """The first deal's wait for the people's seeds ran out: it is dealt without the missing."""
    state = rec.state
    require_running(state)
    until = state.seeds_until
    if until is None or state.deal is not None or rec.now is None or until > rec.now:
        raise RuleViolation("not_due", "no first deal's seeds are awaited past their time")
    rec.emit(SeedsClosed(1))


def seed_due(state: MatchState, seat: int, deal: int) -> bool:
    """Whether ``seat`` may give a seed for ``deal`` now: the next deal, whose secret the server
    has committed to, while the current one is played (or before the first), once a seat."""
    current = state.deal
    return (
        state.running
        and (current is None or not current.over)
        and state.next_commitment is not None
        and deal == (current.number if current is not None else 0) + 1
        and all(given != seat for given, _ in state.seeds)
    )


def give_seed(rec: Recorder, cmd: GiveSeed) -> None:
    require_running(rec.state)
    require_seat(rec.state, cmd.seat)
    require_own_seat(rec.state, cmd.seat)  # the computer's seat adds none (as Kati's)
    if not is_valid_seed(cmd.value):
        raise RuleViolation("invalid_seed", "a seed is 16 to 128 lowercase hexadecimal digits")
    if not seed_due(rec.state, cmd.seat, cmd.deal):
        raise RuleViolation("seed_not_due", "a seed is for the next deal, once, during this one")
    rec.emit(SeedGiven(cmd.seat, cmd.deal, cmd.value))


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
    DealSeeded: deal_seeded,
    CommitSecret: commit_secret,
    CloseSeeds: close_seeds,
    GiveSeed: give_seed,
    Resign: resign,
    Leave: leave,
    TechnicalLoss: technical_loss,
    Abandon: abandon,
    Lapse: lapse,
}
