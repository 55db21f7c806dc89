"""The computer opponent ("Kati"): ``choose_action(view, *, variant, level, rng, budget)``.

Pure Python: the bot sees exactly what ``view_for`` gives its seat plus the deal's public
history (``view["history"] = history_for(state, seat)``), never hidden state, and answers with
one of the view's ``legal_actions``. Each player is looked up by (variant, level) in the
game's roster (``rosters/``). The klub
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

Each game's roster (its levels, their players, its stand-in) is declared in ``rosters/``; the
level names reach the matches app through the computer app (``apps/matches/strengths.py``), so
the web process lists them without loading the search.
"""

from __future__ import annotations

import random

from .actions import GIVING_UP
from .declaring import without_words, word
from .rosters import ROSTERS, Action, Player, UnknownBot, View, roster_for

__all__ = ["PLAYERS", "Action", "Player", "UnknownBot", "View", "choose_action", "player_for"]

# every built-in (variant, level) player, loaded
PLAYERS: dict[tuple[str, str], Player] = {
    (variant, level): player
    for variant, roster in ROSTERS.items()
    for level, player in roster.players.items()
}


def player_for(variant: str, level: str) -> Player:
    """The player of ``level`` in ``variant``."""
    roster = roster_for(variant)
    if roster is None:
        raise UnknownBot(f"Kati does not play the variant {variant!r}")
    return roster.player(level)


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
