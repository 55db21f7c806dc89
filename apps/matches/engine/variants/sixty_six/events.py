"""The events of ``sixty-six`` besides klub's, which it records too, and its deal-end reasons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import MATCH_ENDED
from ...tricks.events import EnoughDeclared
from ..klub.events import EVENTS as TWO_SEAT_EVENTS


@dataclass(frozen=True, slots=True)
class CountChosen:
    """Every card is played and ``seat``, the last trick's winner, did not declare: the card
    points decide (after a close: the close failed)."""

    type: ClassVar[str] = "count_chosen"
    schema_version: ClassVar[int] = 1
    seat: int
    stand_in: bool = False


EVENTS: tuple[type, ...] = (*TWO_SEAT_EVENTS, EnoughDeclared, CountChosen)

DECLARED = "declared"  # a right declaration, talon not closed
WRONG_DECLARATION = "wrong_declaration"
COUNT = "count"  # every card played, nobody declared: more card points
DRAW = "draw"  # the count at 60:60: no winner, a bonus game point for the next decided deal
CLOSE_SUCCEEDED = "close_succeeded"
CLOSE_FAILED = "close_failed"
SURRENDERED = "surrendered"

DEAL_END_REASONS = (
    DECLARED,
    WRONG_DECLARATION,
    COUNT,
    DRAW,
    CLOSE_SUCCEEDED,
    CLOSE_FAILED,
    SURRENDERED,
    MATCH_ENDED,
)
