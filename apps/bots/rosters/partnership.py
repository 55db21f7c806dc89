"""Kati in ``partnership`` (four seats, bidding, a secret partner): her own players
(``apps/bots/partnership/``), the same four steps from rules of thumb to layouts solved
exactly. Standing in, the club player decides everything (bids, doublings, cards, "enough",
showing the cards) from the seat's view and the deal's public history; it never gives up."""

from __future__ import annotations

import random
from collections.abc import Mapping

from .roster import Action, Player, Roster, StandIn, View

LEVELS = ("beginner", "club", "strong", "expert")
STAND_IN_BUDGET = 0.5  # seconds, as for her own seat


def _players() -> Mapping[str, Player]:
    from ..partnership import players  # noqa: PLC0415 (the decision code loads on first use)

    return {
        "beginner": players.beginner,
        "club": players.club,
        "strong": players.strong,
        "expert": players.expert,
    }


def _load_stand_in() -> StandIn:
    club = ROSTER.player("club")

    def stand_in(view: View, rng: random.Random) -> Action:
        return club(view, rng, STAND_IN_BUDGET)

    return stand_in


ROSTER = Roster("partnership", LEVELS, _players, _load_stand_in)
