"""Commands: what a seat (or the service, for ``seat``-less ones) asks the engine to do.

Commands are imperative and may be refused; events (``events.py``) are the facts that follow.
Each has a stable ``type`` for the wire (``codec.command_from_json``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import Card


@dataclass(frozen=True, slots=True)
class StartMatch:
    """Open a match. ``first_dealer`` is drawn at random by the caller (the engine has no dice)."""

    type: ClassVar[str] = "start_match"
    variant: str
    first_dealer: int
    target: int | None = None  # game points to win; None = the variant's default


@dataclass(frozen=True, slots=True)
class DealCards:
    """Start the next deal from a deck order shuffled by the caller, with a fresh salt."""

    type: ClassVar[str] = "deal_cards"
    deck: tuple[Card, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class ExchangeTrump:
    type: ClassVar[str] = "exchange_trump"
    seat: int


@dataclass(frozen=True, slots=True)
class CloseTalon:
    type: ClassVar[str] = "close_talon"
    seat: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    type: ClassVar[str] = "play_card"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Surrender:
    """Give up the current deal (bedobás). Refused unless ``confirm`` is true."""

    type: ClassVar[str] = "surrender"
    seat: int
    confirm: bool = False


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up the whole match, at any time: the other side wins it."""

    type: ClassVar[str] = "resign"
    seat: int


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the table after a deal (before the next deal's first card): the other side wins."""

    type: ClassVar[str] = "leave"
    seat: int


@dataclass(frozen=True, slots=True)
class TechnicalLoss:
    """Sent by the service when a seat's reconnect window ran out: that seat loses the match."""

    type: ClassVar[str] = "technical_loss"
    seat: int


@dataclass(frozen=True, slots=True)
class Abandon:
    """Sent by the service when every player is gone: the match ends with no winner (voided)."""

    type: ClassVar[str] = "abandon"


Command = (
    StartMatch
    | DealCards
    | ExchangeTrump
    | CloseTalon
    | PlayCard
    | Surrender
    | Resign
    | Leave
    | TechnicalLoss
    | Abandon
)

COMMAND_TYPES: tuple[type, ...] = (
    StartMatch,
    DealCards,
    ExchangeTrump,
    CloseTalon,
    PlayCard,
    Surrender,
    Resign,
    Leave,
    TechnicalLoss,
    Abandon,
)
