"""Rating a finished ranked match: both ratings, their history, idempotence, the month's
standings, all in one call the match service makes."""

from __future__ import annotations

import pytest
from django.db import transaction

from apps.ranking.models import Rating, RatingChange, Standing
from apps.ranking.ratings import ratings_record

pytestmark = pytest.mark.django_db


def test_a_win_moves_both_ratings_and_leaves_a_history_row_each(
    make_player, finished_match, clock
) -> None:
    anna, bela = make_player(), make_player()
    match = finished_match(anna.user, bela.user)
    ratings_record(match_id=match.pk, results=[(anna.user.pk, True), (bela.user.pk, False)])

    assert Rating.objects.get(user=anna.user).rating == 1520
    assert Rating.objects.get(user=bela.user).rating == 1480
    rows = {r.user_id: r for r in RatingChange.objects.filter(match=match)}
    assert (rows[anna.user.pk].before, rows[anna.user.pk].after, rows[anna.user.pk].delta) == (
        1500,
        1520,
        20,
    )
    assert rows[bela.user.pk].delta == -20
    assert rows[anna.user.pk].won and not rows[bela.user.pk].won
    assert rows[anna.user.pk].created_at == clock.now


def test_recording_the_same_match_twice_changes_nothing(make_player, finished_match, clock) -> None:
    anna, bela = make_player(), make_player()
    match = finished_match(anna.user, bela.user)
    for _ in range(3):
        with transaction.atomic():  # as inside the match service's transaction
            ratings_record(
                match_id=str(match.pk), results=[(anna.user.pk, True), (bela.user.pk, False)]
            )
    assert Rating.objects.get(user=anna.user).matches == 1
    assert RatingChange.objects.count() == 2
    standing = Standing.objects.get(user=anna.user)
    assert (standing.points, standing.wins) == (3, 1)


def test_the_provisional_k_ends_after_20_rated_matches(make_player, finished_match, clock) -> None:
    anna, bela = make_player(), make_player()
    deltas = []
    for _ in range(21):
        match = finished_match(anna.user, bela.user)
        ratings_record(match_id=match.pk, results=[(anna.user.pk, True), (bela.user.pk, False)])
        # bring the ratings back level, so each delta shows K / 2
        Rating.objects.filter(user__in=[anna.user, bela.user]).update(rating=1500)
        deltas.append(RatingChange.objects.get(match=match, user=anna.user).delta)
    assert deltas[:20] == [20] * 20
    assert deltas[20] == 10


def test_a_win_and_a_loss_count_in_the_months_standings(make_player, finished_match, clock) -> None:
    anna, bela = make_player(), make_player()
    ratings_record(
        match_id=finished_match(anna.user, bela.user).pk,
        results=[(anna.user.pk, True), (bela.user.pk, False)],
    )
    clock.advance(60)
    ratings_record(
        match_id=finished_match(bela.user, anna.user).pk,
        results=[(bela.user.pk, True), (anna.user.pk, False)],
    )
    a = Standing.objects.get(user=anna.user, year=2026, month=10)
    b = Standing.objects.get(user=bela.user, year=2026, month=10)
    assert (a.points, a.wins, a.losses) == (4, 1, 1)
    assert (b.points, b.wins, b.losses) == (4, 1, 1)
    assert a.elo_gain == 20 - 22 and b.elo_gain == -20 + 22
    assert b.reached_at == clock.now


def test_a_player_cannot_beat_themselves(make_player, finished_match, clock) -> None:
    anna = make_player()
    with pytest.raises(ValueError):
        ratings_record(match_id="x", results=[(anna.user.pk, True), (anna.user.pk, False)])
