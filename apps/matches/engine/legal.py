"""What a seat may do now: the single source of truth that ``decide`` enforces and
``legal_actions`` lists."""

from __future__ import annotations

from .cards import Card, beats
from .commands import (
    CloseTalon,
    Command,
    ExchangeTrump,
    Leave,
    PlayCard,
    Resign,
    Surrender,
)
from .errors import RuleViolation
from .state import DealState, MatchState


def winning_card(deal: DealState) -> Card:
    """The card that currently holds the trick on the table (the table must not be empty)."""
    best = deal.table[0]
    for c in deal.table[1:]:
        if beats(c, best, deal.trump):
            best = c
    return best


def playable(deal: DealState, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may play now, assuming it is its turn.

    Free play while the talon is open and not empty, and always for the leader. Otherwise:
    follow the suit led and beat the trick if you can; void in it, trump (over-trumping a trump
    already in the trick if you can); with neither, anything.
    """
    hand = deal.hands[seat]
    if not deal.table or not deal.strict:
        return hand
    led = deal.table[0].suit
    best = winning_card(deal)
    same = tuple(c for c in hand if c.suit == led)
    if same:
        if best.suit != led:  # trumped already: following is all one can do
            return same
        return tuple(c for c in same if c.order > best.order) or same
    trumps = tuple(c for c in hand if c.suit == deal.trump)
    if trumps:
        if best.suit != deal.trump:
            return trumps
        return tuple(c for c in trumps if c.order > best.order) or trumps
    return hand


def check_play(deal: DealState, seat: int, card: Card) -> None:
    """Raise the precise ``RuleViolation`` if ``seat`` may not play ``card``."""
    hand = deal.hands[seat]
    if card not in hand:
        raise RuleViolation("card_not_in_hand", "that card is not in your hand")
    if card in playable(deal, seat):
        return
    led = deal.table[0].suit
    if card.suit != led and any(c.suit == led for c in hand):
        raise RuleViolation("must_follow_suit", "you must follow the suit led")
    if card.suit in (led, deal.trump):
        raise RuleViolation("must_beat", "you must beat the trick if you can")
    raise RuleViolation("must_trump", "you have none of the suit led, so you must trump")


def exchange_error(deal: DealState, seat: int, exchange_rank: str) -> RuleViolation | None:
    """Why ``seat`` may not exchange the trump card now, or None if it may."""
    lead_error = _lead_error(deal, seat)
    if lead_error is not None:
        return lead_error
    jack_held = any(c.suit == deal.trump and c.rank == exchange_rank for c in deal.hands[seat])
    if not jack_held:
        return RuleViolation("exchange_not_allowed", "you do not hold the card that exchanges")
    return None


def close_error(deal: DealState, seat: int) -> RuleViolation | None:
    """Why ``seat`` may not close the talon now, or None if it may."""
    return _lead_error(deal, seat)


def _lead_error(deal: DealState, seat: int) -> RuleViolation | None:
    if deal.turn != seat:
        return RuleViolation("not_your_turn", "it is not your turn")
    if deal.table:
        return RuleViolation("not_leading", "only the leader may do this, before playing")
    if deal.closed_by is not None:
        return RuleViolation("talon_closed", "the talon is closed")
    if not deal.talon:
        return RuleViolation("talon_exhausted", "no face-down card is left in the talon")
    return None


def no_card_played(deal: DealState) -> bool:
    return not deal.tricks and not deal.table


def legal_actions(state: MatchState, seat: int) -> list[Command]:
    """Every command ``seat`` may send now (surrender listed with its confirmation)."""
    if not state.started or state.finished or not 0 <= seat < state.seats:
        return []
    deal = state.deal
    if deal is None or deal.over:
        return [Leave(seat), Resign(seat)]
    actions: list[Command] = []
    if deal.turn == seat:
        if not deal.table:
            assert state.variant is not None
            if exchange_error(deal, seat, state.variant.exchange_rank) is None:
                actions.append(ExchangeTrump(seat))
            if close_error(deal, seat) is None:
                actions.append(CloseTalon(seat))
        actions.extend(PlayCard(seat, c) for c in playable(deal, seat))
    actions.append(Surrender(seat, confirm=True))
    if no_card_played(deal):
        actions.append(Leave(seat))
    actions.append(Resign(seat))
    return actions
