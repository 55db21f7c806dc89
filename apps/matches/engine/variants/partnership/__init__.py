"""Variant ``partnership``: four seats, 24 cards, bidding, a secret partner (rules §4 and §6)."""

from .rules import PartnershipRules

__all__ = ["PartnershipRules"]
