"""Friend rooms: invite codes, joining, and who may not join."""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.matches.models import Match
from apps.matches.services import INVITE_ALPHABET
from apps.matches.tasks import rooms_expire_sweep
from tests.conftest import MakePlayer
from tests.matches.helpers import fetch

pytestmark = pytest.mark.django_db


def _open_room(host) -> dict:  # type: ignore[no-untyped-def]
    response = host.client.post("/api/v1/rooms/", {}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_room_has_a_six_character_unambiguous_code_and_a_join_link(
    make_player: MakePlayer,
) -> None:
    room = _open_room(make_player())
    code = room["invite"]["code"]
    assert len(code) == 6 and set(code) <= set(INVITE_ALPHABET)
    assert not set(code) & set("IL01O")
    assert room["invite"]["join_url"].endswith(f"/join/{code}")
    assert room["status"] == "waiting" and room["view"]["status"] == "not_started"
    assert room["view"]["legal_actions"] == []


def test_joining_by_code_is_case_insensitive_and_starts_the_match(make_player: MakePlayer) -> None:
    host, friend = make_player(), make_player()
    room = _open_room(host)
    joined = friend.client.post(
        "/api/v1/rooms/join/", {"code": f"  {room['invite']['code'].lower()} "}, format="json"
    )
    assert joined.status_code == 200
    match = joined.json()
    assert match["id"] == room["id"] and match["status"] == "active" and match["your_seat"] == 1
    assert len(match["view"]["deal"]["hand"]) == 5
    assert match["invite"] is None  # the room is full: no more invitation to show
    assert [p["name"] for p in match["players"]] == [
        host.user.display_name,
        friend.user.display_name,
    ]
    assert fetch(host, room["id"])["view"]["deal"]["hand"] != match["view"]["deal"]["hand"]


def test_a_third_player_gets_a_clear_409(make_player: MakePlayer) -> None:
    host, friend, third = make_player(), make_player(), make_player()
    code = _open_room(host)["invite"]["code"]
    assert (
        friend.client.post("/api/v1/rooms/join/", {"code": code}, format="json").status_code == 200
    )
    refused = third.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert refused.status_code == 409
    assert refused["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == "room_full"
    # nor can the third player see the match
    assert third.client.get(f"/api/v1/matches/{_match_id(code)}/").status_code == 404


def _match_id(code: str) -> str:
    return str(Match.objects.get(invite_code=code).id)


def test_the_host_cannot_join_their_own_room(make_player: MakePlayer) -> None:
    host = make_player()
    code = _open_room(host)["invite"]["code"]
    refused = host.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (409, "already_in_room")
    # the answer names the room's match, so a client opens it instead of the join page
    assert refused.json()["match_id"] == _match_id(code)


def test_a_member_joining_again_is_told_the_match(
    make_player: MakePlayer,
) -> None:
    host, friend = make_player(), make_player()
    code = _open_room(host)["invite"]["code"]
    joined = friend.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert joined.status_code == 200, joined.content
    again = friend.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "already_in_room")
    assert again.json()["match_id"] == joined.json()["id"]


def test_unknown_and_expired_codes(make_player: MakePlayer, settings) -> None:  # type: ignore[no-untyped-def]
    host, friend = make_player(), make_player()
    unknown = friend.client.post("/api/v1/rooms/join/", {"code": "ZZZZZZ"}, format="json")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "invite_not_found")
    settings.INVITE_CODE_TTL_SECONDS = 60
    room = _open_room(host)
    expires = Match.objects.get(pk=room["id"]).invite_expires_at
    assert expires is not None
    assert timedelta(seconds=55) < expires - timezone.now() <= timedelta(seconds=60)
    Match.objects.filter(pk=room["id"]).update(
        invite_expires_at=timezone.now() - timedelta(seconds=1)
    )
    expired = friend.client.post(
        "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
    )
    assert (expired.status_code, expired.json()["code"]) == (410, "invite_expired")
    # the deadline is applied when the room is next loaded: its code is free again
    assert fetch(host, room["id"])["status"] == "expired"
    assert fetch(host, room["id"])["invite"] is None
    assert Match.objects.get(pk=room["id"]).end_reason == "invite_expired"


