"""The commands played inside a deal of the two-seat games: exchanging the trump card, closing
the talon, playing a card and surrendering the deal. ``sixty-six`` plays them too."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from ...cards import Card


@dataclass(frozen=True, slots=True)
class ExchangeTrump:
    type: ClassVar[str] = "exchange_trump"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Aducsere", "en": "Exchange the trump"}
    seat: int


@dataclass(frozen=True, slots=True)
class CloseTalon:
    type: ClassVar[str] = "close_talon"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Betakarás", "en": "Close the talon"}
    seat: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``stand_in``: sent by the service when the computer plays for a seat whose pause ran out
    (a player's own card never carries it)."""

    type: ClassVar[str] = "play_card"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Lap kijátszása", "en": "Play a card"}
    seat: int
    card: Card
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class Surrender:
    """Give up the current deal (bedobás). Refused unless ``confirm`` is true."""

    type: ClassVar[str] = "surrender"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Parti feladása", "en": "Give up the deal"}
    seat: int
    confirm: bool = field(default=False, metadata={"description": "must be true"})


COMMANDS: tuple[type, ...] = (ExchangeTrump, CloseTalon, PlayCard, Surrender)
