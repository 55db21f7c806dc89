"""Level ``club``: the rules of thumb of ``heuristics.py`` applied to what the seat knows."""

from __future__ import annotations

import random
from typing import Any

from .actions import moves, offered, to_action
from .heuristics import SURRENDER, club_action, play_action
from .knowledge import Knowledge


def club(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
    legal = moves(view)
    if len(legal) == 1:
        return to_action(view, legal[0])
    # The heuristics read only the seat's own hand and public facts, so any world consistent
    # with its knowledge gives the same answer; a sampled one is as good as another.
    world = Knowledge.read(view).sample_world(rng)
    action = club_action(world)
    if action == SURRENDER and not offered(view, "surrender"):
        action = play_action(world)  # giving up is not on offer here: play on
    return to_action(view, action)
