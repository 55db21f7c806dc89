"""Immutable game state. Built only by ``evolve`` folding events; read by everything else.

States are frozen dataclasses. ``copy_with`` makes the successor of a state by copying its
attribute dictionary and overwriting a few entries: the same result as ``dataclasses.replace``
without re-running ``__init__``, which keeps replay at a few microseconds per event.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .cards import Card
from .events import DealEnded, MatchEnded
from .variant import Variant


def copy_with[T](obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` applied (no validation)."""
    new = object.__new__(obj.__class__)
    attrs = new.__dict__
    attrs.update(obj.__dict__)
    attrs.update(changes)
    return new


def replace_at[T](values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced."""
    return values[:index] + (value,) + values[index + 1 :]


@dataclass(frozen=True)
class Trick:
    """A completed trick: ``cards`` in play order, the first led by ``leader``."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True)
class DealState:
    number: int
    dealer: int
    deck: tuple[Card, ...]  # secret until the deal ends
    salt: str  # secret until the deal ends
    commitment: str
    trump: str  # the trump suit
    trump_card: Card  # the card under the talon (after an exchange: the jack)
    talon: tuple[Card, ...]  # face-down cards in draw order (secret); the trump card comes after
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    turn: int
    table: tuple[Card, ...]  # the current trick so far, in play order
    tricks: tuple[Trick, ...]
    won: tuple[tuple[Card, ...], ...]  # captured cards per seat
    card_points: tuple[int, ...]
    marriages: tuple[tuple[str, ...], ...]  # announced suits per seat
    marriage_points: tuple[int, ...]
    trump_card_taken: bool = False
    closed_by: int | None = None
    # Each seat's (points, trick count) at the moment the talon was closed.
    closed_at: tuple[tuple[int, int], ...] | None = None
    surrendered_by: int | None = None
    result: DealEnded | None = None

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def strict(self) -> bool:
        """Whether the strict follow/beat/trump rules apply: the talon is closed or exhausted."""
        return self.closed_by is not None or not self.talon

    @property
    def can_draw(self) -> bool:
        """Whether the talon is open and still has a face-down card."""
        return self.closed_by is None and bool(self.talon)

    @property
    def trump_card_visible(self) -> bool:
        """The trump card lies face up until it is taken or the talon is closed."""
        return not self.trump_card_taken and self.closed_by is None

    def points(self, seat: int) -> int:
        """A seat's score in this deal: card points of won tricks plus announced marriages."""
        return self.card_points[seat] + self.marriage_points[seat]

    def trick_count(self, seat: int) -> int:
        return len(self.won[seat]) // self.seats

    def cards_in_play(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.table)


@dataclass(frozen=True)
class Paused:
    """A seat's pause: until ``until``; then (``stand_in``) the computer plays for it."""

    until: datetime
    stand_in: bool = False


@dataclass(frozen=True)
class Shown:
    """A hand shown to the other players: the cards as shown, visible until ``until``."""

    cards: tuple[Card, ...]
    until: datetime


@dataclass(frozen=True)
class MatchState:
    variant: Variant | None = None
    target: int = 0
    first_dealer: int = 0
    scores: tuple[int, ...] = ()
    # For each seat: was it ever at 0 while another seat stood one game point from the target?
    trailed_to_the_brink: tuple[bool, ...] = ()
    deals_played: int = 0
    deal: DealState | None = None
    result: MatchEnded | None = None
    # presence and time, per seat (``presence.py``)
    away_until: tuple[datetime | None, ...] = ()  # reconnect deadline of a disconnected seat
    paused: tuple[Paused | None, ...] = ()
    pauses_taken: tuple[int, ...] = ()  # in the whole match
    paused_in_deal: tuple[bool, ...] = ()  # in the current deal
    shown: tuple[Shown | None, ...] = ()

    @property
    def started(self) -> bool:
        return self.variant is not None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def seats(self) -> int:
        return len(self.scores)

    @property
    def running(self) -> bool:
        return self.started and self.result is None

    @property
    def awaiting_deal(self) -> bool:
        """Started, not finished, and no deal being played: the service deals the next one."""
        return self.started and self.result is None and (self.deal is None or self.deal.over)

    @property
    def next_dealer(self) -> int:
        if self.deal is None:
            return self.first_dealer
        return (self.deal.dealer + 1) % self.seats


INITIAL = MatchState()
