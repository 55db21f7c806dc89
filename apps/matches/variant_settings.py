"""The variants' clocks the operator sets (``config/settings``): the engine reads no settings,
so a variant whose rules take them is built here, for the product to register.

``partnership`` is not offered yet (``variants.BUILT_IN`` leaves it out); when it is, the
product registers ``partnership_rules()``, whose doubling window is
``PARTNERSHIP_DOUBLING_SECONDS`` long (5 s by default), rather than a ``PartnershipRules()``
with the engine's default."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings

from .engine.variants.partnership import PartnershipRules


def partnership_rules() -> PartnershipRules:
    """``partnership``'s rules with the doubling window of the setting."""
    window = timedelta(seconds=settings.PARTNERSHIP_DOUBLING_SECONDS)
    return PartnershipRules(doubling_window=window)
