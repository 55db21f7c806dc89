"""The variants' clocks the operator sets (``config/settings``): the engine reads no settings,
so a variant whose rules take them is built here, for the product to register.

The engine's ``variants.BUILT_IN`` registers ``partnership`` with the engine's default window;
the app's ``ready()`` registers ``partnership_rules()`` in its place, whose doubling window is
``PARTNERSHIP_DOUBLING_SECONDS`` long (5 s by default)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings

from .engine.variants.partnership import PartnershipRules


def partnership_rules() -> PartnershipRules:
    """``partnership``'s rules with the doubling window of the setting."""
    window = timedelta(seconds=settings.PARTNERSHIP_DOUBLING_SECONDS)
    return PartnershipRules(doubling_window=window)
