"""The leaderboard pages as a visitor sees them (in Hungarian, the club's language; English is
tested in test_page_language.py), and a player's stats over the API."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.utils import timezone

from apps.ranking.models import Medal, Rating, Standing

pytestmark = pytest.mark.django_db


def medal(user, year: int, month: int, rank: int) -> Medal:  # type: ignore[no-untyped-def]
    return Medal.objects.create(
        user=user, year=year, month=month, rank=rank, points=30 - rank, awarded_at=timezone.now()
    )


def test_the_elo_page_ranks_players_with_their_medals(make_player) -> None:
    anna = make_player(display_name="Anna Kovács")
    bela = make_player(display_name="Béla")
    newcomer = make_player(display_name="Nobody Yet")
    Rating.objects.create(user=anna.user, rating=1610, matches=25)
    Rating.objects.create(user=bela.user, rating=1555, matches=3)
    Rating.objects.create(user=newcomer.user, rating=1500, matches=0)  # only queued so far
    medal(anna.user, 2026, 9, 1)

    response = Client().get("/leaderboard/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert html.index("Anna Kovács") < html.index("Béla")
    assert "1610" in html and "1555" in html
    assert "Arany 2026-09" in html
    assert 'title="Aranyérem, 2026-09"' in html
    assert "ideiglenes" in html  # Béla: fewer than 20 rated matches
    assert "Nobody Yet" not in html


def test_the_elo_page_is_paginated(make_player, settings) -> None:
    settings.RANKING_PAGE_SIZE = 2
    for i in range(5):
        player = make_player(display_name=f"Player {i}")
        Rating.objects.create(user=player.user, rating=1600 - i, matches=1)
    first = Client().get("/leaderboard/").content.decode()
    assert "Player 0" in first and "Player 1" in first and "Player 2" not in first
    assert "1. oldal (összesen 3)" in first
    third = Client().get("/leaderboard/", {"page": 3}).content.decode()
    assert "Player 4" in third and "Player 0" not in third
    assert "3. oldal (összesen 3)" in third


def test_a_month_page_shows_its_standings_and_medal_winners(make_player) -> None:
    anna, bela, cili = (make_player(display_name=n) for n in ("Anna", "Béla", "Cili"))
    reached = datetime(2026, 9, 10, tzinfo=UTC)
    for user, points, gain in ((anna.user, 9, 30), (cili.user, 7, 12), (bela.user, 7, 4)):
        Standing.objects.create(
            user=user,
            year=2026,
            month=9,
            points=points,
            wins=2,
            losses=1,
            elo_gain=gain,
            reached_at=reached,
        )
    for rank, user in enumerate((anna.user, cili.user, bela.user), start=1):
        medal(user, 2026, 9, rank)

    response = Client().get("/leaderboard/2026/9/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Havi verseny · 2026. szeptember · Klub</h1>" in html
    assert "Érmesek" in html
    assert html.index("Anna") < html.index("Cili") < html.index("Béla")
    assert ">Arany</span>" in html and ">Ezüst</span>" in html and ">Bronz</span>" in html
    assert "Bronz 2026-09" in html
    assert "29 pont" in html

    empty = Client().get("/leaderboard/2026/8/")
    assert empty.status_code == 200
    assert (
        "Ebben a hónapban (2026. augusztus) nem játszottak ranglistás meccset."
        in empty.content.decode()
    )


@pytest.mark.parametrize(
    "path",
    [
        "/leaderboard/2026/13/",
        "/leaderboard/2026/0/",
        "/leaderboard/1999/5/",
        "/leaderboard/2999/1/",
    ],
)
def test_a_month_that_does_not_exist_or_has_not_come_is_a_404_page(path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "Erre a hónapra nincs verseny." in response.content.decode()


def test_the_current_month_is_live(make_player) -> None:
    now = timezone.now()
    response = Client().get(f"/leaderboard/{now.year}/{now.month}/")
    assert response.status_code == 200
    assert "A hónap még tart" in response.content.decode()
