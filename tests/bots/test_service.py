"""Every level through the real service: a guest plays a whole match against it over HTTP."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.bots import services as bot_services
from apps.bots.receivers import bot_move_schedule
from apps.matches.signals import events_appended
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


def test_the_computer_never_plays_a_move_chosen_before_the_match_moved_on(
    make_player: MakePlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kati thinks outside the match lock: if the match changes while she chooses (here the
    player resigns), she reads it again instead of applying her stale choice."""
    player = make_player(guest=True)
    events_appended.disconnect(dispatch_uid="bots.move")  # Kati answers only when asked here
    try:
        match = create_computer_match(player, variant="klub", strength="beginner")
        rng = random.Random(5)
        while match["view"]["deal"]["turn"] == match["your_seat"]:
            assert act(player, match, random_move(match["view"], rng), "mine").status_code == 200
            match = fetch(player, match["id"])
        choose, thought = bot_services._choose, []

        def resigned_meanwhile(*args: Any) -> Any:
            thought.append(choose(*args))
            fresh = fetch(player, match["id"])
            assert act(player, fresh, {"type": "resign"}, "resign").status_code == 200
            return thought[-1]

        monkeypatch.setattr(bot_services, "_choose", resigned_meanwhile)
        assert bot_services.bot_move_play(match_id=match["id"]) is False
    finally:
        events_appended.connect(bot_move_schedule, dispatch_uid="bots.move")
    assert thought, "Kati chose a move"
    final = fetch(player, match["id"])
    assert final["status"] == "finished" and final["end_reason"] == "resigned"
    assert final["version"] == match["version"] + 2  # the resignation's events, nothing of hers
