"""Kati in the duel: one level, a random card of her hand; standing in, the same."""

from __future__ import annotations

import random
from collections.abc import Mapping

from apps.bots.rosters import Action, Player, Roster, StandIn, View


def _any_card(view: View, rng: random.Random, budget: float = 0.0) -> Action:
    return rng.choice([a for a in view["legal_actions"] if a["type"] == "duel_reveal"])


def _players() -> Mapping[str, Player]:
    return {"beginner": _any_card}


def _stand_in() -> StandIn:
    return _any_card


ROSTER = Roster("duel", ("beginner",), _players, _stand_in)
