"""The leaderboards over the API: each ranked game's ladder and monthly standings, as the pages
show them, open to visitors, a page at a time, as the schema documents."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.utils import timezone

from apps.ranking.models import Medal, Rating, Standing

pytestmark = pytest.mark.django_db

LADDER, MONTH = "/api/v1/leaderboards/{variant}/", "/api/v1/leaderboards/{variant}/{year}/{month}/"


@pytest.fixture
def boards(make_player) -> dict[str, int]:
    anna, bela, cili = (make_player(display_name=n) for n in ("Anna", "Béla", "Cili"))
    Rating.objects.create(user=anna.user, rating=1610, matches=25)
    Rating.objects.create(user=bela.user, rating=1555, matches=3)
    Rating.objects.create(user=cili.user, rating=1500, matches=0)  # queued only: not listed
    Rating.objects.create(user=cili.user, variant="sixty-six", rating=1530, matches=1)
    reached = datetime(2026, 9, 3, tzinfo=UTC)
    for user, points in ((anna.user, 9), (bela.user, 4)):
        Standing.objects.create(
            user=user, year=2026, month=9, points=points, wins=points // 3, reached_at=reached
        )
    Standing.objects.create(
        user=cili.user,
        variant="sixty-six",
        year=2026,
        month=9,
        points=3,
        wins=1,
        reached_at=reached,
    )
    Medal.objects.create(
        user=anna.user, year=2026, month=9, rank=1, points=9, awarded_at=timezone.now()
    )
    return {"anna": anna.user.pk, "bela": bela.user.pk, "cili": cili.user.pk}


def test_each_game_has_its_own_ladder_open_to_visitors(anon, check, boards) -> None:
    klub = check(anon.get("/api/v1/leaderboards/klub/"), LADDER)
    assert klub["count"] == 2
    assert [(r["rank"], r["player"]["name"], r["rating"]) for r in klub["results"]] == [
        (1, "Anna", 1610),
        (2, "Béla", 1555),
    ]
    assert klub["results"][0]["medals"][0]["medal"] == "gold"
    assert klub["results"][1]["provisional"] is True
    six = check(anon.get("/api/v1/leaderboards/sixty-six/"), LADDER)
    assert [(r["player"]["id"], r["rating"], r["medals"]) for r in six["results"]] == [
        (boards["cili"], 1530, [])
    ]


def test_ranks_count_from_the_top_across_pages(anon, check, boards) -> None:
    second = check(anon.get("/api/v1/leaderboards/klub/?limit=1&offset=1"), LADDER)
    assert [(r["rank"], r["player"]["name"]) for r in second["results"]] == [(2, "Béla")]
    assert second["previous"] is not None and second["next"] is None
    bad = anon.get("/api/v1/leaderboards/klub/?limit=x")
    assert check(bad, LADDER)["code"] == "invalid_input"


def test_a_month_lists_the_games_standings_with_its_medals(anon, check, boards) -> None:
    klub = check(anon.get("/api/v1/leaderboards/klub/2026/9/"), MONTH)
    assert [(r["rank"], r["player"]["name"], r["points"], r["medal"]) for r in klub["results"]] == [
        (1, "Anna", 9, "gold"),
        (2, "Béla", 4, None),
    ]
    six = check(anon.get("/api/v1/leaderboards/sixty-six/2026/9/"), MONTH)
    assert [(r["player"]["id"], r["points"]) for r in six["results"]] == [(boards["cili"], 3)]


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/leaderboards/tarokk/",
        "/api/v1/leaderboards/tarokk/2026/9/",
        "/api/v1/leaderboards/klub/2026/13/",
        "/api/v1/leaderboards/klub/2019/12/",
        "/api/v1/leaderboards/klub/2999/1/",
    ],
)
def test_no_such_game_or_month_is_a_404(anon, check, path) -> None:
    response = anon.get(path)
    assert response.status_code == 404
    schema_path = LADDER if path.count("/") == 5 else MONTH
    assert check(response, schema_path)["code"] == "leaderboard_not_found"
