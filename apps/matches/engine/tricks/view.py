"""A completed trick as JSON, in the views and histories of every trick-taking game."""

from __future__ import annotations

from ..codec import JSON
from .state import Trick


def trick_json(trick: Trick, seats: int) -> JSON:
    return {
        "leader": trick.leader,
        "cards": [
            {"seat": (trick.leader + i) % seats, "card": c.code} for i, c in enumerate(trick.cards)
        ],
        "winner": trick.winner,
    }
