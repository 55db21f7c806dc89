"""Collects the events one command produces, evolving a working state as it goes so that each
rule sees the effect of the events before it (the deal ends *after* the trick is taken)."""

from __future__ import annotations

from datetime import datetime

from .events import Event
from .evolve import evolve
from .state import Deal, MatchState


class Recorder:
    __slots__ = ("events", "now", "state")

    def __init__(self, state: MatchState, now: datetime | None = None) -> None:
        self.state = state
        self.now = now
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    @property
    def deal(self) -> Deal:
        deal = self.state.deal
        assert deal is not None
        return deal
