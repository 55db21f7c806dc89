"""Kati in ``sixty-six``: klub's players on the 24-card model (the expert's worlds are
``BitGame66``), each behind the same word (``declaring.py``): "enough" as soon as it is right
and never wrongly, and after the last trick the count when it is not right. Standing in: that
word, else the club player's card."""

from __future__ import annotations

import random
from collections.abc import Mapping

from .klub import LEVELS, club_card
from .roster import Action, Player, Roster, StandIn, View


def behind_the_word(player: Player) -> Player:
    """``player`` in sixty-six: it says "enough" when it is right (and the count after the
    last trick when it is not), and otherwise chooses among the other legal actions."""
    from ..declaring import without_words, word  # noqa: PLC0415

    def play(view: View, rng: random.Random, budget: float) -> Action:
        said = word(view)
        if said is not None:
            return said
        return player(without_words(view), rng, budget)

    play.__name__ = play.__qualname__ = f"{player.__name__}_sixty_six"
    return play


def _players() -> Mapping[str, Player]:
    from ..beginner import beginner  # noqa: PLC0415 (the decision code loads on first use)
    from ..club import club  # noqa: PLC0415
    from ..expert66 import expert66  # noqa: PLC0415
    from ..sampling import strong  # noqa: PLC0415

    levels = {"beginner": beginner, "club": club, "strong": strong, "expert": expert66}
    return {level: behind_the_word(player) for level, player in levels.items()}


def _stand_in(view: View, rng: random.Random) -> Action:
    from ..declaring import word  # noqa: PLC0415

    return word(view) or club_card(view, rng)


def _load_stand_in() -> StandIn:
    return _stand_in


ROSTER = Roster("sixty-six", LEVELS, _players, _load_stand_in)
