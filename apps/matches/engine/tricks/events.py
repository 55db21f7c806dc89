"""The events every trick-taking game records, under the wire names they were first stored
with: a card played, a trick taken, a marriage announced, "enough" said."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import Card
from ..codec import Upcaster


@dataclass(frozen=True, slots=True)
class MarriageAnnounced:
    type: ClassVar[str] = "marriage_announced"
    schema_version: ClassVar[int] = 1
    seat: int
    suit: str
    points: int


def _card_played_v1(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added ``stand_in``; every earlier card was played by its own player."""
    return {**payload, "schema_version": 2, "stand_in": False}


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``stand_in``: the computer played it for a seat whose pause ran out (version 2; version 1
    events, from before stand-ins existed, are upcast with ``stand_in`` false)."""

    type: ClassVar[str] = "card_played"
    schema_version: ClassVar[int] = 2
    upcasters: ClassVar[Mapping[int, Upcaster]] = {1: _card_played_v1}
    seat: int
    card: Card
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class TrickTaken:
    type: ClassVar[str] = "trick_taken"
    schema_version: ClassVar[int] = 1
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class EnoughDeclared:
    """``seat`` said "enough"; the ``deal_ended`` that follows says whether it was right."""

    type: ClassVar[str] = "enough_declared"
    schema_version: ClassVar[int] = 1
    seat: int
    stand_in: bool = False
