"""The commands of ``sixty-six`` besides klub's four (exchange, close, play, surrender), which
it plays too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..klub.commands import COMMANDS as TWO_SEAT_COMMANDS


@dataclass(frozen=True, slots=True)
class DeclareEnough:
    """Say "enough" (elég): the deal ends at once, won by the declarer with 66 or more and a
    trick, else lost. Allowed on one's own turn (leading or following, so right after winning
    a trick too), right after leading a marriage card (the marriage counts), and to the winner
    of the last trick. ``stand_in``: sent by the service for a seat the computer plays for."""

    type: ClassVar[str] = "declare_enough"
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class LetCount:
    """The last trick's winner does not declare: the card points decide the deal (after a
    close: the close failed). ``stand_in`` as for ``DeclareEnough``."""

    type: ClassVar[str] = "let_count"
    seat: int
    stand_in: bool = False


COMMANDS: tuple[type, ...] = (*TWO_SEAT_COMMANDS, DeclareEnough, LetCount)
