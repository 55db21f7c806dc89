"""The monthly tournament: matches count for the UTC month they end in, medals to the top three
after the month, awarded once."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from apps.common.errors import Conflict
from apps.ranking import ratings, tasks, tournament
from apps.ranking.models import Medal, Rating, Standing

pytestmark = pytest.mark.django_db


def play(finished_match, winner, loser) -> None:  # type: ignore[no-untyped-def]
    match = finished_match(winner.user, loser.user)
    ratings.ratings_record(
        match_id=match.pk, results=[(winner.user.pk, True), (loser.user.pk, False)]
    )


def test_matches_count_for_the_utc_month_they_end_in(make_player, finished_match, clock) -> None:
    anna, bela = make_player(), make_player()
    clock.now = datetime(2026, 10, 31, 23, 59, 59, tzinfo=UTC)
    play(finished_match, anna, bela)
    clock.now = datetime(2026, 11, 1, 0, 0, 1, tzinfo=UTC)
    play(finished_match, anna, bela)
    october = Standing.objects.get(user=anna.user, year=2026, month=10)
    november = Standing.objects.get(user=anna.user, year=2026, month=11)
    assert (october.points, october.wins) == (3, 1)
    assert (november.points, november.wins) == (3, 1)


def test_the_month_closes_after_midnight_with_medals_to_the_top_three_once(
    make_player, finished_match, clock
) -> None:
    anna, bela, cili, dani, ede = (make_player() for _ in range(5))
    clock.now = datetime(2026, 10, 5, tzinfo=UTC)
    play(finished_match, anna, bela)  # anna 3, bela 1
    play(finished_match, anna, cili)  # anna 6, cili 1
    clock.advance(3600)
    play(finished_match, dani, ede)  # dani 3, ede 1
    clock.advance(3600)
    play(finished_match, cili, ede)  # cili 4, ede 2
    # anna 6; cili 4; dani 3 (+20 Elo) and bela 1 …: gold anna, silver cili, bronze dani
    clock.now = datetime(2026, 10, 31, 23, 59, tzinfo=UTC)
    assert tasks.months_close.delay().get() == 0  # October is not over yet
    with pytest.raises(Conflict):
        tournament.month_close(year=2026, month=10)

    clock.now = datetime(2026, 11, 1, 0, 5, tzinfo=UTC)
    play(finished_match, bela, anna)  # November: no effect on October's medals
    assert tasks.months_close.delay().get() == 3
    medals = {m.rank: m.user_id for m in Medal.objects.filter(year=2026, month=10)}
    assert medals == {1: anna.user.pk, 2: cili.user.pk, 3: dani.user.pk}
    assert Medal.objects.get(year=2026, month=10, rank=1).kind == "gold"

    clock.advance(3600)  # the beat runs again (and a worker retries)
    assert tasks.months_close.delay().get() == 0
    assert tournament.month_close(year=2026, month=10) == []
    assert Medal.objects.count() == 3


def test_ties_go_to_the_elo_gained_then_to_whoever_got_there_first(
    make_player, finished_match, clock
) -> None:
    strong, weak, early, late, x, y = (make_player() for _ in range(6))
    clock.now = datetime(2026, 9, 2, tzinfo=UTC)
    # strong beats a higher-rated opponent: more Elo gained than the others' wins
    Rating.objects.create(user=x.user, rating=1700)
    play(finished_match, strong, x)  # strong: 3 points, +29
    clock.advance(60)
    play(finished_match, early, y)  # early: 3 points, +20, first to 3 among the +20s
    clock.advance(60)
    play(finished_match, late, weak)  # late: 3 points, +20, later
    clock.now = datetime(2026, 10, 1, 0, 5, tzinfo=UTC)
    tournament.months_close_due()
    medals = {m.rank: m.user_id for m in Medal.objects.filter(year=2026, month=9)}
    assert medals == {1: strong.user.pk, 2: early.user.pk, 3: late.user.pk}


def test_a_month_with_fewer_than_three_players_awards_fewer_medals(
    make_player, finished_match, clock
) -> None:
    anna, bela = make_player(), make_player()
    clock.now = datetime(2026, 12, 31, 12, tzinfo=UTC)
    play(finished_match, anna, bela)
    clock.now = datetime(2027, 1, 1, 0, 5, tzinfo=UTC)
    assert tournament.months_close_due() == 2
    assert list(Medal.objects.values_list("year", "month", "rank", "user_id")) == [
        (2026, 12, 1, anna.user.pk),
        (2026, 12, 2, bela.user.pk),
    ]
