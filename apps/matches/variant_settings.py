"""The variants' clocks the operator sets (``config/settings``): the engine reads no settings,
so the options of a variant whose rules take them are handed to the engine's registry here,
before the variant is first made (``registry.configure``): each variant is made once.

``partnership``'s doubling window is ``PARTNERSHIP_DOUBLING_SECONDS`` long (5 s by default)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings

from .engine import configure
from .engine.variants.partnership import PartnershipRules


def partnership_rules() -> PartnershipRules:
    """``partnership``'s rules with the doubling window of the setting."""
    return PartnershipRules(**_partnership_options())


def _partnership_options() -> dict[str, timedelta]:
    return {"doubling_window": timedelta(seconds=settings.PARTNERSHIP_DOUBLING_SECONDS)}


def variants_configure() -> None:
    """Hand the operator's settings to the variants that take them (the app's ``ready()``)."""
    configure(PartnershipRules.name, **_partnership_options())
