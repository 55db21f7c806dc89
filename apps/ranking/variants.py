"""Which games are played ranked: every registered variant of two seats (Elo rates one winner
against one loser). Each has its own ladder, queue, tournament and medals."""

from __future__ import annotations

from apps.matches.engine import VARIANTS


def ranked_variants() -> list[str]:
    """The ranked games, in the registry's order (klub first)."""
    return [name for name, rules in VARIANTS.items() if rules.seats == 2]


def is_ranked(variant: str) -> bool:
    return variant in ranked_variants()
