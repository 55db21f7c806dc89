"""Trick-taking rules that every variant reuses: which card holds a trick, and the strict rules
of following (follow the suit led and beat the trick if you can; void in it, trump, over-trumping
a trump already in the trick if you can; with neither, anything)."""

from __future__ import annotations

from ..cards import Card, beats
from ..errors import RuleViolation


def winning_card(table: tuple[Card, ...], trump: str) -> Card:
    """The card that holds the trick ``table`` (in play order; not empty)."""
    best = table[0]
    for c in table[1:]:
        if beats(c, best, trump):
            best = c
    return best


def trick_winner(leader: int, table: tuple[Card, ...], trump: str, seats: int) -> int:
    """The seat that wins the complete trick ``table`` led by ``leader``."""
    return (leader + table.index(winning_card(table, trump))) % seats


def strict_follows(hand: tuple[Card, ...], table: tuple[Card, ...], trump: str) -> tuple[Card, ...]:
    """The cards of ``hand`` that the strict rules allow onto the trick ``table`` (not empty)."""
    led = table[0].suit
    best = winning_card(table, trump)
    same = tuple(c for c in hand if c.suit == led)
    if same:
        if best.suit != led:  # trumped already: following is all one can do
            return same
        return tuple(c for c in same if c.order > best.order) or same
    trumps = tuple(c for c in hand if c.suit == trump)
    if trumps:
        if best.suit != trump:
            return trumps
        return tuple(c for c in trumps if c.order > best.order) or trumps
    return hand


def refusal(card: Card, hand: tuple[Card, ...], led: str, trump: str) -> RuleViolation:
    """The precise refusal of ``card`` under the strict rules: follow, beat, or trump."""
    if card.suit != led and any(c.suit == led for c in hand):
        return RuleViolation("must_follow_suit", "you must follow the suit led")
    if card.suit in (led, trump):
        return RuleViolation("must_beat", "you must beat the trick if you can")
    return RuleViolation("must_trump", "you have none of the suit led, so you must trump")
