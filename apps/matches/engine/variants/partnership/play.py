"""The handlers of a ``partnership`` hand (rules §4 and §6): bidding, doubling, play with
marriages, "enough", the claim, the deadlines, and the hand's end with its chips."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ...cards import marriage_partner
from ...errors import RuleViolation
from ...recorder import Recorder
from ...table import end_deal
from ...tricks import trick_winner
from ...tricks.commands import DeclareEnough
from ...tricks.events import CardPlayed, EnoughDeclared, MarriageAnnounced, TrickTaken
from .commands import (
    Bid,
    EndClaim,
    EndDoubling,
    Kontra,
    NoDouble,
    Pass,
    Play,
    Rekontra,
    ShowCards,
    Subkontra,
)
from .events import (
    ALL_PASSED,
    ALL_TRICKS,
    BY_CARD,
    BY_MARRIAGE,
    BY_REKONTRA,
    BY_SHOWN,
    BY_TRICK,
    CLAIMED,
    ENOUGH,
    OPPOSING_TRICK,
    AllPassed,
    BiddingEnded,
    BidMade,
    CardsShown,
    Doubled,
    DoublingClosed,
    DoublingDeclined,
    HandSettled,
    PartnerRevealed,
    Passed,
)
from .legal import (
    DOUBLING_CLASSES,
    bid_error,
    double_error,
    enough_error,
    no_double_error,
    pass_error,
    play_error,
    show_error,
)
from .scoring import all_pass_settlement, hand_settlement
from .state import (
    CLAIM,
    DOUBLING,
    DOUBLING_WORDS,
    SEATS,
    WINNING_SCORE,
    PartnershipDeal,
    Settlement,
)

if TYPE_CHECKING:
    from .rules import PartnershipRules


def _now(rec: Recorder) -> datetime:
    if rec.now is None:
        raise ValueError("partnership deadlines need the caller's clock: decide(..., now=...)")
    return rec.now


def _check(error: RuleViolation | None) -> None:
    if error is not None:
        raise error


def _settle(
    rules: PartnershipRules,
    rec: Recorder,
    settlement: Settlement,
    *,
    value: int,
    won: bool,
    reason: str,
) -> None:
    rec.emit(
        HandSettled(settlement.winners, value, settlement.changes, settlement.chips, settlement.pot)
    )
    deal = rules.deal_of(rec.state)
    # the table's score of a hand: one point to the caller whose side won it
    end_deal(rec, deal.caller if won else None, 1 if won else 0, reason)


def end_hand(rules: PartnershipRules, rec: Recorder, won: bool, reason: str) -> None:
    deal = rules.deal_of(rec.state)
    _settle(rules, rec, hand_settlement(deal, won), value=deal.value, won=won, reason=reason)


# --- bidding ------------------------------------------------------------------------------


def bid(rules: PartnershipRules, rec: Recorder, cmd: Bid) -> None:
    _check(bid_error(rules.deal_of(rec.state), cmd.seat, cmd.card, cmd.durchmarsch))
    rec.emit(BidMade(cmd.seat, cmd.card, cmd.durchmarsch, cmd.stand_in))


def pass_(rules: PartnershipRules, rec: Recorder, cmd: Pass) -> None:
    _check(pass_error(rules.deal_of(rec.state), cmd.seat))
    rec.emit(Passed(cmd.seat, cmd.stand_in))
    deal = rules.deal_of(rec.state)
    if deal.bid is None and deal.passes == SEATS:
        rec.emit(AllPassed())
        _settle(rules, rec, all_pass_settlement(deal), value=0, won=False, reason=ALL_PASSED)
    elif deal.bid is not None and deal.passes == SEATS - 1:
        called = deal.bid.card
        assert called is not None  # a bid names a card; only a pass has none
        window = rules.doubling_window
        rec.emit(BiddingEnded(deal.bid.seat, called, deal.bid.durchmarsch, _now(rec) + window))


# --- doubling -----------------------------------------------------------------------------


def double(rules: PartnershipRules, rec: Recorder, cmd: Kontra | Rekontra | Subkontra) -> None:
    seat = cmd.seat
    stage = DOUBLING_CLASSES.index(type(cmd))
    deal = rules.deal_of(rec.state)
    _check(double_error(deal, seat, stage, rec.now))
    window: timedelta = rules.doubling_window
    rec.emit(Doubled(seat, DOUBLING_WORDS[stage], _now(rec) + window, cmd.stand_in))
    if stage == 1 and seat != deal.caller and not deal.partner_public:
        rec.emit(PartnerRevealed(seat, BY_REKONTRA))
    if rules.deal_of(rec.state).doubling_stage() == len(DOUBLING_WORDS):
        rec.emit(DoublingClosed())


def no_double(rules: PartnershipRules, rec: Recorder, cmd: NoDouble) -> None:
    _check(no_double_error(rules.deal_of(rec.state), cmd.seat))
    rec.emit(DoublingDeclined(cmd.seat, cmd.stand_in))
    if not rules.deal_of(rec.state).offered():
        rec.emit(DoublingClosed())


def end_doubling(rules: PartnershipRules, rec: Recorder, cmd: EndDoubling) -> None:
    deal = rules.deal_of(rec.state)
    if deal.phase != DOUBLING or cmd.seat != deal.caller or not _due(rec, deal):
        raise RuleViolation("not_due", "the doubling window is not over yet")
    rec.emit(DoublingClosed())


def _due(rec: Recorder, deal: PartnershipDeal) -> bool:
    return rec.now is not None and deal.deadline is not None and deal.deadline <= rec.now


# --- play ---------------------------------------------------------------------------------


def play(rules: PartnershipRules, rec: Recorder, cmd: Play) -> None:
    deal = rules.deal_of(rec.state)
    _check(play_error(deal, cmd))
    rec.emit(CardPlayed(cmd.seat, cmd.card, cmd.stand_in))
    public = deal.partner_public
    if cmd.card is deal.called and not public:
        rec.emit(PartnerRevealed(cmd.seat, BY_CARD))
        public = True
    if cmd.marriage:
        trump = deal.trump
        rec.emit(MarriageAnnounced(cmd.seat, cmd.card.suit, 40 if cmd.card.suit == trump else 20))
        if not public and cmd.seat == deal.holder and marriage_partner(cmd.card) is deal.called:
            rec.emit(PartnerRevealed(cmd.seat, BY_MARRIAGE))
    deal = rules.deal_of(rec.state)
    if len(deal.table) == SEATS:
        _take_trick(rules, rec, deal)


def _take_trick(rules: PartnershipRules, rec: Recorder, deal: PartnershipDeal) -> None:
    assert deal.trump is not None
    winner = trick_winner(deal.leader, deal.table, deal.trump, SEATS)
    rec.emit(TrickTaken(winner, sum(c.points for c in deal.table)))
    deal = rules.deal_of(rec.state)
    if not deal.on_caller_side(winner):
        won = not deal.durchmarsch and deal.side_points >= WINNING_SCORE
        end_hand(rules, rec, won, OPPOSING_TRICK)
    elif not any(deal.hands):
        end_hand(rules, rec, True, ALL_TRICKS)
    elif winner != deal.caller and not deal.partner_public:
        rec.emit(PartnerRevealed(winner, BY_TRICK))


def enough(rules: PartnershipRules, rec: Recorder, cmd: DeclareEnough) -> None:
    _check(enough_error(rules.deal_of(rec.state), cmd.seat))
    rec.emit(EnoughDeclared(cmd.seat, cmd.stand_in))
    end_hand(rules, rec, rules.deal_of(rec.state).side_points >= WINNING_SCORE, ENOUGH)


def show_cards(rules: PartnershipRules, rec: Recorder, cmd: ShowCards) -> None:
    deal = rules.deal_of(rec.state)
    _check(show_error(deal, cmd.seat))
    wait: timedelta = rules.claim_wait
    hand = tuple(sorted(deal.hands[cmd.seat]))
    rec.emit(CardsShown(cmd.seat, hand, _now(rec) + wait, cmd.stand_in))
    if not deal.partner_public and deal.called in hand:
        rec.emit(PartnerRevealed(cmd.seat, BY_SHOWN))


def end_claim(rules: PartnershipRules, rec: Recorder, cmd: EndClaim) -> None:
    deal = rules.deal_of(rec.state)
    if deal.phase != CLAIM or cmd.seat != deal.shown_by or not _due(rec, deal):
        raise RuleViolation("not_due", "the shown hand's time is not up yet")
    end_hand(rules, rec, True, CLAIMED)
