"""The event store on PostgreSQL: append-only for real, one sequence per match."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.utils import DatabaseError

from apps.matches.models import MatchEvent
from tests.conftest import MakePlayer

pytestmark = pytest.mark.django_db(transaction=True)


def _computer_match(make_player: MakePlayer) -> tuple:
    player = make_player(guest=True)
    response = player.client.post("/api/v1/matches/computer/", {}, format="json")
    assert response.status_code == 201
    return player, response.json()


def test_events_cannot_be_updated_or_deleted(make_player: MakePlayer) -> None:
    _, match = _computer_match(make_player)
    event = MatchEvent.objects.filter(match_id=match["id"]).order_by("seq").first()
    assert event is not None
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        MatchEvent.objects.filter(pk=event.pk).update(type="tampered")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        MatchEvent.objects.filter(pk=event.pk).delete()
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("DELETE FROM matches_matchevent")
    event.refresh_from_db()
    assert event.type == "match_started"
    assert MatchEvent.objects.filter(match_id=match["id"]).count() == match["version"]


def test_two_events_cannot_share_a_sequence_number(make_player: MakePlayer) -> None:
    _, match = _computer_match(make_player)
    first = MatchEvent.objects.get(match_id=match["id"], seq=1)
    duplicate = MatchEvent(
        match_id=match["id"],
        seq=1,
        type="x",
        schema_version=1,
        payload={},
        batch=1,
        recorded_at=first.recorded_at,
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        duplicate.save()
