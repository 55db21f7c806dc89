"""Commands of the match table: what a seat (or the service, for ``seat``-less ones) asks the
engine to do, whatever the variant. The commands played inside a deal belong to the variant
(``variants/<name>/commands.py``).

Commands are imperative and may be refused; events (``events.py``) are the facts that follow.
Each has a stable ``type`` for the wire (``codec.command_from_json``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar, Protocol

from .cards import Card
from .fairness import Seed


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
class DealSeeded:
    """Start the next deal from the server's ``secret`` and the human seats' ``seeds``
    (``fairness.shuffle``, scheme ``hmac-fy-1``), committing to ``next_secret`` for the deal
    after it. The secret must be the one committed to a deal ahead, if any was."""

    type: ClassVar[str] = "deal_seeded"
    secret: str
    seeds: tuple[Seed, ...]
    next_secret: str


@dataclass(frozen=True, slots=True)
class CommitSecret:
    """Sent by the service when a match starts with seeds for its first deal: the secret it
    committed to before the players chose them (``apps/matches/commitments.py``). With
    ``seeds_until`` (a match the server made: ranked, a rematch) the players choose them after
    this commitment, and the first deal waits for them until then."""

    type: ClassVar[str] = "commit_secret"
    secret: str
    seeds_until: datetime | None = None


@dataclass(frozen=True, slots=True)
class CloseSeeds:
    """Sent by the service when the wait for the first deal's seeds ran out
    (``presence.due_commands``)."""

    type: ClassVar[str] = "close_seeds"


@dataclass(frozen=True, slots=True)
class GiveSeed:
    """Sent by the service with a player's move: ``seat``'s seed for the next deal's shuffle."""

    type: ClassVar[str] = "give_seed"
    seat: int
    deal: int
    value: str


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up the whole match, at any time: the other side wins it."""

    type: ClassVar[str] = "resign"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Meccs feladása", "en": "Resign the match"}
    seat: int


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the table after a deal (before the next deal's first card): the other side wins."""

    type: ClassVar[str] = "leave"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Távozás az asztaltól", "en": "Leave the table"}
    seat: int


@dataclass(frozen=True, slots=True)
class TechnicalLoss:
    """Sent by the service when a seat's reconnect window ran out, or when a moderator barred its
    player from online play (``apps/matches/withdrawal.py``): that seat loses the match (at a
    table that plays on without it, the computer takes the seat over)."""

    type: ClassVar[str] = "technical_loss"
    seat: int


@dataclass(frozen=True, slots=True)
class Abandon:
    """Sent by the service when every player is gone: the match ends with no winner (voided)."""

    type: ClassVar[str] = "abandon"


@dataclass(frozen=True, slots=True)
class Lapse:
    """Sent by the service when a match against Kati was left alone too long
    (``KATI_MATCH_IDLE_HOURS``): it ends with no winner (``lapsed``), which no stats count."""

    type: ClassVar[str] = "lapse"


# --- presence and time (``presence.py``) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Disconnect:
    """Sent by the service when a seat's last connection is gone: its reconnect window opens."""

    type: ClassVar[str] = "disconnect"
    seat: int


@dataclass(frozen=True, slots=True)
class Reconnect:
    """Sent by the service when a disconnected seat is back."""

    type: ClassVar[str] = "reconnect"
    seat: int


@dataclass(frozen=True, slots=True)
class Pause:
    """A player asks for a pause (``PAUSE_LENGTH``)."""

    type: ClassVar[str] = "pause"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Szünet", "en": "Pause"}
    seat: int


@dataclass(frozen=True, slots=True)
class Resume:
    """The player's OK: back from a pause, or taking the seat back from the stand-in."""

    type: ClassVar[str] = "resume"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Folytatás", "en": "Resume"}
    seat: int


@dataclass(frozen=True, slots=True)
class ShowHand:
    """A player shows its hand to the other players for ``SHOW_LENGTH``."""

    type: ClassVar[str] = "show_hand"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Lapjaim megmutatása", "en": "Show my hand"}
    seat: int


@dataclass(frozen=True, slots=True)
class BeginStandIn:
    """Sent by the service when a pause ran out (``presence.due_commands``)."""

    type: ClassVar[str] = "begin_stand_in"
    seat: int


@dataclass(frozen=True, slots=True)
class HideHand:
    """Sent by the service when a shown hand's time is up (``presence.due_commands``)."""

    type: ClassVar[str] = "hide_hand"
    seat: int


TABLE_COMMANDS: tuple[type, ...] = (
    StartMatch,
    DealCards,
    DealSeeded,
    CommitSecret,
    CloseSeeds,
    GiveSeed,
    Resign,
    Leave,
    TechnicalLoss,
    Abandon,
    Lapse,
    Disconnect,
    Reconnect,
    Pause,
    Resume,
    ShowHand,
    BeginStandIn,
    HideHand,
)
"""The commands of every variant: the table's and presence's. A variant adds the commands of
its deals (``Rules.commands``)."""

PLAYER_TABLE_COMMANDS: tuple[type, ...] = (Resign, Leave, Pause, Resume, ShowHand)
"""What a player may send besides its variant's deal commands (``Rules.player_commands``); the
other table commands (dealing, deadlines, the stand-in) only the server sends. Each declares its
name by language (``labels``), as every command a player may send does, for the games'
catalogue."""


class Command(Protocol):
    """Any command: a table command above or one that a registered variant declares."""

    type: ClassVar[str]
