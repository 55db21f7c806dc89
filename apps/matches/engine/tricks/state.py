"""A completed trick, as every trick-taking deal keeps it."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card


@dataclass(frozen=True)
class Trick:
    """A completed trick: ``cards`` in play order, the first led by ``leader``."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
