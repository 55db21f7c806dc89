"""What the bidding says about the hands Kati cannot see in ``partnership``, for the layouts
she samples (docs/bots.md, "Partnership").

A seat that passed on its opening turn (no bid standing) is probably weak, the caller probably
strong in its trump. ``inferred_hands`` draws a layout consistent with the seat's view
(``Seen.deal``) in proportion to how likely the bidding was with it: the chance that ``strong``
passes an opening turn with a hand of that best strength (``thumb.best_suit``), for each seat
that did, and that it calls with that strength in its trump, for the caller. The shares were
measured on ``strong``'s own bidding over 300 random decks (``research/calibrate4.py``).
Whole hands count: the cards a seat holds in the layout and those it has played.
"""

from __future__ import annotations

import random

from . import thumb
from .seen import Seen

# below each bound of the best strength, the share of opening turns that passed (above: 0.05)
PASSED_BELOW = ((36, 1.0), (42, 0.78), (48, 0.58), (54, 0.46), (60, 0.22))
PASSED_ABOVE = 0.05
# below each bound of the caller's strength in its trump, how much rarer a call is
CALLER_BELOW = ((38, 0.1), (45, 0.6))
TRIES = 12


def _share(table: tuple[tuple[int, float], ...], strength: int, rest: float) -> float:
    return next((share for bound, share in table if strength < bound), rest)


def likelihood(seen: Seen, hands: list[int]) -> float:
    """How likely the bidding was with these hands (up to a constant): each other seat that
    passed on an opening turn with its whole hand's best strength, the caller (another seat)
    calling with its own strength in trump."""
    like = 1.0
    for s in seen.passed:
        if s != seen.seat:
            best = thumb.best_suit(hands[s] | seen.by[s])[1]
            like *= _share(PASSED_BELOW, best, PASSED_ABOVE)
    caller = seen.caller
    if caller is not None and caller != seen.seat and seen.trump is not None:
        own = thumb.strength(hands[caller] | seen.by[caller], seen.trump)
        like *= _share(CALLER_BELOW, own, 1.0)
    return like


def inferred_hands(seen: Seen, rng: random.Random, tries: int = TRIES) -> list[int]:
    """A layout drawn in proportion to ``likelihood`` (rejection: the first accepted of
    ``tries`` deals, else the last drawn)."""
    hands = seen.deal(rng)
    for _ in range(tries - 1):
        if rng.random() < likelihood(seen, hands):
            return hands
        hands = seen.deal(rng)
    return hands
