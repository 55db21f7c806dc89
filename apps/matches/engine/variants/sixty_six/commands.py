"""The commands of ``sixty-six`` besides klub's four (exchange, close, play, surrender), which
it plays too."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ...tricks.commands import DeclareEnough
from ..klub.commands import COMMANDS as TWO_SEAT_COMMANDS


@dataclass(frozen=True, slots=True)
class LetCount:
    """The last trick's winner does not declare: the card points decide the deal (after a
    close: the close failed). ``stand_in`` as for ``DeclareEnough``."""

    type: ClassVar[str] = "let_count"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Számoljunk", "en": "Let the count decide"}
    seat: int
    stand_in: bool = False


COMMANDS: tuple[type, ...] = (*TWO_SEAT_COMMANDS, DeclareEnough, LetCount)
