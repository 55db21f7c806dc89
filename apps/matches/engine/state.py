"""Immutable game state. Built only by ``evolve`` folding events; read by everything else.

States are frozen dataclasses. ``copy_with`` makes the successor of a state by copying its
attribute dictionary and overwriting a few entries: the same result as ``dataclasses.replace``
without re-running ``__init__``, which keeps replay at a few microseconds per event.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from .cards import Card
from .events import DealEnded, MatchEnded
from .fairness import OLD_SCHEME, Seed

if TYPE_CHECKING:
    from .rules import Rules


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


class Deal(Protocol):
    """What the table and presence rules read of any variant's deal state (the rest is the
    variant's own: ``variants/<name>/state.py``)."""

    @property
    def number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deck(self) -> tuple[Card, ...]: ...  # secret until the deal ends
    @property
    def salt(self) -> str: ...  # secret until the deal ends
    @property
    def commitment(self) -> str: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def result(self) -> DealEnded | None: ...
    @property
    def over(self) -> bool: ...


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
    variant: Rules[Any] | None = None
    target: int = 0
    first_dealer: int = 0
    scores: tuple[int, ...] = ()
    # For each seat: was it ever at 0 while another seat stood one game point from the target?
    trailed_to_the_brink: tuple[bool, ...] = ()
    deals_played: int = 0
    deal: Deal | None = None  # the variant's deal state
    result: MatchEnded | None = None
    # presence and time, per seat (``presence.py``)
    away_until: tuple[datetime | None, ...] = ()  # reconnect deadline of a disconnected seat
    paused: tuple[Paused | None, ...] = ()
    pauses_taken: tuple[int, ...] = ()  # in the whole match
    paused_in_deal: tuple[bool, ...] = ()  # in the current deal
    shown: tuple[Shown | None, ...] = ()
    # per seat: why its player quit, if the computer took the seat over for good (else None)
    taken_over: tuple[str | None, ...] = ()
    # fair play (``fairness.py``): how the current deal's deck was fixed and with whose seeds;
    # the server's commitment to the next deal's secret (the secret hidden until that deal ends)
    # and the seeds (seat, value) given for it so far
    deal_scheme: str = OLD_SCHEME
    deal_seeds: tuple[Seed, ...] = ()
    next_commitment: str | None = None
    next_secret: str | None = None
    seeds: tuple[tuple[int, str], ...] = ()
    # a match the server made: how long its first deal waits for the people's seeds
    seeds_until: datetime | None = None

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

    def played_by_computer(self, seat: int) -> bool:
        """Whether the computer took ``seat`` over for good (its player quit)."""
        return bool(self.taken_over) and self.taken_over[seat] is not None

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
