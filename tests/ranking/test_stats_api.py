"""A player's ranked stats over the API, per game: matches, wins, rádli, Schneider, rating,
medals."""

from __future__ import annotations

import pytest
from django.utils import timezone

from apps.matches.models import Match
from apps.ranking.models import Medal
from apps.ranking.ratings import ratings_record

pytestmark = pytest.mark.django_db


def _by_game(body: dict) -> dict[str, dict]:
    return {entry["variant"]: entry for entry in body["variants"]}


def test_stats_count_finished_ranked_matches_only(make_player, finished_match, clock) -> None:
    anna = make_player(display_name="Anna")
    bela, viewer = make_player(), make_player(guest=True)
    results = [
        finished_match(anna.user, bela.user, schneider=True),
        finished_match(anna.user, bela.user, winner_seat=1),
        finished_match(bela.user, anna.user, schneider=True),
        finished_match(bela.user, anna.user, variant="sixty-six"),
    ]
    for match in results:
        winner = match.seats.get(index=match.winner_seat).user_id
        loser = match.seats.exclude(index=match.winner_seat).get().user_id
        ratings_record(
            match_id=match.pk, results=[(winner, True), (loser, False)], variant=match.variant
        )
    finished_match(anna.user, bela.user, voided=True)  # both vanished: not counted
    friendly = finished_match(anna.user, bela.user)
    Match.objects.filter(pk=friendly.pk).update(mode="friend")
    Medal.objects.create(
        user=anna.user, year=2026, month=9, rank=2, points=12, awarded_at=timezone.now()
    )
    Medal.objects.create(
        user=anna.user,
        variant="sixty-six",
        year=2026,
        month=8,
        rank=3,
        points=4,
        awarded_at=timezone.now(),
    )

    response = viewer.client.get(f"/api/v1/players/{anna.user.pk}/stats/")
    assert response.status_code == 200
    body = response.json()
    assert body["id"] == anna.user.pk and body["name"] == "Anna"
    assert [entry["variant"] for entry in body["variants"]] == ["klub", "sixty-six"]
    klub, sixty_six = _by_game(body)["klub"], _by_game(body)["sixty-six"]
    assert (klub["matches"], klub["wins"], klub["radli"], klub["schneider"]) == (3, 2, 1, 1)
    assert klub["rating"]["rated_matches"] == 3
    assert klub["rating"]["provisional"] is True
    assert klub["medals"] == [
        {"year": 2026, "month": 9, "rank": 2, "medal": "silver", "points": 12}
    ]
    # the sixty-six loss moved only the sixty-six ladder
    assert (sixty_six["matches"], sixty_six["wins"], sixty_six["radli"]) == (1, 0, 1)
    assert sixty_six["rating"] == {"rating": 1480, "rated_matches": 1, "provisional": True}
    assert sixty_six["medals"] == [
        {"year": 2026, "month": 8, "rank": 3, "medal": "bronze", "points": 4}
    ]


def test_stats_of_a_missing_player_are_a_404_and_need_a_token(make_player, anon) -> None:
    player = make_player()
    missing = player.client.get("/api/v1/players/999999/stats/")
    assert missing.status_code == 404
    assert missing.json()["code"] == "player_not_found"
    assert anon.get(f"/api/v1/players/{player.user.pk}/stats/").status_code == 401
    fresh = player.client.get(f"/api/v1/players/{player.user.pk}/stats/").json()
    for game in ("klub", "sixty-six"):
        entry = _by_game(fresh)[game]
        assert (entry["matches"], entry["rating"]["rating"], entry["medals"]) == (0, 1500, [])
