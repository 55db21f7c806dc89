"""Events of the match table: the facts of a match, in past tense, that every variant shares.
A match *is* its list of events; the events of a deal's play belong to the variant
(``variants/<name>/events.py``).

Every event has a stable wire ``type`` and a ``schema_version``; ``codec.py`` turns them into
JSON and back. Changing a field means a new ``schema_version`` plus an upcaster in the codec.
Fields that are hidden from some seats (the deck order, a drawn card) are redacted per seat by
``view.redact_event``; the events themselves hold the whole truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar, Protocol

from .cards import Card
from .fairness import OLD_SCHEME, Seed

OPTIONAL = {"optional": True}
"""A field's metadata: the codec leaves it out while it holds its default (a field added to an
event without a new ``schema_version``: the old payloads are the new ones with the default)."""


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
    """The deal's first event: the deck order and salt (secret) and their public commitment.

    ``scheme`` says how the deck was fixed (``fairness.py``): ``sha256-salt``, commitment =
    sha256(salt + deck); or ``hmac-fy-1``, where ``salt`` is the server's secret (commitment =
    sha256(secret), published a deal ahead) and the deck is ``fairness.shuffle`` of it with the
    ``seeds``. ``next_commitment`` is the server's commitment to the next deal's secret
    (``next_secret``, hidden until that deal ends)."""

    type: ClassVar[str] = "deal_started"
    schema_version: ClassVar[int] = 1
    number: int
    dealer: int
    deck: tuple[Card, ...]
    salt: str
    commitment: str
    # Added with seeds, and absent on the wire while they hold their default: a deal stored
    # before them reads (and re-encodes) as it was, an ``sha256-salt`` deal (``OPTIONAL``).
    scheme: str = field(default=OLD_SCHEME, metadata=OPTIONAL)
    seeds: tuple[Seed, ...] = field(default=(), metadata=OPTIONAL)
    next_commitment: str | None = field(default=None, metadata=OPTIONAL)
    next_secret: str | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True, slots=True)
class SecretCommitted:
    """Before a match's first deal: the server's commitment to that deal's secret (the secret
    hidden from every seat until the deal ends), made before the players sent their seeds for
    it (later deals carry it in the deal before: ``DealStarted.next_commitment``)."""

    type: ClassVar[str] = "secret_committed"
    schema_version: ClassVar[int] = 1
    deal: int
    commitment: str
    secret: str
    # a match made by the server (ranked pairing, a rematch): the first deal waits for every
    # person's seed until then, and is dealt as soon as the last is in (``SeedsClosed`` when
    # time runs out first). Absent on the wire while None: the seeds came with the request.
    seeds_until: datetime | None = field(default=None, metadata=OPTIONAL)


@dataclass(frozen=True, slots=True)
class SeedsClosed:
    """The wait for the first deal's seeds ran out (``SecretCommitted.seeds_until``): the deal
    is dealt now, a server seed (``by: server``) standing in for each seat that sent none."""

    type: ClassVar[str] = "seeds_closed"
    schema_version: ClassVar[int] = 1
    deal: int


@dataclass(frozen=True, slots=True)
class SeedGiven:
    """A human seat's seed for the shuffle of deal ``deal`` (the next one), sent with one of its
    moves after it saw the server's commitment to that deal's secret."""

    type: ClassVar[str] = "seed_given"
    schema_version: ClassVar[int] = 1
    seat: int
    deal: int
    value: str


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
    SecretCommitted,
    SeedGiven,
    SeedsClosed,
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