def test_the_periodic_sweep_expires_rooms_nobody_looks_at(make_player: MakePlayer) -> None:
    host = make_player()
    stale, fresh = _open_room(host), _open_room(host)
    Match.objects.filter(pk=stale["id"]).update(invite_expires_at=timezone.now())
    assert rooms_expire_sweep.delay().get() == 1
    statuses = dict(Match.objects.values_list("id", "status"))
    assert statuses[UUID(stale["id"])] == "expired" and statuses[UUID(fresh["id"])] == "waiting"


def test_the_host_can_cancel_a_room_before_anyone_joins(make_player: MakePlayer) -> None:
    host, friend, stranger = make_player(), make_player(), make_player()
    room = _open_room(host)
    assert stranger.client.post(f"/api/v1/rooms/{room['id']}/cancel/").status_code == 404
    cancelled = host.client.post(f"/api/v1/rooms/{room['id']}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    joined = friend.client.post(
        "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
    )
    assert (joined.status_code, joined.json()["code"]) == (410, "invite_cancelled")
    again = host.client.post(f"/api/v1/rooms/{room['id']}/cancel/")
    assert (again.status_code, again.json()["code"]) == (409, "room_not_open")


def test_codes_are_unique_among_open_rooms(make_player: MakePlayer) -> None:
    host = make_player()
    room = _open_room(host)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.create(
            mode="friend",
            status="waiting",
            created_by=host.user,
            invite_code=room["invite"]["code"],
        )
    # once that room is playing or over, the code may be given to a new room
    Match.objects.filter(pk=room["id"]).update(status="finished")
    Match.objects.create(
        mode="friend", status="waiting", created_by=host.user, invite_code=room["invite"]["code"]
    )


def test_guests_play_only_the_computer(make_player: MakePlayer) -> None:
    guest, host = make_player(guest=True), make_player()
    opened = guest.client.post("/api/v1/rooms/", {}, format="json")
    assert (opened.status_code, opened.json()["code"]) == (403, "registration_required")
    code = _open_room(host)["invite"]["code"]
    joined = guest.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert (joined.status_code, joined.json()["code"]) == (403, "registration_required")


def test_moves_before_the_second_player_arrives_are_refused(make_player: MakePlayer) -> None:
    host = make_player()
    room = _open_room(host)
    body = {"action": {"type": "resign"}, "expected_version": 0, "client_move_id": "early"}
    refused = host.client.post(f"/api/v1/matches/{room['id']}/actions/", body, format="json")
    assert (refused.status_code, refused.json()["code"]) == (409, "match_not_started")


@pytest.mark.django_db(transaction=True)  # Kati's answer runs after commit
def test_the_host_may_seat_kati_in_the_empty_seat_and_the_match_starts(
    make_player: MakePlayer,
) -> None:
    """A room starts when it holds the variant's number of seats, people or Kati."""
    host = make_player()
    room = _open_room(host)
    seated = host.client.post(
        f"/api/v1/rooms/{room['id']}/seats/", {"strength": "club"}, format="json"
    )
    assert seated.status_code == 200, seated.content
    match = seated.json()
    assert match["status"] == "active" and match["invite"] is None
    assert match["players"][1]["strength"] == "club"
    assert match["view"]["deal"]["turn"] == match["your_seat"]  # Kati has answered if she led
    again = host.client.post(
        f"/api/v1/rooms/{room['id']}/seats/", {"strength": "club"}, format="json"
    )
    assert again.status_code == 409 and again.json()["code"] == "room_not_open"


def test_only_the_host_seats_kati(make_player: MakePlayer) -> None:
    host, other = make_player(), make_player()
    room = _open_room(host)
    refused = other.client.post(f"/api/v1/rooms/{room['id']}/seats/", {}, format="json")
    assert refused.status_code == 404 and refused.json()["code"] == "match_not_found"
    unknown = host.client.post(
        f"/api/v1/rooms/{room['id']}/seats/", {"strength": "grandmaster"}, format="json"
    )
    assert unknown.status_code == 400
    assert Match.objects.get(pk=room["id"]).status == Match.Status.WAITING
