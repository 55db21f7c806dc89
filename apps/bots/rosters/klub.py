"""Kati in ``klub``: four levels, from rules of thumb to deals searched exactly; standing in, the
club player's card (closing, exchanging and giving up stay the person's own decisions)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from .roster import Action, Player, Roster, StandIn, View

LEVELS = ("beginner", "club", "strong", "expert")


def _players() -> Mapping[str, Player]:
    from ..beginner import beginner  # noqa: PLC0415 (the decision code loads on first use)
    from ..club import club  # noqa: PLC0415
    from ..expert import expert  # noqa: PLC0415
    from ..sampling import strong  # noqa: PLC0415

    return {"beginner": beginner, "club": club, "strong": strong, "expert": expert}


def club_card(view: View, rng: random.Random) -> Action:
    """The club player's lead or follow for the view's seat, as a ``play_card`` action: a
    stand-in only plays cards (klub, and sixty-six besides its word)."""
    from ..cardbits import CODES  # noqa: PLC0415
    from ..heuristics import follow, lead  # noqa: PLC0415
    from ..knowledge import Knowledge  # noqa: PLC0415

    seat = view["seat"]
    world = Knowledge.read(view).sample_world(rng)
    chosen = follow(world, seat) if world.led >= 0 else lead(world, seat)
    return {"type": "play_card", "card": CODES[chosen]}


def _stand_in() -> StandIn:
    return club_card


ROSTER = Roster("klub", LEVELS, _players, _stand_in)
