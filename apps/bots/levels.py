"""The computer opponent ("Kati"): ``choose_action(view, *, level, rng, budget) -> action``.

Pure Python: the bot sees exactly what ``view_for`` gives its seat (never hidden state) and
answers with one of the view's ``legal_actions``. Only the ``beginner`` level exists so far:
uniformly random legal play, never giving up. Stronger levels arrive with the Kati issue.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Action = dict[str, Any]
View = dict[str, Any]

GIVING_UP = ("surrender", "leave", "resign")


def _beginner(view: View, rng: random.Random, budget: float) -> Action:
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP]
    return rng.choice(moves)


LEVELS: dict[str, Callable[[View, random.Random, float], Action]] = {"beginner": _beginner}
DEFAULT_LEVEL = "beginner"


def choose_action(view: View, *, level: str, rng: random.Random, budget: float) -> Action:
    """One of ``view["legal_actions"]`` for the seat the view belongs to, within ``budget`` s."""
    return LEVELS[level](view, rng, budget)
