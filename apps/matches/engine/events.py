"""Events: the facts of a match, in past tense. A match *is* its list of events.

Every event has a stable wire ``type`` and a ``schema_version``; ``codec.py`` turns them into
JSON and back. Changing a field means a new ``schema_version`` plus an upcaster in the codec.
Fields that are hidden from some seats (the deck order, a drawn card) are redacted per seat by
``view.redact_event``; the events themselves hold the whole truth.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

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


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``stand_in``: the computer played it for a seat whose pause ran out (version 2; version 1
    events, from before stand-ins existed, are upcast with ``stand_in`` false)."""

    type: ClassVar[str] = "card_played"
    schema_version: ClassVar[int] = 2
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


@dataclass(frozen=True, slots=True)
class DealEnded:
    """The deal's last event: who won how many game points, and the revealed deck and salt.

    ``reason`` is one of ``DEAL_END_REASONS``; ``winner`` is None only for ``match_ended``
    (the match stopped mid-deal by a resignation, technical loss or abandonment).
    """

    type: ClassVar[str] = "deal_ended"
    schema_version: ClassVar[int] = 1
    winner: int | None
    game_points: int
    reason: str
    deck: tuple[Card, ...]
    salt: str


DEAL_END_REASONS = (
    "reached_66",
    "last_trick",
    "close_succeeded",
    "close_failed",
    "surrendered",
    "match_ended",
)


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """``reason``: ``points``, ``resigned``, ``left``, ``technical_loss`` or ``abandoned``."""

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


Event = (
    MatchStarted
    | DealStarted
    | TrumpExchanged
    | TalonClosed
    | MarriageAnnounced
    | CardPlayed
    | TrickTaken
    | CardDrawn
    | DealSurrendered
    | DealEnded
    | MatchEnded
    | PlayerDisconnected
    | PlayerReconnected
    | PauseStarted
    | StandInStarted
    | PauseEnded
    | HandShown
    | HandHidden
)

EVENT_TYPES: tuple[type, ...] = (
    MatchStarted,
    DealStarted,
    TrumpExchanged,
    TalonClosed,
    MarriageAnnounced,
    CardPlayed,
    TrickTaken,
    CardDrawn,
    DealSurrendered,
    DealEnded,
    MatchEnded,
    PlayerDisconnected,
    PlayerReconnected,
    PauseStarted,
    StandInStarted,
    PauseEnded,
    HandShown,
    HandHidden,
)
