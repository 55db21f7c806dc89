"""Klub match level (rules §2 "Game points", §5 table options): deals until 7 game points, the
real final score, rádli, Schneider, Rückschneider, resigning, leaving, technical loss,
abandonment, and the match being over."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from apps.matches.engine import (
    INITIAL,
    Abandon,
    CloseTalon,
    Command,
    DealCards,
    ExchangeTrump,
    Leave,
    MatchState,
    Resign,
    StartMatch,
    Surrender,
    TechnicalLoss,
    legal_actions,
    view_for,
)
from apps.matches.engine.events import DealEnded, MatchEnded

from .builders import SALT, apply, deal, deal_end, deck, match_end, new_match, p, refused, start

# Any deck will do for a deal that someone gives up at once (3 game points to the other seat).
# Forehand: PX TK TO ZU PU, dealer: ZX PA TA ZA MA, trump MU. It also serves the deal where the
# forehand wins 0:PX 1:ZX (20), leads TK holding TO (20 more: 40 with a trick) and gives up:
# 1 game point to the dealer.
D = deck(forehand="PX TK TO ZU PU", dealer="ZX PA TA ZA MA", trump="MU")

# Seat 0 as forehand: PA+PU 13, TA+TU 13, ZA+ZU 13, MA+PO 14, ZX+TO 13 = 66, seat 1 trickless.
SIXTY_SIX = deck(forehand="PA TA ZA MA ZX", dealer="PU TU ZU PO TO", trump="MU")


def _give_up(state: MatchState, seat: int) -> tuple[MatchState, list]:
    """A new deal in which ``seat`` surrenders at once: 3 game points to the other seat."""
    return apply(deal(state, D), Surrender(seat, confirm=True))


def _one_point_against_forehand(state: MatchState) -> tuple[MatchState, list]:
    """A new deal in which the forehand takes one trick, announces 20 (40 points) and gives up."""
    state = deal(state, D)
    assert state.deal is not None
    fh, dl = 1 - state.deal.dealer, state.deal.dealer
    return apply(state, p(fh, "PX"), p(dl, "ZX"), p(fh, "TK"), Surrender(fh, confirm=True))


def test_deals_follow_until_7_and_the_final_score_shows_the_real_sums() -> None:
    state = new_match(first_dealer=0)  # deal 1: seat 1 is the forehand
    state, events = _one_point_against_forehand(state)
    assert deal_end(events).game_points == 1 and state.scores == (1, 0)
    state, _ = _give_up(state, 1)
    assert state.scores == (4, 0)
    state, _ = _give_up(state, 0)
    state, events = _give_up(state, 0)
    assert state.scores == (4, 6)
    assert not any(isinstance(e, MatchEnded) for e in events)
    assert view_for(state, 0)["status"] == "awaiting_deal"
    state, events = _give_up(state, 0)  # 6 + 3 = 9: the score is not capped at 7
    assert match_end(events) == MatchEnded(
        winner=1,
        reason="points",
        scores=(4, 9),
        radli=0,
        schneider=False,
        ruckschneider=False,
    )
    assert events[-1] == match_end(events)  # after the DealEnded of the last deal
    assert state.scores == (4, 9)
    assert state.deals_played == 5
    assert view_for(state, 1)["status"] == "finished"


def test_the_match_can_end_on_a_played_deal_with_a_schneider() -> None:
    state = new_match(first_dealer=1)  # deals 1 and 3: seat 0 is the forehand
    state, _ = _give_up(state, 1)
    state, _ = _give_up(state, 1)
    assert state.scores == (6, 0)
    state = deal(state, SIXTY_SIX)
    state, events = apply(
        state,
        p(0, "PA"),
        p(1, "PU"),
        p(0, "TA"),
        p(1, "TU"),
        p(0, "ZA"),
        p(1, "ZU"),
        p(0, "MA"),
        p(1, "PO"),
        p(0, "ZX"),
        p(1, "TO"),
    )
    assert events[-2:] == [
        DealEnded(winner=0, game_points=3, reason="reached_66", deck=SIXTY_SIX, salt=SALT),
        MatchEnded(
            winner=0,
            reason="points",
            scores=(9, 0),
            radli=1,
            schneider=True,
            ruckschneider=False,
        ),
    ]


def test_schneider_when_the_loser_has_no_game_point() -> None:
    state = new_match()
    for _ in range(3):
        state, events = _give_up(state, 0)
    ended = match_end(events)
    assert ended.scores == (0, 9)
    assert (ended.winner, ended.radli, ended.schneider, ended.ruckschneider) == (1, 0, True, False)


def test_ruckschneider_when_the_winner_trailed_0_to_6() -> None:
    state = new_match()
    state, _ = _give_up(state, 0)
    state, _ = _give_up(state, 0)
    assert state.scores == (0, 6)
    for _ in range(3):
        state, events = _give_up(state, 1)
    assert match_end(events) == MatchEnded(
        winner=0,
        reason="points",
        scores=(9, 6),
        radli=1,
        schneider=False,
        ruckschneider=True,
    )


def test_no_ruckschneider_when_the_winner_was_not_at_0_when_the_loser_reached_6() -> None:
    state = new_match(first_dealer=0)  # deal 1: seat 1 is the forehand and gives 1 point away
    state, _ = _one_point_against_forehand(state)
    state, _ = _give_up(state, 0)
    state, _ = _give_up(state, 0)
    assert state.scores == (1, 6)
    state, _ = _give_up(state, 1)
    state, events = _give_up(state, 1)
    ended = match_end(events)
    assert ended.scores == (7, 6)
    assert (ended.winner, ended.radli, ended.schneider, ended.ruckschneider) == (0, 1, False, False)


# --- ending the match early ------------------------------------------------------------------


def _cut_short(events: list, winner: int | None, reason: str, scores: tuple) -> None:
    """The deal in progress ends first (revealing deck and salt), then the match."""
    assert events == [
        DealEnded(winner=None, game_points=0, reason="match_ended", deck=D, salt=SALT),
        MatchEnded(
            winner=winner,
            reason=reason,
            scores=scores,
            radli=None if winner is None else 1 - winner,
            schneider=False,
            ruckschneider=False,
        ),
    ]


def test_resign_mid_deal_even_off_turn() -> None:
    state, _ = apply(start(D), p(0, "PX"))  # seat 1's turn
    state, events = apply(state, Resign(0))
    _cut_short(events, winner=1, reason="resigned", scores=(0, 0))
    assert state.finished
    revealed = view_for(state, 1)["deal"]["revealed"]
    assert revealed["deck"] == [c.code for c in D]
    assert revealed["salt"] == SALT


def test_resign_between_deals_keeps_the_scores() -> None:
    state, _ = apply(start(D), Surrender(1, confirm=True))  # 3 to seat 0
    state, events = apply(state, Resign(0))  # the leader resigns anyway: seat 1 wins
    assert events == [
        MatchEnded(
            winner=1,
            reason="resigned",
            scores=(3, 0),
            radli=0,
            schneider=False,
            ruckschneider=False,
        )
    ]


def test_resign_before_the_first_deal() -> None:
    events = apply(new_match(), Resign(1))[1]
    assert [type(e) for e in events] == [MatchEnded]
    assert match_end(events).winner == 0
    assert match_end(events).reason == "resigned"


def test_leave_before_the_first_card_of_a_deal() -> None:
    state = start(D)
    assert Leave(1) in legal_actions(state, 1)
    state, events = apply(state, Leave(1))
    _cut_short(events, winner=0, reason="left", scores=(0, 0))


def test_leave_between_deals() -> None:
    state, _ = apply(start(D), Surrender(0, confirm=True))  # 3 to seat 1
    assert Leave(1) in legal_actions(state, 1)
    state, events = apply(state, Leave(1))
    assert events == [
        MatchEnded(
            winner=0, reason="left", scores=(0, 3), radli=1, schneider=False, ruckschneider=False
        )
    ]


def test_leave_refused_once_a_card_of_the_deal_was_played() -> None:
    state, _ = apply(start(D), p(0, "PX"))
    assert refused(state, Leave(0)) == "deal_in_progress"
    assert refused(state, Leave(1)) == "deal_in_progress"
    assert Leave(1) not in legal_actions(state, 1)
    state, _ = apply(state, p(1, "ZX"))  # a whole trick later, still in progress
    assert refused(state, Leave(0)) == "deal_in_progress"
    assert Resign(0) in legal_actions(state, 0)  # resigning remains possible


def test_technical_loss_mid_deal() -> None:
    state, _ = apply(start(D), p(0, "PX"))
    state, events = apply(state, TechnicalLoss(0))
    _cut_short(events, winner=1, reason="technical_loss", scores=(0, 0))


def test_technical_loss_needs_a_real_seat() -> None:
    assert refused(start(D), TechnicalLoss(2)) == "invalid_seat"


def test_abandon_mid_deal_has_no_winner() -> None:
    state, _ = apply(start(D), Surrender(0, confirm=True))  # 3 to seat 1
    state = deal(state, D)
    state, events = apply(state, Abandon())
    _cut_short(events, winner=None, reason="abandoned", scores=(0, 3))
    assert state.scores == (0, 3)


# --- after the end ---------------------------------------------------------------------------


def _ended_mid_deal() -> MatchState:
    state, _ = apply(start(D), p(0, "PX"), Resign(1))
    return state


def _ended_on_points() -> MatchState:
    state = new_match()
    for _ in range(3):
        state, _ = _give_up(state, 0)
    return state


AFTER_THE_END: list[Command] = [
    DealCards(D, SALT),
    p(1, "ZX"),
    p(0, "TK"),
    ExchangeTrump(0),
    CloseTalon(0),
    Surrender(0, confirm=True),
    Resign(0),
    Resign(1),
    Leave(0),
    TechnicalLoss(1),
    Abandon(),
]


@pytest.mark.parametrize("ended", [_ended_mid_deal, _ended_on_points])
@pytest.mark.parametrize("command", AFTER_THE_END, ids=lambda c: type(c).__name__)
def test_every_command_fails_once_the_match_is_over(ended, command: Command) -> None:
    state = ended()
    assert state.finished
    assert refused(state, command) == "match_over"
    assert legal_actions(state, 0) == [] and legal_actions(state, 1) == []


@pytest.mark.parametrize("ended", [_ended_mid_deal, _ended_on_points])
def test_starting_a_finished_match_again_fails_with_match_over(
    ended: Callable[[], MatchState],
) -> None:
    # The brief: after the match ends *every* command fails with "match_over".
    assert refused(ended(), StartMatch("klub", 0)) == "match_over"


def test_commands_before_the_match_starts() -> None:
    assert refused(INITIAL, DealCards(D, SALT)) == "match_not_started"
    assert refused(INITIAL, Resign(0)) == "match_not_started"
    assert refused(INITIAL, Surrender(0, confirm=True)) == "match_not_started"


def test_no_new_deal_while_one_is_in_progress() -> None:
    state = start(D)
    assert refused(state, DealCards(D, SALT)) == "deal_in_progress"
    state, _ = apply(state, p(0, "PX"))
    assert refused(state, DealCards(D, SALT)) == "deal_in_progress"


def test_no_such_seat() -> None:
    state = start(D)
    assert refused(state, p(2, "PX")) == "invalid_seat"
    assert refused(state, Resign(-1)) == "invalid_seat"
    assert refused(new_match(), StartMatch("klub", 0)) == "match_already_started"
