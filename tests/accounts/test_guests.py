"""Guests: an identity without registration, good for playing the computer only."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from apps.accounts.models import User

from .conftest import Headless, unique_email, unique_ip

pytestmark = pytest.mark.django_db


def _new_guest(data: dict | None = None) -> dict:
    response = APIClient(REMOTE_ADDR=unique_ip()).post("/api/v1/guests/", data or {}, format="json")
    assert response.status_code == 201, response.content
    return response.json()  # type: ignore[no-any-return]


def _client_with_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_X_SESSION_TOKEN=token)
    return client


def test_a_guest_gets_a_session_token_that_authenticates_the_api() -> None:
    body = _new_guest()

    assert set(body) == {"session_token", "player"}
    assert body["player"]["is_guest"] is True
    assert body["player"]["display_name"] == "Vendég"
    me = _client_with_token(body["session_token"]).get("/api/v1/me/")
    assert me.status_code == 200
    assert me.json() == body["player"]


def test_a_guest_may_choose_a_display_name() -> None:
    body = _new_guest({"display_name": "  Kis Pista  "})

    assert body["player"]["display_name"] == "Kis Pista"
    me = _client_with_token(body["session_token"]).get("/api/v1/me/").json()
    assert me["display_name"] == "Kis Pista"


def test_every_guest_is_a_new_player() -> None:
    first, second = _new_guest(), _new_guest()

    assert first["player"]["id"] != second["player"]["id"]
    assert first["session_token"] != second["session_token"]
    assert User.objects.filter(is_guest=True).count() == 2


def test_the_guest_token_is_also_an_allauth_session_token() -> None:
    token = _new_guest()["session_token"]

    session = _client_with_token(token).get("/_allauth/app/v1/auth/session")

    assert session.status_code == 200
    assert session.json()["meta"]["is_authenticated"] is True


def test_a_too_long_display_name_is_refused() -> None:
    response = APIClient().post("/api/v1/guests/", {"display_name": "x" * 41}, format="json")

    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "invalid_input"
    assert "display_name" in response.json()["errors"]
    assert not User.objects.exists()


def test_a_signed_in_caller_cannot_become_a_guest(make_player: Callable) -> None:
    for player in (make_player(), make_player(guest=True)):
        response = player.client.post("/api/v1/guests/", {}, format="json")

        assert response.status_code == 409
        assert response["Content-Type"] == "application/problem+json"
        assert response.json()["code"] == "already_authenticated"
    assert User.objects.count() == 2


def test_a_signed_in_browser_cannot_become_a_guest() -> None:
    browser = Headless("browser")
    browser.register(unique_email())

    response = browser.api("post", "guests/", {})

    assert response.status_code == 409
    assert response.json()["code"] == "already_authenticated"


def test_guests_cannot_open_friend_rooms_but_players_can(make_player: Callable) -> None:
    guest = _client_with_token(_new_guest()["session_token"])

    response = guest.post("/api/v1/rooms/", {}, format="json")

    assert response.status_code == 403
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["code"] == "registration_required"
    assert make_player().client.post("/api/v1/rooms/", {}, format="json").status_code == 201


def test_guests_cannot_join_friend_rooms(make_player: Callable) -> None:
    room = make_player().client.post("/api/v1/rooms/", {}, format="json").json()
    guest = _client_with_token(_new_guest()["session_token"])

    response = guest.post("/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json")

    assert response.status_code == 403
    assert response.json()["code"] == "registration_required"


def test_guests_may_play_the_computer() -> None:
    guest = _client_with_token(_new_guest()["session_token"])

    assert guest.post("/api/v1/matches/computer/", {}, format="json").status_code == 201


def test_a_browser_guest_is_signed_in_by_the_session_cookie() -> None:
    browser = APIClient(enforce_csrf_checks=True, REMOTE_ADDR=unique_ip())

    created = browser.post("/api/v1/guests/", {"display_name": "Böske"}, format="json")

    assert created.status_code == 201
    me = browser.get("/api/v1/me/")  # no X-Session-Token: the cookie does it
    assert me.status_code == 200
    assert me.json()["display_name"] == "Böske"
