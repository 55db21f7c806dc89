"""A game's roster of Kati: its levels, weakest first, the player of each, and the stand-in that
plays for a person whose pause ran out. The players are loaded on first use, so that listing
the levels (the API's choices, a match's check) never loads the decision code."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

Action = dict[str, Any]
View = dict[str, Any]
# a level's player: one of the view's legal actions, within the budget (seconds)
Player = Callable[[View, random.Random, float], Action]
# a stand-in: one of the view's legal actions for a paused person's seat
StandIn = Callable[[View, random.Random], Action]


class UnknownBot(LookupError):
    """No player for this (variant, level) pair."""


@dataclass(frozen=True)
class Roster:
    """Kati in one game (``variant``): ``levels`` names its players weakest first; ``players``
    and ``stand_in`` load them (importing the decision code) when first asked."""

    variant: str
    levels: tuple[str, ...]
    load_players: Callable[[], Mapping[str, Player]] = field(repr=False)
    load_stand_in: Callable[[], StandIn] = field(repr=False)

    @cached_property
    def players(self) -> Mapping[str, Player]:
        players = self.load_players()
        if tuple(players) != self.levels:
            raise ValueError(f"{self.variant}: players {list(players)} for levels {self.levels}")
        return players

    @cached_property
    def stand_in(self) -> StandIn:
        return self.load_stand_in()

    def player(self, level: str) -> Player:
        """The player of ``level``; ``UnknownBot`` if the game has no such level."""
        try:
            return self.players[level]
        except KeyError:
            raise UnknownBot(
                f"Kati has no level {level!r} in {self.variant!r}; "
                f"its levels: {', '.join(self.levels)}"
            ) from None
