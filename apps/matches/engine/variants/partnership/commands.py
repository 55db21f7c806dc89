"""The commands of a ``partnership`` hand. ``stand_in``: sent by the service for a seat the
computer plays for (a player's own command never carries it). "Enough" is sixty-six's
``DeclareEnough``, said here by the caller or the holder between tricks.

``EndDoubling`` and ``EndClaim`` are the service's, sent when the variant's deadline ran out
(``Rules.due_commands``); players cannot send them, so they are not among ``COMMANDS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ...cards import Card
from ...tricks.commands import DeclareEnough


@dataclass(frozen=True, slots=True)
class Bid:
    """Call ``card`` at Snapszer (or, ``durchmarsch``, Durchmarsch) level: its suit is trump and
    its holder the caller's secret partner; a card of one's own hand is a solo."""

    type: ClassVar[str] = "bid"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Licit", "en": "Bid"}
    seat: int
    card: Card
    durchmarsch: bool = False
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class Pass:
    type: ClassVar[str] = "pass"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Passz", "en": "Pass"}
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class Kontra:
    """Double the hand's value: a seat that is neither the caller nor the holder."""

    type: ClassVar[str] = "kontra"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Kontra", "en": "Kontra"}
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class Rekontra:
    """Double again after a Kontra: the caller or the holder."""

    type: ClassVar[str] = "rekontra"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Rekontra", "en": "Rekontra"}
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class Subkontra:
    """Double again after a Rekontra: a seat of the opposing side."""

    type: ClassVar[str] = "subkontra"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Szubkontra", "en": "Subkontra"}
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class NoDouble:
    """Let the current doubling choice go; when every seat offered it has, the window closes
    before its deadline."""

    type: ClassVar[str] = "no_double"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Nem duplázok", "en": "No double"}
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; ``marriage``: announce the marriage it belongs to (the leader, leading the
    K or O of a pair it holds, at Snapszer level)."""

    type: ClassVar[str] = "play"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Lap kijátszása", "en": "Play a card"}
    seat: int
    card: Card
    marriage: bool = False
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class ShowCards:
    """The claim: show the hand on one's lead; when its seconds run out the caller's side wins."""

    type: ClassVar[str] = "show_cards"
    labels: ClassVar[Mapping[str, str]] = {
        "hu": "Lapjaim felfedése: a többi ütés a miénk",
        "en": "Claim: show my cards, the rest is ours",
    }
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class EndDoubling:
    """The service's: the doubling window's deadline ran out (``seat``: the caller, who leads)."""

    type: ClassVar[str] = "end_doubling"
    seat: int


@dataclass(frozen=True, slots=True)
class EndClaim:
    """The service's: the shown hand's seconds ran out (``seat``: the seat that showed it)."""

    type: ClassVar[str] = "end_claim"
    seat: int


DOUBLING_COMMANDS: tuple[type, ...] = (Kontra, Rekontra, Subkontra)
COMMANDS: tuple[type, ...] = (
    Bid,
    Pass,
    Kontra,
    Rekontra,
    Subkontra,
    NoDouble,
    Play,
    DeclareEnough,
    ShowCards,
)
DUE_COMMANDS: tuple[type, ...] = (EndDoubling, EndClaim)
