"""The server's own commands that follow a command in the same batch: the write path
(``appending.command_apply``) asks each rule here, in order, for its next command until it has
none, so that a batch leaves the match in a state no one must wait on.

- ``abandonment``: the command took over the last seat a person held (everyone left): nobody is
  left to play for, so the game is abandoned (four-seat games play on while a person is at the
  table). It is the product's rule, not the engine's: only the product knows which seats are
  people (the engine knows the seats the computer took over, not those it held from the start).
- ``next_deal``: a deal ended and the match goes on: the next one is dealt from the secret the
  server committed to and the players' seeds (``fairness.shuffle``); the server's secrets and
  the seeds it fills in come from the operating system's CSPRNG (the engine has no dice).

They are follow-ups and not subscribers to the appended events because their events belong to
the same batch: a retried move answers with the whole batch, and no one ever sees a match
between a deal and the next or with nobody at the table.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from apps.matches.engine import Abandon, Command, Event, MatchState
from apps.matches.engine.commands import DealSeeded
from apps.matches.engine.events import SeatTakenOver
from apps.matches.engine.fairness import BY_PLAYER, BY_SERVER, Seed

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
    """``DealSeeded`` when a deal is due (``dealing``); a first deal that waits for the people's
    seeds (``seeds_until``) only once every one of them is in, or the wait ran out."""
    if not state.awaiting_deal:
        return None
    people = [seat.index for seat in seats_of(match) if not seat.is_bot]
    seeded = {seat for seat, _ in state.seeds}
    if state.seeds_until is not None and not seeded.issuperset(people):
        return None
    return dealing(state, people)


def dealing(state: MatchState, people: list[int]) -> Command:
    """The next deal from the secret committed to a deal ahead (a fresh one for a match's first
    deal) and the seeds of the seats people hold: each seat's own if it gave one, else one the
    server draws (``by: server``); with a fresh secret for the deal after it. Tests that need a
    stacked deck replace this with a ``DealCards``."""
    secret = state.next_secret or random_hex(32)
    given = dict(state.seeds)
    seeds = tuple(
        Seed(seat, given[seat], BY_PLAYER)
        if seat in given
        else Seed(seat, random_hex(16), BY_SERVER)
        for seat in people
    )
    return DealSeeded(secret, seeds, random_hex(32))


def random_hex(size: int) -> str:
    """``size`` random bytes in hex, from ``rng`` (the OS's CSPRNG; seeded in tests)."""
    return f"{rng.getrandbits(size * 8):0{size * 2}x}"


FOLLOW_UPS: tuple[FollowUp, ...] = (abandonment, next_deal)
