"""Tiny builders for the example-based ``klub`` tests: fixed decks, started deals, commands.

A deck order ``d[0..19]`` deals forehand ``d[0:5]``, dealer ``d[5:10]``, trump card ``d[10]``,
talon ``d[11..19]`` (drawn in that order), then the trump card. ``start`` uses first dealer 1 by
default, so that seat 0 (``FH``) is the forehand who leads first and seat 1 (``DL``) deals.
"""

from __future__ import annotations

from apps.matches.engine import (
    DECK_20,
    INITIAL,
    Card,
    Command,
    DealCards,
    Event,
    MatchState,
    PlayCard,
    RuleViolation,
    StartMatch,
    card,
    cards,
    decide,
    replay,
)
from apps.matches.engine.events import DealEnded, MatchEnded

FH = 0  # the forehand of the first deal with start()'s default first dealer
DL = 1  # the dealer of that deal
SALT = "0123456789abcdef0123456789abcdef"


def deck(forehand: str, dealer: str, trump: str, talon: str = "") -> tuple[Card, ...]:
    """A full 20-card deck order: the two hands, the trump card, the start of the talon in draw
    order, and every card not named yet appended in the canonical ``DECK_20`` order."""
    fh, dl, head_talon = cards(forehand), cards(dealer), cards(talon)
    assert len(fh) == 5 and len(dl) == 5, "each hand needs exactly 5 cards"
    head = fh + dl + (card(trump),) + head_talon
    assert len(set(head)) == len(head), "a card is named twice"
    return head + tuple(c for c in DECK_20 if c not in head)


def new_match(first_dealer: int = DL) -> MatchState:
    return replay(decide(INITIAL, StartMatch("klub", first_dealer)))


def deal(state: MatchState, d: tuple[Card, ...], salt: str = SALT) -> MatchState:
    """The next deal of ``state``, started from the deck order ``d``."""
    return replay(decide(state, DealCards(d, salt)), state)


def start(d: tuple[Card, ...], first_dealer: int = DL, salt: str = SALT) -> MatchState:
    """A new klub match with its first deal started from ``d``."""
    return deal(new_match(first_dealer), d, salt)


def apply(state: MatchState, *commands: Command) -> tuple[MatchState, list[Event]]:
    """Decide and evolve each command in turn; the final state and every event produced."""
    events: list[Event] = []
    for command in commands:
        new = decide(state, command)
        state = replay(new, state)
        events.extend(new)
    return state, events


def p(seat: int, code: str) -> PlayCard:
    """``PlayCard`` shorthand: ``p(0, "PA")``."""
    return PlayCard(seat, card(code))


def refused(state: MatchState, command: Command) -> str:
    """The ``RuleViolation`` code ``command`` is refused with (fails if it is accepted)."""
    try:
        decide(state, command)
    except RuleViolation as error:
        return error.code
    raise AssertionError(f"{command} was accepted")


def deal_end(events: list[Event]) -> DealEnded:
    """The single ``DealEnded`` among ``events``."""
    found = [e for e in events if isinstance(e, DealEnded)]
    assert len(found) == 1, f"expected one DealEnded, got {found}"
    return found[0]


def match_end(events: list[Event]) -> MatchEnded:
    """The single ``MatchEnded`` among ``events``."""
    found = [e for e in events if isinstance(e, MatchEnded)]
    assert len(found) == 1, f"expected one MatchEnded, got {found}"
    return found[0]


def hand(state: MatchState, seat: int) -> set[str]:
    """The codes of ``seat``'s current hand, as a set (hand order is not a rule)."""
    assert state.deal is not None
    return {c.code for c in state.deal.hands[seat]}


# A whole deal played out with the talon open (the last-trick rule).
#
# Trump M (trump card MU). Seat 0 = forehand, seat 1 = dealer. Nobody announces a marriage:
# seat 0 leads only ZU and, later, A/X cards; seat 1 leads MA, ZX, MK (MO is with seat 0) and ZK
# (ZO is already played).
#   T1  0:ZU 1:MX  -> 1 wins 12 (1: 12)   draws 1:PU 0:PA   (free play: 1 trumps, holding Z)
#   T2  1:MA 0:ZO  -> 1 wins 14 (1: 26)   draws 1:PO 0:PX
#   T3  1:ZX 0:PK  -> 1 wins 14 (1: 40)   draws 1:TU 0:TA
#   T4  1:MK 0:TK  -> 1 wins  8 (1: 48)   draws 1:TO 0:TX
#   T5  1:ZK 0:MO  -> 0 wins  7 (0:  7)   draws 0:ZA (last face-down), 1 takes the trump MU
# The talon is exhausted: seat 0 holds PA PX TA TX ZA, seat 1 PU PO TU TO MU. Strict play:
#   T6  0:PA 1:PO  -> 0 +14 (21)    T7  0:PX 1:PU -> 0 +12 (33)
#   T8  0:TA 1:TO  -> 0 +14 (47)    T9  0:TX 1:TU -> 0 +12 (59)
#   T10 0:ZA 1:MU  -> seat 1, void in Z, must trump: 1 +13 (61)
# 59 + 61 = 120, nobody reached 66, the talon was never closed: 1 game point to seat 1.
PLAYED_OUT = deck(
    forehand="ZU ZO PK TK MO",
    dealer="ZK ZX MX MK MA",
    trump="MU",
    talon="PU PA PO PX TU TA TO TX ZA",
)
FIRST_FIVE = (
    p(0, "ZU"),
    p(1, "MX"),
    p(1, "MA"),
    p(0, "ZO"),
    p(1, "ZX"),
    p(0, "PK"),
    p(1, "MK"),
    p(0, "TK"),
    p(1, "ZK"),
    p(0, "MO"),
)
LAST_FIVE = (
    p(0, "PA"),
    p(1, "PO"),
    p(0, "PX"),
    p(1, "PU"),
    p(0, "TA"),
    p(1, "TO"),
    p(0, "TX"),
    p(1, "TU"),
    p(0, "ZA"),
    p(1, "MU"),
)
