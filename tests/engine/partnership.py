"""The ``partnership`` variant, registered for the tests only: it has no computer player and no
web client yet, so the product does not offer it (``variants.BUILT_IN`` leaves it out) until
they come; the lead registers it then."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from apps.matches.engine import VARIANTS, register, unregister
from apps.matches.engine.variants.partnership import PartnershipRules

PARTNERSHIP = "partnership"


@contextmanager
def partnership_registered(rules: PartnershipRules | None = None) -> Iterator[PartnershipRules]:
    """The variant (``rules``, by default the engine's), registered for the block."""
    rules = rules or PartnershipRules()
    register(rules)
    try:
        assert VARIANTS[PARTNERSHIP] is rules
        yield rules
    finally:
        unregister(PARTNERSHIP)
