"""The fold of a two-seat deal: its layout from the deck order, and an evolver per event of its
play. Each evolver returns the deal's successor (``copy_with``); the variant's fold puts it in
the match state (``Rules.fold``). They are generic over the deal type, so that sixty-six's
deal, klub's with more, folds through them as itself."""

from __future__ import annotations

from typing import Any

from ...cards import Card
from ...events import DealStarted
from ...rules import DealEvolver
from ...state import copy_with, replace_at
from ...tricks.events import CardPlayed, MarriageAnnounced, TrickTaken
from ...tricks.state import Trick
from .events import CardDrawn, DealSurrendered, TalonClosed, TrumpExchanged
from .state import KlubDeal

Hands = tuple[tuple[Card, ...], ...]
Layout = tuple[Hands, Card, tuple[Card, ...]]


def layout(deck: tuple[Card, ...], dealer: int, seats: int, hand_size: int) -> Layout:
    """Split a deck order into (hands by seat, trump card, face-down talon in draw order).

    Hands are dealt in blocks starting with the seat after the dealer (forehand); the next
    card is the trump card; the rest is the talon, drawn from its start.
    """
    hands: list[tuple[Card, ...]] = [()] * seats
    for i in range(seats):
        hands[(dealer + 1 + i) % seats] = deck[i * hand_size : (i + 1) * hand_size]
    dealt = seats * hand_size
    return tuple(hands), deck[dealt], deck[dealt + 1 :]


def new_deal[D: KlubDeal](
    e: DealStarted,
    hands: tuple[tuple[Card, ...], ...],
    trump_card: Card,
    talon: tuple[Card, ...],
    cls: type[D] = KlubDeal,  # type: ignore[assignment]
    **extra: Any,
) -> D:
    """The deal as dealt; ``cls`` and ``extra``: a variant's own deal state and its fields."""
    seats = len(hands)
    forehand = (e.dealer + 1) % seats
    return cls(
        number=e.number,
        dealer=e.dealer,
        deck=e.deck,
        salt=e.salt,
        commitment=e.commitment,
        trump=trump_card.suit,
        trump_card=trump_card,
        talon=talon,
        hands=hands,
        leader=forehand,
        turn=forehand,
        table=(),
        tricks=(),
        won=((),) * seats,
        card_points=(0,) * seats,
        marriages=((),) * seats,
        marriage_points=(0,) * seats,
        **extra,
    )


def _trump_exchanged[D: KlubDeal](deal: D, e: TrumpExchanged) -> D:
    hand = tuple(c for c in deal.hands[e.seat] if c is not e.card) + (e.taken,)
    return copy_with(deal, hands=replace_at(deal.hands, e.seat, hand), trump_card=e.card)


def _talon_closed[D: KlubDeal](deal: D, e: TalonClosed) -> D:
    snapshot = tuple((deal.points(s), deal.trick_count(s)) for s in range(deal.seats))
    return copy_with(deal, closed_by=e.seat, closed_at=snapshot)


def _marriage_announced[D: KlubDeal](deal: D, e: MarriageAnnounced) -> D:
    return copy_with(
        deal,
        marriages=replace_at(deal.marriages, e.seat, deal.marriages[e.seat] + (e.suit,)),
        marriage_points=replace_at(
            deal.marriage_points, e.seat, deal.marriage_points[e.seat] + e.points
        ),
    )


def _card_played[D: KlubDeal](deal: D, e: CardPlayed) -> D:
    hand = deal.hands[e.seat]
    i = hand.index(e.card)
    return copy_with(
        deal,
        hands=replace_at(deal.hands, e.seat, hand[:i] + hand[i + 1 :]),
        table=deal.table + (e.card,),
        turn=(e.seat + 1) % len(deal.hands),
    )


def _trick_taken[D: KlubDeal](deal: D, e: TrickTaken) -> D:
    w = e.seat
    return copy_with(
        deal,
        tricks=deal.tricks + (Trick(deal.leader, deal.table, w),),
        won=replace_at(deal.won, w, deal.won[w] + deal.table),
        card_points=replace_at(deal.card_points, w, deal.card_points[w] + e.points),
        table=(),
        leader=w,
        turn=w,
    )


def _card_drawn[D: KlubDeal](deal: D, e: CardDrawn) -> D:
    hands = replace_at(deal.hands, e.seat, deal.hands[e.seat] + (e.card,))
    if e.face_up:
        return copy_with(deal, hands=hands, trump_card_taken=True)
    return copy_with(deal, hands=hands, talon=deal.talon[1:])


def _deal_surrendered[D: KlubDeal](deal: D, e: DealSurrendered) -> D:
    return copy_with(deal, surrendered_by=e.seat)


EVOLVERS: dict[type, DealEvolver] = {
    TrumpExchanged: _trump_exchanged,
    TalonClosed: _talon_closed,
    MarriageAnnounced: _marriage_announced,
    CardPlayed: _card_played,
    TrickTaken: _trick_taken,
    CardDrawn: _card_drawn,
    DealSurrendered: _deal_surrendered,
}
