"""The ``partnership`` variant with rules a test chooses (a doubling window, say), registered in
place of the product's for a block and the product's put back after it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from apps.matches.engine import VARIANTS, register, unregister
from apps.matches.engine.variants.partnership import PartnershipRules

PARTNERSHIP = "partnership"


@contextmanager
def partnership_registered(rules: PartnershipRules | None = None) -> Iterator[PartnershipRules]:
    """The variant (``rules``, by default the engine's), registered for the block."""
    product = VARIANTS[PARTNERSHIP]
    rules = rules or PartnershipRules()
    register(rules)
    try:
        assert VARIANTS[PARTNERSHIP] is rules
        yield rules
    finally:
        unregister(PARTNERSHIP)
        register(product)
    assert VARIANTS[PARTNERSHIP] is product
