"""Events of the match table: the facts of a match, in past tense, that every variant shares.
A match *is* its list of events; the events of a deal's play belong to the variant
(``variants/<name>/events.py``).

Every event has a stable wire ``type`` and a ``schema_version``; ``codec.py`` turns them into
JSON and back. Changing a field means a new ``schema_version`` plus an upcaster in the codec.
Fields that are hidden from some seats (the deck order, a drawn card) are redacted per seat by
``view.redact_event``; the events themselves hold the whole truth.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar, Protocol

from .cards import Card


@dataclass(frozen=True, slots=True)
class MatchStarted:
    type: ClassVar[str] = "match_started"
    schema_version: ClassVar[int] = 1
    variant: str
    seats: int
    first_dealer: int
    target: int


@dataclass(frozen=True, slots=True)
class DealStarted:
    """The deal's first event: the deck order and salt (secret) and their public commitment."""

    type: ClassVar[str] = "deal_started"
    schema_version: ClassVar[int] = 1
    number: int
    dealer: int
    deck: tuple[Card, ...]
    salt: str
    commitment: str


@dataclass(frozen=True, slots=True)
class DealEnded:
    """The deal's last event: who won how many game points, and the revealed deck and salt.

    ``reason`` is one of the variant's ``deal_end_reasons``; ``winner`` is None (with 0 game
    points) for ``match_ended`` (the match stopped mid-deal by a resignation, technical loss
    or abandonment) and for a variant's drawn deal (``sixty-six``: ``draw``).
    """

    type: ClassVar[str] = "deal_ended"
    schema_version: ClassVar[int] = 1
    winner: int | None
    game_points: int
    reason: str
    deck: tuple[Card, ...]
    salt: str


MATCH_ENDED = "match_ended"  # the deal-end reason when the match stopped mid-deal


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """``reason``: ``points``, ``resigned``, ``left``, ``technical_loss``, ``abandoned`` or
    ``lapsed`` (a match against Kati left alone, ended by the service: no stats count it)."""

    type: ClassVar[str] = "match_ended"
    schema_version: ClassVar[int] = 1
    winner: int | None
    reason: str
    scores: tuple[int, ...]
    radli: int | None
    schneider: bool
    ruckschneider: bool


# --- presence and time (rules in ``presence.py``) ---------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerDisconnected:
    """``seat`` lost its connection; unless it is back by ``deadline`` it loses the match."""

    type: ClassVar[str] = "player_disconnected"
    schema_version: ClassVar[int] = 1
    seat: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class PlayerReconnected:
    type: ClassVar[str] = "player_reconnected"
    schema_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class PauseStarted:
    """``seat`` asked for a pause; at ``until`` the computer stands in for it."""

    type: ClassVar[str] = "pause_started"
    schema_version: ClassVar[int] = 1
    seat: int
    until: datetime


@dataclass(frozen=True, slots=True)
class StandInStarted:
    """The pause of ``seat`` ran out: the computer plays its cards until it presses OK."""

    type: ClassVar[str] = "stand_in_started"
    schema_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class PauseEnded:
    """``seat`` is back (it pressed OK or made a move): its pause or stand-in is over."""

    type: ClassVar[str] = "pause_ended"
    schema_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """``seat`` showed its hand (``cards``) to the other players until ``until``."""

    type: ClassVar[str] = "hand_shown"
    schema_version: ClassVar[int] = 1
    seat: int
    cards: tuple[Card, ...]
    until: datetime


@dataclass(frozen=True, slots=True)
class HandHidden:
    type: ClassVar[str] = "hand_hidden"
    schema_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class SeatTakenOver:
    """At a table that plays on without a player who quits (``Rules.replaces_quitters``: four
    seats), ``seat``'s player resigned, left or lost technically (``reason``): the computer
    plays that seat for the rest of the match, and the player is recorded as having left."""

    type: ClassVar[str] = "seat_taken_over"
    schema_version: ClassVar[int] = 1
    seat: int
    reason: str


TABLE_EVENTS: tuple[type, ...] = (
    MatchStarted,
    DealStarted,
    DealEnded,
    MatchEnded,
    PlayerDisconnected,
    PlayerReconnected,
    PauseStarted,
    StandInStarted,
    PauseEnded,
    HandShown,
    HandHidden,
    SeatTakenOver,
)
"""The events of every variant: the table's and presence's. A variant adds the events of its
deals (``Rules.events``)."""


class Event(Protocol):
    """Any event: a table event above or one that a registered variant declares."""

    type: ClassVar[str]
    schema_version: ClassVar[int]
