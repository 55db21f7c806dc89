"""The events of a deal's play in the two-seat games (``sixty-six`` records them too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...cards import Card
from ...tricks.events import CardPlayed, MarriageAnnounced, TrickTaken


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
