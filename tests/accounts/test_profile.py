"""The caller's own profile: GET and PATCH /api/v1/me/."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from apps.accounts.models import User

pytestmark = pytest.mark.django_db

AVATAR = "https://cdn.example.com/a/1.png"


def test_me_shows_the_callers_profile(make_player: Callable) -> None:
    player = make_player(display_name="Kati néni")

    response = player.client.get("/api/v1/me/")

    assert response.status_code == 200
    assert response.json() == {
        "id": player.user.pk,
        "username": player.user.username,
        "display_name": "Kati néni",
        "avatar_url": "",
        "is_guest": False,
        "language": "",
    }


def test_the_language_setting_is_kept_and_answers_in_it(make_player: Callable) -> None:
    player = make_player()

    response = player.client.patch("/api/v1/me/", {"language": "en"}, format="json")

    assert response.status_code == 200
    assert response.json()["language"] == "en"
    assert User.objects.get(pk=player.user.pk).language == "en"
    refused = player.client.patch("/api/v1/me/", {"language": "de"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid_input"
    assert "de" in refused.json()["detail"] or refused.json()["errors"]


def test_a_guest_without_a_name_of_its_own_is_called_guest_in_its_language(
    make_player: Callable,
) -> None:
    guest = make_player(guest=True, display_name="Vendég")

    assert guest.client.get("/api/v1/me/").json()["display_name"] == "Vendég"
    english = guest.client.get("/api/v1/me/", HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["display_name"] == "Guest"


def test_patch_updates_display_name_and_avatar(make_player: Callable) -> None:
    player = make_player()

    response = player.client.patch(
        "/api/v1/me/", {"display_name": "Ászkirály", "avatar_url": AVATAR}, format="json"
    )

    assert response.status_code == 200
    assert (response.json()["display_name"], response.json()["avatar_url"]) == ("Ászkirály", AVATAR)
    assert player.client.get("/api/v1/me/").json() == response.json()


def test_patch_changes_only_the_fields_sent(make_player: Callable) -> None:
    player = make_player(display_name="Régi", avatar_url=AVATAR)

    response = player.client.patch("/api/v1/me/", {"display_name": "Új"}, format="json")

    assert response.status_code == 200
    user = User.objects.get(pk=player.user.pk)
    assert (user.display_name, user.avatar_url) == ("Új", AVATAR)


def test_the_avatar_can_be_removed(make_player: Callable) -> None:
    player = make_player(avatar_url=AVATAR)

    response = player.client.patch("/api/v1/me/", {"avatar_url": ""}, format="json")

    assert response.status_code == 200
    assert response.json()["avatar_url"] == ""


def test_guests_may_edit_their_profile_too(make_player: Callable) -> None:
    guest = make_player(guest=True)

    response = guest.client.patch("/api/v1/me/", {"display_name": "Pista"}, format="json")

    assert response.status_code == 200
    assert response.json()["display_name"] == "Pista"
    assert response.json()["is_guest"] is True


def test_read_only_fields_cannot_be_patched(make_player: Callable) -> None:
    guest = make_player(guest=True)

    response = guest.client.patch(
        "/api/v1/me/", {"is_guest": False, "username": "admin", "id": 1}, format="json"
    )

    # refused and named, not silently ignored (issue 28: inputs are strict)
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"is_guest", "username", "id"}
    user = User.objects.get(pk=guest.user.pk)
    assert (user.is_guest, user.username) == (True, guest.user.username)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"display_name": ""}, "display_name"),
        ({"display_name": "   "}, "display_name"),
        ({"display_name": "x" * 41}, "display_name"),
        ({"display_name": None}, "display_name"),
        ({"display_name": "a\x00b"}, "display_name"),
        ({"display_name": ["Pista"]}, "display_name"),
        ({"avatar_url": "not a url"}, "avatar_url"),
        ({"avatar_url": "javascript:alert(1)"}, "avatar_url"),
        ({"avatar_url": "https://example.com/" + "a" * 500}, "avatar_url"),
        ({"avatar_url": 42}, "avatar_url"),
    ],
)
def test_invalid_profile_changes_are_a_400_problem(
    make_player: Callable, data: dict, field: str
) -> None:
    player = make_player(display_name="Marad", avatar_url=AVATAR)

    response = player.client.patch("/api/v1/me/", data, format="json")

    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert (body["status"], body["code"]) == (400, "invalid_input")
    assert set(body["errors"]) == {field}
    user = User.objects.get(pk=player.user.pk)
    assert (user.display_name, user.avatar_url) == ("Marad", AVATAR)
