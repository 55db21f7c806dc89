"""Cards of the Hungarian (Tell) pattern, as codes like ``PA`` (piros ász).

Cards are interned: there is exactly one ``Card`` object per code, so identity
and equality agree and comparisons stay cheap on the hot path of the engine.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import echo

SUITS: tuple[str, ...] = ("P", "T", "Z", "M")
SUIT_NAMES = {"P": "piros", "T": "tök", "Z": "zöld", "M": "makk"}

# rank code -> (card points, order from low to high)
RANKS: dict[str, tuple[int, int]] = {
    "9": (0, 1),
    "U": (2, 2),
    "O": (3, 3),
    "K": (4, 4),
    "X": (10, 5),
    "A": (11, 6),
}
MARRIAGE_RANKS = ("K", "O")


class Card:
    """One playing card. Obtain it with :func:`card`; never construct it twice."""

    __slots__ = ("code", "order", "points", "rank", "suit")

    code: str
    suit: str
    rank: str
    points: int
    order: int

    def __init__(self, code: str) -> None:
        self.code = code
        self.suit = code[0]
        self.rank = code[1]
        self.points, self.order = RANKS[self.rank]

    def __repr__(self) -> str:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card, (self.code,))

    def __lt__(self, other: Card) -> bool:  # a stable display order: suit, then rank
        return (SUITS.index(self.suit), self.order) < (SUITS.index(other.suit), other.order)


_CARDS: dict[str, Card] = {s + r: Card(s + r) for s in SUITS for r in RANKS}


class UnknownCard(ValueError):
    """A string that is not a card code."""


def card(code: str) -> Card:
    """The card with this code (``"PA"``); raises :class:`UnknownCard`."""
    try:
        return _CARDS[code]
    except (KeyError, TypeError):
        raise UnknownCard(f"not a card: {echo(code)}") from None


def cards(codes: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from codes: ``cards("PA PX ZU")`` or ``cards(["PA", "PX"])``."""
    if isinstance(codes, str):
        codes = codes.split()
    return tuple(card(c) for c in codes)


def codes(cs: Iterable[Card]) -> list[str]:
    return [c.code for c in cs]


def make_deck(ranks: str) -> tuple[Card, ...]:
    """The deck of every suit in the given ranks, in a canonical (unshuffled) order."""
    return tuple(_CARDS[s + r] for s in SUITS for r in ranks)


DECK_20 = make_deck("UOKXA")
DECK_24 = make_deck("9UOKXA")


def card_points(cs: Iterable[Card]) -> int:
    return sum(c.points for c in cs)


def marriage_partner(c: Card) -> Card | None:
    """The other half of a marriage (K for O, O for K), or None."""
    if c.rank == "K":
        return _CARDS[c.suit + "O"]
    if c.rank == "O":
        return _CARDS[c.suit + "K"]
    return None


def beats(challenger: Card, best: Card, trump: str) -> bool:
    """Whether ``challenger`` takes a trick currently held by ``best``."""
    if challenger.suit == best.suit:
        return challenger.order > best.order
    return challenger.suit == trump


def code_schema(deck: Iterable[Card] | None = None) -> dict[str, str]:
    """The JSON Schema of a card's code on the wire, naming the suits and ranks of ``deck``
    (default: every card there is)."""
    found = tuple(deck) if deck is not None else tuple(_CARDS.values())
    suits = [s for s in SUITS if any(c.suit == s for c in found)]
    ranks = [r for r in RANKS if any(c.rank == r for c in found)]
    return {
        "type": "string",
        "description": f"card code: suit ({', '.join(suits)}) + rank ({', '.join(ranks)}), "
        f"e.g. {suits[0]}{ranks[-1]}",
    }


def sorted_codes(cs: Iterable[Card]) -> list[str]:
    """The codes of ``cs`` in display order (suit, then rank): how a hand is shown."""
    return codes(sorted(cs))
