"""The server's own commands that follow a command in the same batch: the write path
(``appending.command_apply``) asks each rule here, in order, for its next command until it has
none, so that a batch leaves the match in a state no one must wait on.

- ``abandonment``: the command took over the last seat a person held (everyone left): nobody is
  left to play for, so the game is abandoned (four-seat games play on while a person is at the
  table). It is the product's rule, not the engine's: only the product knows which seats are
  people (the engine knows the seats the computer took over, not those it held from the start).
- ``next_deal``: a deal ended and the match goes on: the next one is dealt from the operating
  system's CSPRNG (the engine has no dice).

They are follow-ups and not subscribers to the appended events because their events belong to
the same batch: a retried move answers with the whole batch, and no one ever sees a match
between a deal and the next or with nobody at the table.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from apps.matches.engine import Abandon, Command, DealCards, Event, MatchState
from apps.matches.engine.events import SeatTakenOver

from .models import Match
from .seating import seats_of

rng = secrets.SystemRandom()

FollowUp = Callable[[Match, MatchState, list[Event]], Command | None]


def abandonment(match: Match, state: MatchState, events: list[Event]) -> Command | None:
    """``Abandon`` when ``events`` took over the last seat a person held."""
    if not state.running or not any(isinstance(e, SeatTakenOver) for e in events):
        return None
    people = [seat.index for seat in seats_of(match) if not seat.is_bot]
    return Abandon() if all(state.played_by_computer(seat) for seat in people) else None


def next_deal(match: Match, state: MatchState, events: list[Event]) -> Command | None:
    """``DealCards`` with a freshly shuffled deck and salt when a deal is due."""
    if not state.awaiting_deal:
        return None
    assert state.variant is not None
    deck = list(state.variant.deck)
    rng.shuffle(deck)
    return DealCards(tuple(deck), secrets.token_hex(16))


FOLLOW_UPS: tuple[FollowUp, ...] = (abandonment, next_deal)
