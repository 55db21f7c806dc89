"""What a seat may do in a ``partnership`` hand, and why not: each refusal has its own code
(``errors.CODES``). The messages never say who holds the called card: a refused doubling is
answered to the seat that tried only, in words that any seat offered the choice could get."""

from __future__ import annotations

from datetime import datetime

from ...cards import DECK_24, Card, marriage_partner
from ...commands import Command
from ...errors import RuleViolation
from ...tricks import refusal, strict_follows
from ...tricks.commands import DeclareEnough
from .claim import claim_holds, knowledge
from .commands import Bid, Kontra, NoDouble, Pass, Play, Rekontra, ShowCards, Subkontra
from .state import BIDDING, CLAIM, DOUBLING, DOUBLING_WORDS, PLAY, PartnershipDeal, table_value

DOUBLING_CLASSES: tuple[type, ...] = (Kontra, Rekontra, Subkontra)


def _phase_error(deal: PartnershipDeal, wanted: str) -> RuleViolation | None:
    if deal.phase == wanted:
        return None
    if deal.phase == BIDDING:
        return RuleViolation("bidding_in_progress", "the bidding is not over")
    if deal.phase == DOUBLING:
        return RuleViolation("doubling_in_progress", "the doubling window is open")
    if wanted == DOUBLING:  # the play (or a claim) has begun: the window is behind it
        return RuleViolation("doubling_closed", "the doubling window has closed")
    if deal.phase == CLAIM:
        return RuleViolation("cards_shown", "a hand has been shown: the hand is ending")
    return RuleViolation("bidding_over", "the bidding is over")


def bid_error(
    deal: PartnershipDeal, seat: int, called: Card, durchmarsch: bool
) -> RuleViolation | None:
    error = _phase_error(deal, BIDDING) or _turn_error(deal, seat)
    if error is not None:
        return error
    standing = 0 if deal.bid is None else deal.bid.value
    if table_value(called, durchmarsch) <= standing:
        return RuleViolation(
            "bid_too_low", "a bid must have a higher table value than the standing bid"
        )
    return None


def pass_error(deal: PartnershipDeal, seat: int) -> RuleViolation | None:
    return _phase_error(deal, BIDDING) or _turn_error(deal, seat)


def _turn_error(deal: PartnershipDeal, seat: int) -> RuleViolation | None:
    if deal.turn != seat:
        return RuleViolation("not_your_turn", "it is another seat's turn")
    return None


def may_double(deal: PartnershipDeal, seat: int, stage: int) -> bool:
    """Whether ``seat`` may say the doubling of ``stage`` (0 Kontra, 1 Rekontra, 2 Subkontra)
    by rules §6: Kontra and Subkontra the opposing side, Rekontra the caller or the holder."""
    return deal.on_caller_side(seat) == (stage == 1)


def double_error(
    deal: PartnershipDeal, seat: int, stage: int, now: datetime | None
) -> RuleViolation | None:
    error = _phase_error(deal, DOUBLING)
    if error is not None:
        return error
    if now is not None and deal.deadline is not None and now >= deal.deadline:
        return RuleViolation("doubling_closed", "the doubling window has closed")
    said = deal.doubling_stage()
    if stage < said:
        return RuleViolation("already_doubled", f"{DOUBLING_WORDS[stage]} has been said")
    if stage > said:
        return RuleViolation(
            "doubling_out_of_order", f"{DOUBLING_WORDS[said]} comes first, each once"
        )
    if seat in deal.declined:
        return RuleViolation("doubling_declined", "you let this doubling go")
    if seat not in deal.offered() or not may_double(deal, seat, stage):
        return RuleViolation("may_not_double", f"you may not say {DOUBLING_WORDS[stage]}")
    return None


def no_double_error(deal: PartnershipDeal, seat: int) -> RuleViolation | None:
    error = _phase_error(deal, DOUBLING)
    if error is not None:
        return error
    if seat in deal.declined:
        return RuleViolation("doubling_declined", "you let this doubling go")
    if seat not in deal.offered():
        return RuleViolation("not_offered", "this doubling choice is not yours")
    return None


