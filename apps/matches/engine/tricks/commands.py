"""The command trick-taking games share: saying "enough" (each variant says when it may)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class DeclareEnough:
    """Say "enough" (elég): the deal ends at once, won by the declarer with 66 or more and a
    trick, else lost. Allowed on one's own turn (leading or following, so right after winning
    a trick too), right after leading a marriage card (the marriage counts), and to the winner
    of the last trick. ``stand_in``: sent by the service for a seat the computer plays for."""

    type: ClassVar[str] = "declare_enough"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Elég!", "en": "Enough!"}
    seat: int
    stand_in: bool = False
