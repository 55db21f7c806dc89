"""Kati's levels by game, as names only: what the club offers, lists and validates when a match
against her is made. Each game's roster is declared in ``apps/bots/rosters/``; the computer app
hands its level names in here when the apps are ready (``levels_register``: this app sits below
the bots and may not import them), so listing them never loads the decision code."""

from __future__ import annotations

# each game's level names, weakest first (docs/bots.md, "The levels"), as the rosters declare
LEVELS_BY_VARIANT: dict[str, tuple[str, ...]] = {}
# every level name of any game: the API's choices (filled with the rosters)
LEVELS: list[str] = []
DEFAULT_LEVEL = "beginner"
# Kati's level where she plays for a person: a paused seat's stand-in (where she has a player
# for the variant), a four-seat game's seat whose player quit, and its seat in a rematch
STAND_IN_LEVEL = "club"


def levels_register(variant: str, levels: tuple[str, ...]) -> None:
    """Kati plays ``variant`` at ``levels`` (its roster's, weakest first)."""
    LEVELS_BY_VARIANT[variant] = levels
    LEVELS[:] = dict.fromkeys(name for names in LEVELS_BY_VARIANT.values() for name in names)


def levels_unregister(variant: str) -> None:
    LEVELS_BY_VARIANT.pop(variant, None)
    LEVELS[:] = dict.fromkeys(name for names in LEVELS_BY_VARIANT.values() for name in names)


def levels_for(variant: str) -> tuple[str, ...]:
    """The level names of ``variant``, weakest first; none for a variant Kati does not play."""
    return LEVELS_BY_VARIANT.get(variant, ())