def marriage_error(deal: PartnershipDeal, seat: int, card: Card) -> RuleViolation | None:
    """A marriage: at Snapszer level, by the leader leading the K or O of a pair it holds."""
    if deal.durchmarsch:
        return RuleViolation("marriage_not_allowed", "a Durchmarsch has no marriages")
    if deal.table:
        return RuleViolation("marriage_not_allowed", "a marriage is announced by the leader")
    partner = marriage_partner(card)
    if partner is None or partner not in deal.hands[seat]:
        return RuleViolation("marriage_not_allowed", "a marriage is a K and an O of one suit")
    return None


def play_error(deal: PartnershipDeal, cmd: Play) -> RuleViolation | None:
    error = _phase_error(deal, PLAY) or _turn_error(deal, cmd.seat)
    if error is not None:
        return error
    hand = deal.hands[cmd.seat]
    if cmd.card not in hand:
        return RuleViolation("card_not_in_hand", "that card is not in your hand")
    if cmd.marriage:
        error = marriage_error(deal, cmd.seat, cmd.card)
        if error is not None:
            return error
    if deal.table:
        trump = deal.trump
        assert trump is not None
        if cmd.card not in strict_follows(hand, deal.table, trump):
            return refusal(cmd.card, hand, deal.table[0].suit, trump)
    return None


def enough_error(deal: PartnershipDeal, seat: int) -> RuleViolation | None:
    """ "Enough": the caller or the holder, after a completed trick, before the next lead."""
    error = _phase_error(deal, PLAY)
    if error is not None:
        return error
    if deal.durchmarsch:
        return RuleViolation("enough_not_allowed", "a Durchmarsch needs every trick: no enough")
    if not deal.on_caller_side(seat):
        return RuleViolation("enough_not_allowed", "only the caller or its partner says enough")
    if deal.table or not deal.tricks:
        return RuleViolation("enough_not_now", "enough is said between tricks")
    return None


def show_error(deal: PartnershipDeal, seat: int) -> RuleViolation | None:
    """The claim: offered to the caller or the holder on its lead exactly when it holds."""
    error = _phase_error(deal, PLAY) or _turn_error(deal, seat)
    if error is not None:
        return error
    if deal.table:
        return RuleViolation("not_leading", "the cards are shown on your lead")
    if not deal.on_caller_side(seat) or not claim_holds(knowledge(deal, seat)):
        return RuleViolation(
            "claim_not_offered", "you cannot be sure of every remaining trick from what you know"
        )
    return None


def deal_actions(deal: PartnershipDeal, seat: int) -> list[Command]:
    """Every hand command ``seat`` may send now."""
    if deal.over:
        return []
    if deal.phase == BIDDING:
        if deal.turn != seat:
            return []
        bids: list[Command] = [
            Bid(seat, c, d)
            for d in (False, True)
            for c in DECK_24
            if bid_error(deal, seat, c, d) is None
        ]
        return [*bids, Pass(seat)]
    if deal.phase == DOUBLING:
        if seat not in deal.offered():
            return []
        stage = deal.doubling_stage()
        doubling = [DOUBLING_CLASSES[stage](seat)] if may_double(deal, seat, stage) else []
        return [*doubling, NoDouble(seat)]
    if deal.phase != PLAY:
        return []
    actions: list[Command] = []
    if enough_error(deal, seat) is None:
        actions.append(DeclareEnough(seat))
    if deal.turn != seat:
        return actions
    if not deal.table and show_error(deal, seat) is None:
        actions.append(ShowCards(seat))
    hand = deal.hands[seat]
    trump = deal.trump
    assert trump is not None
    playable = strict_follows(hand, deal.table, trump) if deal.table else hand
    for c in playable:
        actions.append(Play(seat, c))
        if not deal.table and marriage_error(deal, seat, c) is None:
            actions.append(Play(seat, c, marriage=True))
    return actions
