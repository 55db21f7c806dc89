"""Cards as small ints and sets of cards as bitmasks, for the search code.

Card ``i`` is suit ``i // 6`` (P, T, Z, M) and rank ``i % 6`` (9, U, O, K, X, A, low to high),
so within a suit a higher bit is a higher card. A hand is an ``int`` with bit ``i`` set. One
index serves both two-seat variants: klub's deck is the 20 cards without the nines
(``DECK_20``), sixty-six's all 24 (``DECK_24``); a klub hand simply never holds a nine.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "PTZM"
RANKS = "9UOKXA"
NCARDS = 24
POINTS = tuple((0, 2, 3, 4, 10, 11)[i % 6] for i in range(NCARDS))
CODES = tuple(s + r for s in SUITS for r in RANKS)
INDEX = {code: i for i, code in enumerate(CODES)}
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
NINES = sum(1 << (6 * s + NINE) for s in range(4))
DECK_24 = (1 << NCARDS) - 1
DECK_20 = DECK_24 & ~NINES
ALL = DECK_20  # klub's deck (the name the klub code has always used)
SUIT_MASK = tuple(0x3F << (6 * s) for s in range(4))
# cards of the same suit ranked above card i
ABOVE = tuple(SUIT_MASK[i // 6] & ~((1 << (i + 1)) - 1) for i in range(NCARDS))
EXCHANGE = 24  # action: exchange the trump card (klub: with the jack; sixty-six: the nine)
CLOSE = 25  # action: close the talon
# (26 is SURRENDER, in heuristics.py: not a move of the models)
DECLARE = 27  # action, sixty-six: say "enough" (elég)
COUNT = 28  # action, sixty-six: the last trick's winner lets the card points decide


def beaters(led: int, trump: int) -> int:
    """The cards that take a trick led by ``led``: higher cards of its suit, and every trump
    when a side card was led."""
    return ABOVE[led] | (SUIT_MASK[trump] if led // 6 != trump else 0)


def bit(i: int) -> int:
    return 1 << i


def mask(codes: Iterable[str]) -> int:
    m = 0
    for c in codes:
        m |= 1 << INDEX[c]
    return m


def members(m: int) -> list[int]:
    """The card indices in ``m``, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def points_of(m: int) -> int:
    return sum(POINTS[i] for i in members(m))


def lowest(m: int) -> int:
    return (m & -m).bit_length() - 1


def highest(m: int) -> int:
    return m.bit_length() - 1


def partner(i: int) -> int:
    """The marriage partner of a queen or king (K for O, O for K), else -1."""
    r = i % 6
    if r == QUEEN:
        return i + 1
    if r == KING:
        return i - 1
    return -1
