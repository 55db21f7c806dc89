"""The computer opponent ("Kati"): ``choose_action(view, *, level, rng, budget) -> action``.

Pure Python: the bot sees exactly what ``view_for`` gives its seat plus the deal's public
history (``view["history"] = history_for(state, seat)``), never hidden state, and answers with
one of the view's ``legal_actions``. The levels, weakest first (docs/bots.md):

- ``beginner``: the club rules of thumb, with a careless random card one play in three;
- ``club``: rules of thumb (``heuristics.py``);
- ``strong``: sampled worlds played out by the club policy, best expected game points;
- ``expert``: sampled worlds, each searched exactly to the end of the deal (draws, exchange and
  closing included) from the first trick; its own leads valued against an opponent that
  cannot see its hand; every possible opponent hand solved once the talon is closed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .actions import GIVING_UP
from .beginner import beginner
from .club import club
from .expert import expert
from .sampling import strong

Action = dict[str, Any]
View = dict[str, Any]

LEVELS: dict[str, Callable[[View, random.Random, float], Action]] = {
    "beginner": beginner,
    "club": club,
    "strong": strong,
    "expert": expert,
}
DEFAULT_LEVEL = "beginner"


def choose_action(view: View, *, level: str, rng: random.Random, budget: float) -> Action:
    """One of ``view["legal_actions"]`` for the seat the view belongs to, within ``budget`` s.

    A view without ``history`` (a caller that does not add ``history_for`` yet) cannot be
    read by any level: the bot then plays a uniformly random legal card rather than fail.
    """
    if view.get("history") is None:
        return random_move(view, rng)
    return LEVELS[level](view, rng, budget)


def random_move(view: View, rng: random.Random) -> Action:
    """A uniformly random legal action that is not giving up."""
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP]
    return rng.choice(moves)
