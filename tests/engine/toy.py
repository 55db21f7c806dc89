"""A variant that only the tests register: klub with 3-card hands, played to 3 or 5. Registering
it runs it through the property tests and a whole match over the API with no change to the
generic code: the proof that the variant seam is one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from apps.matches.engine import VARIANTS, register, unregister
from apps.matches.engine.variants.klub import KlubRules

TOY = "klub-3"


class ThreeCardKlub(KlubRules):
    name = TOY
    hand_size = 3
    targets = (3, 5)


@contextmanager
def toy_registered() -> Iterator[None]:
    """The toy variant, registered for the duration of the block."""
    register(ThreeCardKlub())
    try:
        assert TOY in VARIANTS
        yield
    finally:
        unregister(TOY)
