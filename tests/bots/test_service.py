"""Every level through the real service: a guest plays a whole match against it over HTTP."""

from __future__ import annotations

import random

import pytest

from apps.matches.strengths import levels_for
from tests.conftest import MakePlayer
from tests.matches.helpers import act, create_computer_match, fetch, random_move

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("level", sorted(levels_for("klub")))
def test_a_guest_plays_a_match_against_each_level(make_player: MakePlayer, level: str) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, variant="klub", strength=level)
    assert match["players"][1]["strength"] == level
    rng = random.Random(3)
    moves = 0
    while match["status"] == "active":
        view = match["view"]
        assert view["deal"]["turn"] == match["your_seat"]  # the computer has answered
        response = act(player, match, random_move(view, rng), f"move-{moves}")
        assert response.status_code == 200, response.content
        match = fetch(player, match["id"])
        moves += 1
    assert max(match["scores"]) >= 7 and match["end_reason"] == "points"
