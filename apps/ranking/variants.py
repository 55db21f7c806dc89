"""Which games are played ranked: the variants that declare it (``Rules.ranked``: Elo rates one
winner against one loser, so a ranked game has two seats). Each has its own ladder, queue,
tournament and medals."""

from __future__ import annotations

from apps.matches.engine import VARIANTS


def ranked_variants() -> list[str]:
    """The ranked games, in the registry's order (klub first)."""
    return [name for name, rules in VARIANTS.items() if rules.ranked]


def is_ranked(variant: str) -> bool:
    return variant in ranked_variants()


def first_ranked() -> str:
    """The game of the addresses that name none (the leaderboard's ``/leaderboard/``): the first
    ranked game in the registry's order."""
    return ranked_variants()[0]
