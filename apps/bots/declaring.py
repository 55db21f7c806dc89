"""Saying "enough" in sixty-six: what every level of Kati does, from its own view alone.

A right declaration (66 or more with a trick) wins at once, scored by the loser's points and
tricks, which only grow, or by the state at a close, which is fixed: waiting can never win
more. So every level declares as soon as it is right: on its turn, and right after leading a
marriage card that takes it to 66 (the service asks for that, ``declaration_due``); and never
wrongly. After the last trick its winner declares if it is right, and lets the count decide
otherwise (the count can only lose 1 or 2 there, a wrong declaration always loses 2).

Its own points and tricks are in the seat's view, so whether a declaration is right never
depends on a hidden card.

In ``partnership`` "enough" is the caller's side's word, said between tricks by either of its
seats, whoever leads next: Kati says it as soon as her side has 66 (``side_right``; her side's
points are in her view), so the service asks her out of turn too (``declaration_due``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

WIN = 66
WORDS = ("declare_enough", "let_count")

Action = dict[str, Any]
View = dict[str, Any]


def is_right(view: View) -> bool:
    """Whether the seat's declaration would be right now: 66 or more, and a trick."""
    deal = view["deal"]
    tricks: int = deal["trick_counts"][view["seat"]]
    points: int = deal["points"]
    return tricks > 0 and points >= WIN


def side_right(view: View) -> bool:
    """``partnership``: whether the seat's side has 66 (enough is said only after a trick)."""
    return bool(view["deal"]["side_points"] >= WIN)


# how each variant with an "enough" tells whether it is right, from the seat's view
RIGHT: dict[str, Callable[[View], bool]] = {"sixty-six": is_right, "partnership": side_right}


def _legal(view: View, kind: str) -> Action | None:
    return next((a for a in view["legal_actions"] if a["type"] == kind), None)


def word(view: View) -> Action | None:
    """ "enough" if it is legal and right; after the last trick, the count if not right;
    otherwise nothing to say (``None``)."""
    declare = _legal(view, "declare_enough")
    if declare is not None and is_right(view):
        return declare
    return _legal(view, "let_count")


def declaration_due(view: View, variant: str) -> bool:
    """Whether the seat should declare now in ``variant``, also when it is not its turn
    (sixty-six: right after it led a marriage card; partnership: after a trick its side won
    to 66, whoever leads next): the service then asks its player even though the deal waits
    for another seat."""
    right = RIGHT.get(variant)
    if right is None or view.get("deal") is None or _legal(view, "declare_enough") is None:
        return False
    return right(view)


def without_words(view: View) -> View:
    """The view with the declaration and the count taken out of its legal actions: what the
    card players choose among once ``word`` has nothing to say."""
    return view | {"legal_actions": [a for a in view["legal_actions"] if a["type"] not in WORDS]}
