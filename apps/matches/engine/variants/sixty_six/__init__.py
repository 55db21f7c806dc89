"""Variant ``sixty-six``: two seats, 24 cards, declaring "enough" (rules §3 and §6)."""

from .rules import SixtySixRules

__all__ = ["SixtySixRules"]
