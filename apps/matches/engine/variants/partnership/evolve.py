"""The layout of a ``partnership`` hand and the fold of its events."""

from __future__ import annotations

from ...cards import Card
from ...events import DealStarted
from ...state import MatchState, copy_with, replace_at
from ...table_fold import Evolver
from ..klub.events import CardPlayed, MarriageAnnounced, TrickTaken
from ..klub.state import Trick
from ..sixty_six.events import EnoughDeclared
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


def _deal(state: MatchState) -> PartnershipDeal:
    deal = state.deal
    assert isinstance(deal, PartnershipDeal)
    return deal


def _with(state: MatchState, **changes: object) -> MatchState:
    return copy_with(state, deal=copy_with(_deal(state), **changes))


def _bid_made(state: MatchState, e: BidMade) -> MatchState:
    deal = _deal(state)
    call = Call(e.seat, e.card, e.durchmarsch)
    return _with(state, calls=(*deal.calls, call), bid=call, passes=0, turn=(e.seat + 1) % SEATS)


def _passed(state: MatchState, e: Passed) -> MatchState:
    deal = _deal(state)
    return _with(
        state,
        calls=(*deal.calls, Call(e.seat, None)),
        passes=deal.passes + 1,
        turn=(e.seat + 1) % SEATS,
    )


def _bidding_ended(state: MatchState, e: BiddingEnded) -> MatchState:
    deal = _deal(state)
    holder = next(s for s, hand in enumerate(deal.hands) if e.card in hand)
    return _with(
        state, phase=DOUBLING, holder=holder, deadline=e.deadline, turn=e.caller, leader=e.caller
    )


def _all_passed(state: MatchState, e: AllPassed) -> MatchState:
    return state  # the hand_settled and deal_ended that follow record it


def _doubled(state: MatchState, e: Doubled) -> MatchState:
    deal = _deal(state)
    return _with(state, doublings=(*deal.doublings, e.seat), declined=(), deadline=e.deadline)


def _doubling_declined(state: MatchState, e: DoublingDeclined) -> MatchState:
    return _with(state, declined=(*_deal(state).declined, e.seat))


def _doubling_closed(state: MatchState, e: DoublingClosed) -> MatchState:
    return _with(state, phase=PLAY, deadline=None, declined=())


def _card_played(state: MatchState, e: CardPlayed) -> MatchState:
    deal = _deal(state)
    hand = tuple(c for c in deal.hands[e.seat] if c is not e.card)
    return _with(
        state,
        hands=replace_at(deal.hands, e.seat, hand),
        table=(*deal.table, e.card),
        turn=(e.seat + 1) % SEATS,
    )


def _marriage_announced(state: MatchState, e: MarriageAnnounced) -> MatchState:
    deal = _deal(state)
    marriage = Marriage(e.seat, e.suit, e.points, len(deal.tricks))
    return _with(state, marriages=(*deal.marriages, marriage))


def _trick_taken(state: MatchState, e: TrickTaken) -> MatchState:
    deal = _deal(state)
    trick = Trick(deal.leader, deal.table, e.seat)
    return _with(state, tricks=(*deal.tricks, trick), table=(), leader=e.seat, turn=e.seat)


def _partner_revealed(state: MatchState, e: PartnerRevealed) -> MatchState:
    return _with(state, partner_public=True, partner_how=e.how)


def _enough_declared(state: MatchState, e: EnoughDeclared) -> MatchState:
    return _with(state, enough_by=e.seat)


def _cards_shown(state: MatchState, e: CardsShown) -> MatchState:
    return _with(state, phase=CLAIM, shown_by=e.seat, shown=e.cards, deadline=e.deadline)


def _hand_settled(state: MatchState, e: HandSettled) -> MatchState:
    settlement = Settlement(e.winners, e.changes, e.chips, e.pot)
    return _with(state, settlement=settlement, deadline=None)


EVOLVERS: dict[type, Evolver] = {
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
