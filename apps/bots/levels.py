"""The computer opponent ("Kati"): ``choose_action(view, *, variant, level, rng, budget)``.

Pure Python: the bot sees exactly what ``view_for`` gives its seat plus the deal's public
history (``view["history"] = history_for(state, seat)``), never hidden state, and answers with
one of the view's ``legal_actions``. Each player is looked up by (variant, level). The klub
levels, weakest first (docs/bots.md):

- ``beginner``: the club rules of thumb, with a careless random card one play in three;
- ``club``: rules of thumb (``heuristics.py``);
- ``strong``: sampled worlds played out by the club policy, best expected game points;
- ``expert``: sampled worlds, each searched exactly to the end of the deal (draws, exchange and
  closing included) from the first trick; its own leads valued against an opponent that
  cannot see its hand; every possible opponent hand solved once the talon is closed.

Sixty-six's levels are klub's players on the 24-card model (``Knowledge`` reads the variant
from the view, its worlds are ``BitGame66``), each behind the same word (``declaring.py``):
"enough" as soon as it is right and never wrongly, and after the last trick the count when
it is not right.

Partnership's levels (four seats, bidding, a secret partner) are their own players, in
``partnership/``: the same four steps, from rules of thumb to layouts solved exactly.

The names alone are in ``apps/matches/strengths.py``, which the web process reads without
loading the search.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from apps.matches.strengths import LEVELS_BY_VARIANT

from .actions import GIVING_UP
from .beginner import beginner
from .club import club
from .declaring import without_words, word
from .expert import expert
from .expert66 import expert66
from .partnership import players as partnership
from .sampling import strong

Action = dict[str, Any]
View = dict[str, Any]
Player = Callable[[View, random.Random, float], Action]


def sixty_six(player: Player) -> Player:
    """``player`` in sixty-six: it says "enough" when it is right (and the count after the
    last trick when it is not), and otherwise chooses among the other legal actions."""

    def play(view: View, rng: random.Random, budget: float) -> Action:
        said = word(view)
        if said is not None:
            return said
        return player(without_words(view), rng, budget)

    play.__name__ = play.__qualname__ = f"{player.__name__}_sixty_six"
    return play


PLAYERS: dict[tuple[str, str], Player] = {
    ("klub", "beginner"): beginner,
    ("klub", "club"): club,
    ("klub", "strong"): strong,
    ("klub", "expert"): expert,
    ("sixty-six", "beginner"): sixty_six(beginner),
    ("sixty-six", "club"): sixty_six(club),
    ("sixty-six", "strong"): sixty_six(strong),
    ("sixty-six", "expert"): sixty_six(expert66),
    ("partnership", "beginner"): partnership.beginner,
    ("partnership", "club"): partnership.club,
    ("partnership", "strong"): partnership.strong,
    ("partnership", "expert"): partnership.expert,
}


class UnknownBot(LookupError):
    """No player for this (variant, level) pair."""


def player_for(variant: str, level: str) -> Player:
    """The player of ``level`` in ``variant``."""
    try:
        return PLAYERS[variant, level]
    except KeyError:
        known = LEVELS_BY_VARIANT.get(variant)
        if known is None:
            raise UnknownBot(f"Kati does not play the variant {variant!r}") from None
        raise UnknownBot(
            f"Kati has no level {level!r} in {variant!r}; its levels: {', '.join(known)}"
        ) from None


def choose_action(
    view: View, *, variant: str, level: str, rng: random.Random, budget: float
) -> Action:
    """One of ``view["legal_actions"]`` for the seat the view belongs to, within ``budget`` s,
    by the player of (``variant``, ``level``); ``UnknownBot`` if there is none.

    A view without ``history`` (a caller that does not add ``history_for`` yet) cannot be
    read by any level: the bot then plays a uniformly random legal card rather than fail
    (in sixty-six it still says "enough" only when it is right).
    """
    player = player_for(variant, level)
    if view.get("history") is None:
        return word(view) or random_move(without_words(view), rng)
    return player(view, rng, budget)


def random_move(view: View, rng: random.Random) -> Action:
    """A uniformly random legal action that is not giving up."""
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP]
    return rng.choice(moves)
