"""The events of a deal's play in the two-seat games (``sixty-six`` records them too)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...cards import Card
from ...codec import Upcaster


@dataclass(frozen=True, slots=True)
class TrumpExchanged:
    """``seat`` put the trump jack (``card``) under the talon and took the face-up ``taken``."""

    type: ClassVar[str] = "trump_exchanged"
    schema_version: ClassVar[int] = 1
    seat: int
    card: Card
    taken: Card


@dataclass(frozen=True, slots=True)
class TalonClosed:
    type: ClassVar[str] = "talon_closed"
    schema_version: ClassVar[int] = 1
    seat: int


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
class CardDrawn:
    """``seat`` drew ``card``; ``face_up`` when it is the trump card everybody saw."""

    type: ClassVar[str] = "card_drawn"
    schema_version: ClassVar[int] = 1
    seat: int
    card: Card
    face_up: bool


@dataclass(frozen=True, slots=True)
class DealSurrendered:
    type: ClassVar[str] = "deal_surrendered"
    schema_version: ClassVar[int] = 1
    seat: int


EVENTS: tuple[type, ...] = (
    TrumpExchanged,
    TalonClosed,
    MarriageAnnounced,
    CardPlayed,
    TrickTaken,
    CardDrawn,
    DealSurrendered,
)

DEAL_END_REASONS = (
    "reached_66",
    "last_trick",
    "close_succeeded",
    "close_failed",
    "surrendered",
    "match_ended",
)
