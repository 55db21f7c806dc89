"""The deal rules of variant ``klub`` (rules §2): exchange, close, play with automatic
marriages and automatic 66, drawing, the last-trick rule and surrender.

``sixty-six`` plays with the same handlers; where its rules differ, they ask the variant
(``KlubRules.exchange_error``, ``ends_on_score``, ``after_last_trick``): klub's answers are
``exchange_error`` in ``legal.py``, ``ended_at_66`` and ``end_with_last_trick`` here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import card, marriage_partner
from ...errors import RuleViolation
from ...recorder import Recorder
from ...table import end_deal
from ...tricks import trick_winner
from ...tricks.events import CardPlayed, MarriageAnnounced, TrickTaken
from .commands import CloseTalon, ExchangeTrump, PlayCard, Surrender
from .events import CardDrawn, DealSurrendered, TalonClosed, TrumpExchanged
from .legal import check_play, close_error
from .scoring import LAST_TRICK, WINNING_SCORE, by_loser_state, for_failed_close
from .state import KlubDeal

if TYPE_CHECKING:
    from .rules import TwoSeatRules

MARRIAGE_POINTS = 20
TRUMP_MARRIAGE_POINTS = 40


def opponent(seat: int) -> int:
    return 1 - seat


def exchange_trump[D: KlubDeal](rules: TwoSeatRules[D], rec: Recorder, cmd: ExchangeTrump) -> None:
    deal = rules.deal_of(rec.state)
    error = rules.exchange_error(deal, cmd.seat)
    if error is not None:
        raise error
    rec.emit(TrumpExchanged(cmd.seat, card(deal.trump + rules.exchange_rank), deal.trump_card))


def close_talon[D: KlubDeal](rules: TwoSeatRules[D], rec: Recorder, cmd: CloseTalon) -> None:
    error = close_error(rules.deal_of(rec.state), cmd.seat)
    if error is not None:
        raise error
    rec.emit(TalonClosed(cmd.seat))


def play_card[D: KlubDeal](rules: TwoSeatRules[D], rec: Recorder, cmd: PlayCard) -> None:
    deal = rules.deal_of(rec.state)
    seat, played = cmd.seat, cmd.card
    if deal.turn != seat:
        raise RuleViolation("not_your_turn", "it is not your turn")
    check_play(deal, seat, played)
    if not deal.table:
        partner = marriage_partner(played)
        if partner is not None and partner in deal.hands[seat]:
            trump = played.suit == deal.trump
            points = TRUMP_MARRIAGE_POINTS if trump else MARRIAGE_POINTS
            rec.emit(MarriageAnnounced(seat, played.suit, points))
            if rules.ends_on_score(rec, seat):  # klub's "gyors 40": before the card
                return
        rec.emit(CardPlayed(seat, played, cmd.stand_in))
        return
    rec.emit(CardPlayed(seat, played, cmd.stand_in))
    deal = rules.deal_of(rec.state)
    if len(deal.table) < deal.seats:
        return
    winner = trick_winner(deal.leader, deal.table, deal.trump, deal.seats)
    rec.emit(TrickTaken(winner, sum(c.points for c in deal.table)))
    if rules.ends_on_score(rec, winner):
        return
    _draw(rules, rec, winner)
    if not any(rules.deal_of(rec.state).hands):
        rules.after_last_trick(rec, winner)


def surrender[D: KlubDeal](rules: TwoSeatRules[D], rec: Recorder, cmd: Surrender) -> None:
    if not cmd.confirm:
        raise RuleViolation("confirmation_required", "confirm that you give up this deal")
    deal = rules.deal_of(rec.state)
    seat = cmd.seat
    game_points = by_loser_state(deal.points(seat), deal.trick_count(seat))
    rec.emit(DealSurrendered(seat))
    end_deal(rec, opponent(seat), game_points, "surrendered")


def _draw[D: KlubDeal](rules: TwoSeatRules[D], rec: Recorder, winner: int) -> None:
    """After a trick, while the talon is open: the winner draws first, then the loser; the one
    who finds no face-down card left takes the trump card."""
    if not rules.deal_of(rec.state).can_draw:
        return
    seats = rules.seats
    for i in range(seats):
        seat = (winner + i) % seats
        deal = rules.deal_of(rec.state)
        if deal.talon:
            rec.emit(CardDrawn(seat, deal.talon[0], face_up=False))
        else:
            rec.emit(CardDrawn(seat, deal.trump_card, face_up=True))


def ended_at_66[D: KlubDeal](rules: TwoSeatRules[D], rec: Recorder, seat: int) -> bool:
    """End the deal if ``seat`` has a trick and 66 points; return whether it ended."""
    deal = rules.deal_of(rec.state)
    if deal.trick_count(seat) == 0 or deal.points(seat) < WINNING_SCORE:
        return False
    other = opponent(seat)
    closer = deal.closed_by
    if closer is None:
        points = by_loser_state(deal.points(other), deal.trick_count(other))
        end_deal(rec, seat, points, "reached_66")
    elif closer == seat:
        assert deal.closed_at is not None
        points_then, tricks_then = deal.closed_at[other]
        end_deal(rec, seat, by_loser_state(points_then, tricks_then), "close_succeeded")
    else:
        _end_with_failed_close(deal, rec)
    return True


def end_with_last_trick[D: KlubDeal](
    rules: TwoSeatRules[D], rec: Recorder, last_winner: int
) -> None:
    deal = rules.deal_of(rec.state)
    if deal.closed_by is None:
        end_deal(rec, last_winner, LAST_TRICK, "last_trick")
    else:
        _end_with_failed_close(deal, rec)


def _end_with_failed_close(deal: KlubDeal, rec: Recorder) -> None:
    assert deal.closed_by is not None and deal.closed_at is not None
    other = opponent(deal.closed_by)
    _, tricks_then = deal.closed_at[other]
    end_deal(rec, other, for_failed_close(tricks_then), "close_failed")
