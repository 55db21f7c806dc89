"""What a seat may do in a deal of the two-seat game: the single source of truth that the
handlers enforce and ``legal_actions`` lists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import Card
from ...commands import Command
from ...errors import RuleViolation
from ...tricks import refusal, strict_follows
from .commands import CloseTalon, ExchangeTrump, PlayCard, Surrender
from .state import KlubDeal

if TYPE_CHECKING:
    from .rules import TwoSeatRules


def playable(deal: KlubDeal, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` may play now, assuming it is its turn.

    Free play while the talon is open and not empty, and always for the leader; otherwise the
    strict rules (``tricks.strict_follows``).
    """
    hand = deal.hands[seat]
    if not deal.table or not deal.strict:
        return hand
    return strict_follows(hand, deal.table, deal.trump)


def check_play(deal: KlubDeal, seat: int, card: Card) -> None:
    """Raise the precise ``RuleViolation`` if ``seat`` may not play ``card``."""
    hand = deal.hands[seat]
    if card not in hand:
        raise RuleViolation("card_not_in_hand", "that card is not in your hand")
    if card in playable(deal, seat):
        return
    raise refusal(card, hand, deal.table[0].suit, deal.trump)


def exchange_error(deal: KlubDeal, seat: int, exchange_rank: str) -> RuleViolation | None:
    """Why ``seat`` may not exchange the trump card now, or None if it may."""
    lead_error = _lead_error(deal, seat)
    if lead_error is not None:
        return lead_error
    jack_held = any(c.suit == deal.trump and c.rank == exchange_rank for c in deal.hands[seat])
    if not jack_held:
        return RuleViolation("exchange_not_allowed", "you do not hold the card that exchanges")
    return None


def close_error(deal: KlubDeal, seat: int) -> RuleViolation | None:
    """Why ``seat`` may not close the talon now, or None if it may."""
    return _lead_error(deal, seat)


def _lead_error(deal: KlubDeal, seat: int) -> RuleViolation | None:
    if deal.turn != seat:
        return RuleViolation("not_your_turn", "it is not your turn")
    if deal.table:
        return RuleViolation("not_leading", "only the leader may do this, before playing")
    if deal.closed_by is not None:
        return RuleViolation("talon_closed", "the talon is closed")
    if not deal.talon:
        return RuleViolation("talon_exhausted", "no face-down card is left in the talon")
    return None


def no_card_played(deal: KlubDeal) -> bool:
    return not deal.tricks and not deal.table


def deal_actions[D: KlubDeal](deal: D, seat: int, rules: TwoSeatRules[D]) -> list[Command]:
    """Every deal command ``seat`` may send now (surrender listed with its confirmation);
    ``rules`` says when the trump card may be exchanged (``TwoSeatRules.exchange_error``)."""
    actions: list[Command] = []
    if deal.turn == seat:
        if not deal.table:
            if rules.exchange_error(deal, seat) is None:
                actions.append(ExchangeTrump(seat))
            if close_error(deal, seat) is None:
                actions.append(CloseTalon(seat))
        actions.extend(PlayCard(seat, c) for c in playable(deal, seat))
    actions.append(Surrender(seat, confirm=True))
    return actions
