"""Builders for the ``sixty-six`` tests: 24-card decks, started deals, whole deals played out.

A deck order ``d[0..23]`` deals (rules §3) forehand ``d[0:6]``, dealer ``d[6:12]``, trump card
``d[12]``, talon ``d[13..23]`` (drawn in that order), then the trump card. ``start`` uses first
dealer 1, so that seat 0 (``FH``) is the forehand of the first deal and seat 1 (``DL``) deals.

These builders only lay cards out; what the rules make of them is stated by each test.
"""

from __future__ import annotations

from apps.matches.engine import (
    DECK_24,
    INITIAL,
    Card,
    Command,
    DealCards,
    MatchState,
    StartMatch,
    card,
    cards,
    decide,
    replay,
)
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount

from .builders import SALT, apply, p

VARIANT = "sixty-six"
FH = 0
DL = 1

__all__ = ["DL", "FH", "SALT", "apply", "deck24", "declare", "let_count", "p", "start"]


def deck24(forehand: str, dealer: str, trump: str, talon: str = "") -> tuple[Card, ...]:
    """A full 24-card deck order: the two hands, the trump card, the start of the talon in
    draw order, and every card not named yet appended in the canonical ``DECK_24`` order."""
    fh, dl, head_talon = cards(forehand), cards(dealer), cards(talon)
    assert len(fh) == 6 and len(dl) == 6, "each hand needs exactly 6 cards"
    head = fh + dl + (card(trump),) + head_talon
    assert len(set(head)) == len(head), "a card is named twice"
    return head + tuple(c for c in DECK_24 if c not in head)


def new_match(first_dealer: int = DL, target: int | None = None) -> MatchState:
    return replay(decide(INITIAL, StartMatch(VARIANT, first_dealer, target)))


def deal(state: MatchState, d: tuple[Card, ...]) -> MatchState:
    """The next deal of ``state``, started from the deck order ``d``."""
    return replay(decide(state, DealCards(d, SALT)), state)


def start(d: tuple[Card, ...], first_dealer: int = DL, target: int | None = None) -> MatchState:
    """A new sixty-six match with its first deal started from ``d``."""
    return deal(new_match(first_dealer, target), d)


def declare(seat: int) -> DeclareEnough:
    return DeclareEnough(seat)


def let_count(seat: int) -> LetCount:
    return LetCount(seat)


# Seat 0 leads six cards that seat 1 never beats (free play while the talon is open), so seat 0
# wins tricks 1-6 and draws first each time: after trick 6 seat 0 draws the last face-down card
# (d[23]) and seat 1, the loser, takes the trump card.
#   PA+P9 11  PX+PU 12  TA+T9 11  TX+TU 12  ZA+Z9 11  ZX+ZU 12: seat 0 has 69 after six tricks.
# Seat 0 draws PK TK ZK MK MO MA, seat 1 PO TO ZO M9 MX and the trump card MU.
SIX_TRICKS_DECK = deck24(
    forehand="PA PX TA TX ZA ZX",
    dealer="P9 PU T9 TU Z9 ZU",
    trump="MU",
    talon="PK PO TK TO ZK ZO MK M9 MO MX MA",
)


def tricks(leads: str, follows: str) -> tuple:
    """Seat 0 leads ``leads`` one by one, seat 1 follows with ``follows``."""
    pairs = zip(leads.split(), follows.split(), strict=True)
    return tuple(play for lead, follow in pairs for play in (p(0, lead), p(1, follow)))


SIX_TRICKS = tricks("PA PX TA TX ZA ZX", "P9 PU T9 TU Z9 ZU")


# --- whole deals, played out -------------------------------------------------------------------


def _beats(challenger: Card, led: Card, trump: str) -> bool:
    """The trick rule of rules §1, for two cards: a higher card of the suit led, or a trump."""
    if challenger.suit == led.suit:
        return challenger.order > led.order
    return challenger.suit == trump


class PlayedOut:
    """A deal of twelve tricks given as ``"lead follow, lead follow, …"`` (the forehand leads
    the first; each trick's winner leads the next), laid out as a deck: each side holds the
    cards of its first six tricks, and draws those of its last six in the order it plays them;
    the loser of the sixth trick takes the trump card (a card of ``trump`` it plays last).

    ``plays(forehand)``: the twelve tricks as ``PlayCard`` commands, the forehand being the
    seat ``forehand``. ``winner``: the side (0 forehand, 1 dealer) that wins the last trick.
    """

    def __init__(self, tricks: str, trump: str) -> None:
        pairs = [tuple(cards(t)) for t in tricks.split(",")]
        assert len(pairs) == 12 and all(len(t) == 2 for t in pairs)
        leader = 0
        played: dict[int, list[Card]] = {0: [], 1: []}
        self._sides: list[tuple[int, Card, Card]] = []
        winners = []
        for lead, follow in pairs:
            played[leader].append(lead)
            played[1 - leader].append(follow)
            self._sides.append((leader, lead, follow))
            leader = 1 - leader if _beats(follow, lead, trump) else leader
            winners.append(leader)
        self.winner = winners[-1]
        later = {side: played[side][6:] for side in (0, 1)}
        sixth_loser = 1 - winners[5]
        trump_card = next(c for c in reversed(later[sixth_loser]) if c.suit == trump)
        later[sixth_loser].remove(trump_card)
        talon: list[Card] = []
        for i in range(6):
            first = winners[i]
            talon.append(later[first][i])
            if i < 5:
                talon.append(later[1 - first][i])
        self.deck = tuple(played[0][:6]) + tuple(played[1][:6]) + (trump_card,) + tuple(talon)
        assert sorted(self.deck) == sorted(DECK_24)

    def plays(self, forehand: int = FH) -> list[Command]:
        seat = {0: forehand, 1: 1 - forehand}
        found: list[Command] = []
        for leader, lead, follow in self._sides:
            found += [p(seat[leader], lead.code), p(seat[1 - leader], follow.code)]
        return found
