"""The layout of a ``partnership`` hand and the fold of its events."""

from __future__ import annotations

from ...cards import Card
from ...events import DealStarted
from ...rules import DealEvolver
from ...state import copy_with, replace_at
from ...tricks.events import CardPlayed, EnoughDeclared, MarriageAnnounced, TrickTaken
from ...tricks.state import Trick
from .events import (
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
from .state import (
    CLAIM,
    DOUBLING,
    PLAY,
    SEATS,
    START_CHIPS,
    Call,
    Marriage,
    PartnershipDeal,
    Settlement,
)

PACKET = 3


def layout(deck: tuple[Card, ...], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """The hands by seat (rules §6): packets of three clockwise from the dealer's left, twice;
    seat dealer+k (k = 1, 2, 3, 4 = the dealer) gets d[3(k−1):3k] and d[12+3(k−1):12+3k]."""
    hands: list[tuple[Card, ...]] = [()] * SEATS
    round_size = PACKET * SEATS
    for k in range(1, SEATS + 1):
        first = PACKET * (k - 1)
        hands[(dealer + k) % SEATS] = (
            deck[first : first + PACKET] + deck[round_size + first : round_size + first + PACKET]
        )
    return tuple(hands)


def new_deal(e: DealStarted, previous: PartnershipDeal | None) -> PartnershipDeal:
    """The hand as dealt, with the chips and pot the previous hand left (3000 each at first),
    and the solos of the game's earlier hands."""
    if previous is None:
        chips, pot = (START_CHIPS,) * SEATS, 0
    elif previous.settlement is not None:
        chips, pot = previous.settlement.chips, previous.settlement.pot
    else:
        chips, pot = previous.chips, previous.pot
    solos = (0,) * SEATS if previous is None else previous.solos
    first_bidder = (e.dealer + 1) % SEATS
    return PartnershipDeal(
        number=e.number,
        dealer=e.dealer,
        deck=e.deck,
        salt=e.salt,
        commitment=e.commitment,
        hands=layout(e.deck, e.dealer),
        chips=chips,
        pot=pot,
        turn=first_bidder,
        leader=first_bidder,
        solos_before=solos,
    )


PD = PartnershipDeal


def _bid_made(deal: PD, e: BidMade) -> PD:
    call = Call(e.seat, e.card, e.durchmarsch)
    return copy_with(deal, calls=(*deal.calls, call), bid=call, passes=0, turn=(e.seat + 1) % SEATS)


def _passed(deal: PD, e: Passed) -> PD:
    return copy_with(
        deal,
        calls=(*deal.calls, Call(e.seat, None)),
        passes=deal.passes + 1,
        turn=(e.seat + 1) % SEATS,
    )


def _bidding_ended(deal: PD, e: BiddingEnded) -> PD:
    holder = next(s for s, hand in enumerate(deal.hands) if e.card in hand)
    return copy_with(
        deal, phase=DOUBLING, holder=holder, deadline=e.deadline, turn=e.caller, leader=e.caller
    )


def _all_passed(deal: PD, e: AllPassed) -> PD:
    return deal  # the hand_settled and deal_ended that follow record it


def _doubled(deal: PD, e: Doubled) -> PD:
    return copy_with(deal, doublings=(*deal.doublings, e.seat), declined=(), deadline=e.deadline)


def _doubling_declined(deal: PD, e: DoublingDeclined) -> PD:
    return copy_with(deal, declined=(*deal.declined, e.seat))


def _doubling_closed(deal: PD, e: DoublingClosed) -> PD:
    return copy_with(deal, phase=PLAY, deadline=None, declined=())


def _card_played(deal: PD, e: CardPlayed) -> PD:
    hand = tuple(c for c in deal.hands[e.seat] if c is not e.card)
    return copy_with(
        deal,
        hands=replace_at(deal.hands, e.seat, hand),
        table=(*deal.table, e.card),
        turn=(e.seat + 1) % SEATS,
    )


def _marriage_announced(deal: PD, e: MarriageAnnounced) -> PD:
    marriage = Marriage(e.seat, e.suit, e.points, len(deal.tricks))
    return copy_with(deal, marriages=(*deal.marriages, marriage))


def _trick_taken(deal: PD, e: TrickTaken) -> PD:
    trick = Trick(deal.leader, deal.table, e.seat)
    return copy_with(deal, tricks=(*deal.tricks, trick), table=(), leader=e.seat, turn=e.seat)


def _partner_revealed(deal: PD, e: PartnerRevealed) -> PD:
    return copy_with(deal, partner_public=True, partner_how=e.how)


def _enough_declared(deal: PD, e: EnoughDeclared) -> PD:
    return copy_with(deal, enough_by=e.seat)


def _cards_shown(deal: PD, e: CardsShown) -> PD:
    return copy_with(deal, phase=CLAIM, shown_by=e.seat, shown=e.cards, deadline=e.deadline)


def _hand_settled(deal: PD, e: HandSettled) -> PD:
    """A hand settled while a shown hand waited out its seconds was ended by the claim: the
    claiming seat takes the cards not yet played (derived here, so stored hands replay to the
    same count without an event of their own)."""
    settlement = Settlement(e.winners, e.changes, e.chips, e.pot)
    claimed_by = deal.shown_by if deal.phase == CLAIM else None
    return copy_with(deal, settlement=settlement, deadline=None, claimed_by=claimed_by)


EVOLVERS: dict[type, DealEvolver] = {
    BidMade: _bid_made,
    Passed: _passed,
    BiddingEnded: _bidding_ended,
    AllPassed: _all_passed,
    Doubled: _doubled,
    DoublingDeclined: _doubling_declined,
    DoublingClosed: _doubling_closed,
    CardPlayed: _card_played,
    MarriageAnnounced: _marriage_announced,
    TrickTaken: _trick_taken,
    PartnerRevealed: _partner_revealed,
    EnoughDeclared: _enough_declared,
    CardsShown: _cards_shown,
    HandSettled: _hand_settled,
}
