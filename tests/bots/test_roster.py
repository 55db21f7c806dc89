"""Kati's players keyed by (variant, level): the roster's names and the players in step, a clear
error for a pair with no player, and the web process listing the levels without loading the
C search."""

from __future__ import annotations

import random

import pytest

from apps.bots.levels import PLAYERS, UnknownBot, choose_action, player_for
from apps.matches.engine import history_for, view_for
from apps.matches.strengths import DEFAULT_LEVEL, LEVELS, LEVELS_BY_VARIANT, levels_for
from tests.engine.builders import deck, start
from tests.process_modules import modules_loaded_by


def test_every_listed_level_has_a_player_and_every_player_is_listed() -> None:
    listed = {(v, level) for v, names in LEVELS_BY_VARIANT.items() for level in names}
    assert set(PLAYERS) == listed
    assert levels_for("klub") == ("beginner", "club", "strong", "expert")
    assert levels_for("sixty-six")[:2] == ("beginner", "club")
    assert levels_for("partnership") == ("beginner", "club", "strong", "expert")
    assert DEFAULT_LEVEL in levels_for("klub")
    assert set(LEVELS) == {level for _, level in listed}
    assert levels_for("no-such-variant") == ()


def test_a_pair_without_a_player_is_refused_by_name() -> None:
    state = start(deck(forehand="MU PA PX TK TO", dealer="ZU ZO ZK TA TX", trump="MA"))
    view = view_for(state, 0) | {"history": history_for(state, 0)}
    rng = random.Random(1)
    with pytest.raises(UnknownBot, match="no level 'grandmaster' in 'klub'"):
        choose_action(view, variant="klub", level="grandmaster", rng=rng, budget=0.05)
    with pytest.raises(UnknownBot, match="does not play the variant 'tarokk'"):
        choose_action(view, variant="tarokk", level="club", rng=rng, budget=0.05)
    with pytest.raises(UnknownBot):  # a view without history too: the pair is checked first
        choose_action(view_for(state, 0), variant="klub", level="master", rng=rng, budget=0.05)
    assert player_for("klub", "club") is PLAYERS["klub", "club"]


def test_the_web_process_lists_the_levels_without_loading_the_search() -> None:
    """The roster, the matches API and services, and the URL configuration they hang from,
    imported in a fresh process: no decision code, and not the C search."""
    loaded = modules_loaded_by(
        "apps.matches.strengths, apps.matches.api, apps.matches.services, config.urls"
    )
    assert "apps.matches.strengths" in loaded
    assert "apps.bots._search" not in loaded
    assert "apps.bots.levels" not in loaded
