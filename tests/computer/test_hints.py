"""A hint, what Kati would play for one's own seat: given in games against Kati (each game),
always one of the seat's own legal moves and accepted when played; refused between people, to
anyone not at the table, after the match, and beyond its rate."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.core.cache import cache

from apps.computer.api import HintThrottle
from tests.conftest import MakePlayer
from tests.matches.helpers import act, create_computer_match, create_friend_match, fetch

pytestmark = pytest.mark.django_db(transaction=True)

GIVING_UP = {"surrender", "resign", "leave"}


def hint(player: Any, match_id: str) -> Any:
    return player.client.get(f"/api/v1/matches/{match_id}/hint/")


@pytest.mark.parametrize("variant", ["klub", "sixty-six", "partnership"])
def test_the_hint_is_a_legal_move_of_ones_own_and_is_accepted(
    make_player: MakePlayer, variant: str
) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, variant=variant, strength="beginner")
    for move in range(4):  # a few moves in a row, each on the hint
        match = fetch(player, match["id"])
        if match["status"] != "active":
            break
        answer = hint(player, match["id"])
        assert answer.status_code == 200, answer.content
        given = answer.json()
        assert given["version"] == match["version"]
        assert given["level"] == "expert"
        assert given["action"] in match["view"]["legal_actions"]
        assert given["action"]["type"] not in GIVING_UP
        played = act(player, match, given["action"], f"hint-{move}")
        assert played.status_code == 200, played.content


def test_no_hint_between_people(make_player: MakePlayer) -> None:
    host, friend = make_player(display_name="Béla"), make_player(display_name="Cili")
    match = create_friend_match(host, friend)
    for who in (host, friend):
        answer = hint(who, match["id"])
        assert answer.status_code == 403
        assert answer.json()["code"] == "hint_not_offered"


def test_no_hint_for_someone_elses_match_or_after_the_end(make_player: MakePlayer) -> None:
    player, stranger = make_player(guest=True), make_player(guest=True)
    match = create_computer_match(player, variant="klub", strength="club")
    answer = hint(stranger, match["id"])
    assert answer.status_code == 404 and answer.json()["code"] == "match_not_found"
    assert "action" not in answer.json()

    resigned = act(player, fetch(player, match["id"]), {"type": "resign"}, "resign")
    assert resigned.status_code == 200, resigned.content
    answer = hint(player, match["id"])
    assert answer.status_code == 409 and answer.json()["code"] == "match_over"


def test_hints_are_rationed(make_player: MakePlayer, settings: Any) -> None:
    settings.HINT_RATE = "2/min"
    player = make_player(guest=True)
    match = create_computer_match(player, variant="klub", strength="club")
    # (an earlier test's player with the same id may have asked this minute: its count goes)
    cache.delete(HintThrottle().get_cache_key(SimpleNamespace(user=player.user), None))
    assert [hint(player, match["id"]).status_code for _ in range(3)] == [200, 200, 429]
    assert hint(player, match["id"]).json()["code"] == "throttled"
