"""The duel registered for a test: its rules in the engine's registry, Kati's roster, and its
rule codes in the error catalogue (as the product does for its own games when it starts)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from apps.bots.rosters import roster_register, roster_unregister
from apps.common.catalogue import CATALOGUE, RULE_STATUS, codes_register
from apps.matches.engine import VARIANTS, register, unregister
from tests.matches.ws_helpers import Sockets

from .game import NAME, DuelRules
from .kati import ROSTER


@pytest.fixture
def duel() -> Iterator[DuelRules]:
    rules = register(DuelRules())
    roster_register(ROSTER)
    missing = {code: meaning for code, meaning in rules.codes.items() if code not in CATALOGUE}
    # a game brings its codes' words in both languages (the duel's are English in both)
    texts = {code: (meaning, meaning) for code, meaning in missing.items()}
    codes_register(missing, status=RULE_STATUS, topic="rules", texts=texts)
    try:
        yield rules
    finally:
        roster_unregister(NAME)
        unregister(NAME)
    assert NAME not in VARIANTS


@pytest.fixture
async def sockets() -> AsyncIterator[Sockets]:
    opened = Sockets()
    yield opened
    await opened.close_all()
