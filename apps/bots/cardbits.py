"""Cards as small ints and sets of cards as bitmasks, for the search code.

Card ``i`` is suit ``i // 5`` (P, T, Z, M) and rank ``i % 5`` (U, O, K, X, A, low to high),
so within a suit a higher bit is a higher card. A hand is an ``int`` with bit ``i`` set.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "PTZM"
RANKS = "UOKXA"
POINTS = tuple((2, 3, 4, 10, 11)[i % 5] for i in range(20))
CODES = tuple(s + r for s in SUITS for r in RANKS)
INDEX = {code: i for i, code in enumerate(CODES)}
ALL = (1 << 20) - 1
SUIT_MASK = tuple(0x1F << (5 * s) for s in range(4))
# cards of the same suit ranked above card i
ABOVE = tuple(SUIT_MASK[i // 5] & ~((1 << (i + 1)) - 1) for i in range(20))
JACK, QUEEN, KING, TEN, ACE = range(5)
EXCHANGE = 20  # action: exchange the trump jack
CLOSE = 21  # action: close the talon


def beaters(led: int, trump: int) -> int:
    """The cards that take a trick led by ``led``: higher cards of its suit, and every trump
    when a side card was led."""
    return ABOVE[led] | (SUIT_MASK[trump] if led // 5 != trump else 0)


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


def codes_of(m: int) -> list[str]:
    return [CODES[i] for i in members(m)]


def points_of(m: int) -> int:
    return sum(POINTS[i] for i in members(m))


def lowest(m: int) -> int:
    return (m & -m).bit_length() - 1


def highest(m: int) -> int:
    return m.bit_length() - 1


def partner(i: int) -> int:
    """The marriage partner of a queen or king (K for O, O for K), else -1."""
    r = i % 5
    if r == QUEEN:
        return i + 1
    if r == KING:
        return i - 1
    return -1
