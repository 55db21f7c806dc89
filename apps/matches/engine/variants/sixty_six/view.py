"""What one seat sees of a ``sixty-six`` deal: klub's deal view, plus the bonus the deal
carries and the seat's card points; once over, the declaration and how the bonus went."""

from __future__ import annotations

from typing import Any

from ...cards import Card
from ...codec import JSON
from ...tricks.commands import DeclareEnough
from ..klub import view as klub
from ..klub.evolve import Layout
from .commands import LetCount
from .events import DRAW
from .scoring import is_right, standing
from .state import SixtySixDeal


def deal_view(deal: SixtySixDeal, seat: int | None, dealt: Layout | None) -> JSON:
    """Klub's view of the deal with ``bonus`` and, for a seat, its ``card_points`` (what the
    count compares); the reveal adds every seat's card points, the declaration, the bonus
    the winner took and the bonus the next deal carries."""
    view = klub.deal_view(deal, seat, dealt)
    view["bonus"] = deal.bonus
    if seat is not None:
        view["card_points"] = deal.card_points[seat]
    if dealt is not None:
        result = deal.result
        assert result is not None
        declared = None
        if deal.declared_by is not None:
            by = deal.declared_by
            declared = {
                "seat": by,
                "points": deal.points(by),
                "tricks": deal.trick_count(by),
                "right": is_right(standing(deal), by),
            }
        view["revealed"] |= {
            "card_points": list(deal.card_points),
            "declared": declared,
            "bonus_won": deal.bonus if result.winner is not None else 0,
            "bonus_carried": deal.bonus + 1 if result.reason == DRAW else 0,
        }
    return view


def display_order(command: Any) -> tuple[int, Card | None]:
    """The declaration and the count first, then klub's order."""
    if isinstance(command, DeclareEnough | LetCount):
        return (-1, None)
    return klub.display_order(command)
