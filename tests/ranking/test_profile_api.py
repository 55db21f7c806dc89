"""A player's public profile (``GET /api/v1/players/<id>/``): name, rating per ranked game,
medals, the latest finished ranked and friend matches; none for guests; nothing between two
players one of whom blocked the other."""

from __future__ import annotations

import pytest
from django.utils import timezone

from apps.matches.models import Match, Seat
from apps.ranking.models import Medal
from apps.ranking.ratings import ratings_record
from tests.matches.helpers import act, create_computer_match, create_friend_match, fetch

pytestmark = pytest.mark.django_db


def _finish(finished_match, winner, loser, **kwargs) -> Match:
    """A finished ranked match as stored, with its seats' results and its ratings recorded."""
    match = finished_match(winner.user, loser.user, **kwargs)
    for seat in match.seats.all():
        seat.result = "won" if seat.index == match.winner_seat else "lost"
        seat.save(update_fields=["result"])
    ratings_record(
        match_id=match.pk,
        results=[(winner.user.pk, True), (loser.user.pk, False)],
        variant=match.variant,
    )
    Match.objects.filter(pk=match.pk).update(scores=[7, 2])
    return match


def _profile(viewer, user_id: int):
    return viewer.client.get(f"/api/v1/players/{user_id}/")


def test_a_profile_shows_ratings_medals_and_recent_public_results(
    make_player, finished_match, clock, check
) -> None:
    anna = make_player(display_name="Anna")
    bela = make_player(display_name="Béla")
    viewer = make_player(guest=True)
    _finish(finished_match, anna, bela)
    _finish(finished_match, bela, anna, variant="sixty-six")
    Medal.objects.create(
        user=anna.user, year=2026, month=9, rank=1, points=20, awarded_at=timezone.now()
    )
    # a friend match she resigned, and a match against Kati: only the first is public
    friendly = create_friend_match(anna, bela)
    assert act(anna, fetch(anna, friendly["id"]), {"type": "resign"}, "r1").status_code == 200
    create_computer_match(anna)

    response = _profile(viewer, anna.user.pk)
    check(response, "/api/v1/players/{user_id}/")
    body = response.json()
    assert (body["id"], body["name"], body["is_you"]) == (anna.user.pk, "Anna", False)
    ratings = {r["variant"]: r for r in body["ratings"]}
    assert (ratings["klub"]["matches"], ratings["klub"]["wins"]) == (1, 1)
    assert ratings["klub"]["rating"]["rating"] > 1500 > ratings["sixty-six"]["rating"]["rating"]
    assert body["medals"] == [
        {"variant": "klub", "year": 2026, "month": 9, "rank": 1, "medal": "gold", "points": 20}
    ]
    recent = body["recent"]
    assert [(r["mode"], r["variant"], r["result"]) for r in recent] == [
        ("friend", "klub", "lost"),
        ("ranked", "sixty-six", "lost"),
        ("ranked", "klub", "won"),
    ]
    assert {o["name"] for r in recent for o in r["others"]} == {"Béla"}
    # no match id, no card: nothing to open a table by
    assert "id" not in recent[0] and "view" not in recent[0]
    assert _profile(anna, anna.user.pk).json()["is_you"] is True


def test_guests_and_missing_players_have_no_profile(make_player) -> None:
    anna = make_player()
    guest = make_player(guest=True)
    for user_id in (guest.user.pk, 999_999):
        response = _profile(anna, user_id)
        assert (response.status_code, response.json()["code"]) == (404, "player_not_found")
    closed = make_player(is_active=False)
    assert _profile(anna, closed.user.pk).status_code == 404


def test_no_profile_between_players_one_of_whom_blocked_the_other(make_player) -> None:
    anna, bela, cili = make_player(), make_player(), make_player()
    blocked = anna.client.post("/api/v1/blocks/", {"user_id": bela.user.pk}, format="json")
    assert blocked.status_code == 201
    # either way round: neither sees the other's
    for viewer, other in ((anna, bela), (bela, anna)):
        response = _profile(viewer, other.user.pk)
        assert (response.status_code, response.json()["code"]) == (404, "player_not_found")
    assert _profile(cili, bela.user.pk).status_code == 200
    # Cili's match with Béla is not in what Anna sees of Cili
    friendly = create_friend_match(cili, bela)
    assert act(bela, fetch(bela, friendly["id"]), {"type": "resign"}, "r2").status_code == 200
    assert _profile(anna, cili.user.pk).json()["recent"] == []
    assert len(_profile(cili, cili.user.pk).json()["recent"]) == 1
    anna.client.delete(f"/api/v1/blocks/{bela.user.pk}/")
    assert _profile(anna, bela.user.pk).status_code == 200


def test_a_profile_needs_a_session(anon, make_player) -> None:
    anna = make_player()
    assert anon.get(f"/api/v1/players/{anna.user.pk}/").status_code == 401
    assert Seat.objects.count() == 0
