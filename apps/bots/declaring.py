"""Saying "enough" in sixty-six: what every level of Kati does, from its own view alone.

A right declaration (66 or more with a trick) wins at once, scored by the loser's points and
tricks, which only grow, or by the state at a close, which is fixed: waiting can never win
more. So every level declares as soon as it is right: on its turn, and right after leading a
marriage card that takes it to 66 (the service asks for that, ``declaration_due``); and never
wrongly. After the last trick its winner declares if it is right, and lets the count decide
otherwise (the count can only lose 1 or 2 there, a wrong declaration always loses 2).

Its own points and tricks are in the seat's view, so whether a declaration is right never
depends on a hidden card.
"""

from __future__ import annotations

from typing import Any

WIN = 66
WORDS = ("declare_enough", "let_count")

Action = dict[str, Any]
View = dict[str, Any]


def is_right(view: View) -> bool:
    """Whether the seat's declaration would be right now: 66 or more, and a trick."""
    deal = view["deal"]
    return deal["trick_counts"][view["seat"]] > 0 and deal["points"] >= WIN


def _legal(view: View, kind: str) -> Action | None:
    return next((a for a in view["legal_actions"] if a["type"] == kind), None)


def word(view: View) -> Action | None:
    """ "enough" if it is legal and right; after the last trick, the count if not right;
    otherwise nothing to say (``None``)."""
    declare = _legal(view, "declare_enough")
    if declare is not None and is_right(view):
        return declare
    return _legal(view, "let_count")


def declaration_due(view: View) -> bool:
    """Whether the seat should declare now, also when it is not its turn (right after it led
    a marriage card): the service then asks its player even though the deal waits for the
    other seat."""
    if view.get("deal") is None or _legal(view, "declare_enough") is None:
        return False
    return is_right(view)


def without_words(view: View) -> View:
    """The view with the declaration and the count taken out of its legal actions: what the
    card players choose among once ``word`` has nothing to say."""
    return view | {"legal_actions": [a for a in view["legal_actions"] if a["type"] not in WORDS]}
