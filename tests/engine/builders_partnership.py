"""Hands of ``partnership`` laid out as a test wants them, and a few moves to play them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from apps.matches.engine import INITIAL, Command, DealCards, MatchState, StartMatch, cards, decide
from apps.matches.engine.events import Event
from apps.matches.engine.evolve import evolve

from .partnership import partnership_registered

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SALT = "ab" * 16


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with partnership_registered():
        yield


def deck_for(hands: list[str], dealer: int) -> tuple:
    """The deck order that deals ``hands`` (by seat, six codes each) from ``dealer`` (rules
    §6: seat dealer+k gets d[3(k−1):3k] and d[12+3(k−1):12+3k])."""
    deck: list = [None] * 24
    for k in range(1, 5):
        hand = cards(hands[(dealer + k) % 4])
        deck[3 * (k - 1) : 3 * k] = hand[:3]
        deck[12 + 3 * (k - 1) : 12 + 3 * k] = hand[3:]
    # a test that lays out the hands must lay out the whole deck, each card once
    assert None not in deck and len(set(deck)) == 24, f"not the 24 cards: {hands}"
    return tuple(deck)


class Table:
    """A match of partnership, its events, and a clock that moves a second per move."""

    def __init__(self, hands: list[str], dealer: int = 3) -> None:
        self.now = T0
        self.log: list[Event] = []
        self.state: MatchState = INITIAL
        self.do(StartMatch("partnership", dealer))
        self.deal(hands)

    def deal(self, hands: list[str]) -> None:
        self.do(DealCards(deck_for(hands, self.state.next_dealer), SALT))

    def do(self, command: Command) -> list[Event]:
        self.now += timedelta(seconds=1)
        events = decide(self.state, command, now=self.now)
        for e in events:
            self.state = evolve(self.state, e)
        self.log += events
        return events

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

    @property
    def deal_state(self):
        return self.state.deal
