"""Variant ``klub``: two seats, 20 cards (rules §2)."""

from .rules import KlubRules

__all__ = ["KlubRules"]
