"""A guest who signs up keeps everything it played; one who logs in to an existing account may
bring its finished matches along; nobody else may take them; too many guests from one address
are told when to come back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest
from django.core import mail
from rest_framework.test import APIClient

from apps.matches.integrity import store_problems
from tests.matches.helpers import GIVING_UP, PRESENCE

from .conftest import PASSWORD, Headless, mailed_code, unique_email, unique_ip

# committed, as in production: a changed player is read afresh by every session (the token cache)
pytestmark = pytest.mark.django_db(transaction=True)


def become_guest(client: Headless) -> dict:
    """The client plays as a guest from now on (its cookie, or its token)."""
    response = client.api("post", "guests/", {})
    assert response.status_code == 201, response.content
    if client.kind == "app":
        client.token = response.json()["session_token"]
    return response.json()["player"]  # type: ignore[no-any-return]


def a_match_against_kati(client: Headless, *, finished: bool) -> str:
    match = client.api("post", "matches/computer/", {}).json()
    if finished:
        resign = next(a for a in match["view"]["legal_actions"] if a["type"] == "resign")
        moved = play(client, match, resign)
        assert moved.status_code == 200, moved.content
        assert client.api("get", f"matches/{match['id']}/").json()["status"] == "finished"
    return match["id"]  # type: ignore[no-any-return]


def play(client: Headless, match: dict, action: dict) -> Any:
    body = {"action": action, "expected_version": match["version"], "client_move_id": str(action)}
    return client.api("post", f"matches/{match['id']}/actions/", body)


def my_match_ids(client: Headless) -> set[str]:
    response = client.api("get", "matches/?limit=50&offset=0")
    assert response.status_code == 200, response.content
    return {m["id"] for m in response.json()["results"]}


def test_a_guest_who_signs_up_keeps_its_matches_and_plays_on(
    headless: Callable[[], Headless], make_player: Callable
) -> None:
    client = headless()
    guest = become_guest(client)
    done = a_match_against_kati(client, finished=True)
    going = a_match_against_kati(client, finished=False)
    rude = make_player()
    assert client.api("post", "blocks/", {"user_id": rude.user.id}).status_code == 201
    email = unique_email()

    signed_up = client.sign_up(email)

    assert signed_up.status_code == 401, signed_up.content
    # until the code is typed in, the player is still the guest, and only a guest
    me = client.api("get", "me/").json()
    assert (me["id"], me["is_guest"]) == (guest["id"], True)
    assert client.api("post", "rooms/", {}).json()["code"] == "registration_required"

    verified = client.verify_email(mailed_code(email))

    assert verified.status_code == 200, verified.content
    me = client.api("get", "me/").json()
    assert me["id"] == guest["id"]
    assert me["is_guest"] is False
    assert me["display_name"].startswith("Játékos ")
    assert my_match_ids(client) == {done, going}
    match = client.api("get", f"matches/{going}/").json()
    assert match["status"] == "active"
    move = next(a for a in match["view"]["legal_actions"] if a["type"] not in GIVING_UP + PRESENCE)
    assert play(client, match, move).status_code == 200
    blocks = client.api("get", "blocks/?limit=10&offset=0").json()["results"]
    assert [b["user_id"] for b in blocks] == [rude.user.id]
    assert client.api("get", "wallet/").json()["balance"] == 1000
    assert client.api("post", "rooms/", {}).status_code == 201
    # the member logs in with the address and password it chose
    again = Headless(client.kind)
    assert again.log_in(email).status_code == 200
    assert again.api("get", "me/").json()["id"] == guest["id"]


def test_a_guest_who_named_itself_keeps_its_name_if_no_member_has_it(
    headless: Callable[[], Headless],
) -> None:
    client = headless()
    created = client.api("post", "guests/", {"display_name": "Böske néni"})
    if client.kind == "app":
        client.token = created.json()["session_token"]
    email = unique_email()
    client.sign_up(email)
    client.verify_email(mailed_code(email))

    assert client.api("get", "me/").json()["display_name"] == "Böske néni"


def test_a_guest_logging_in_may_bring_only_its_finished_matches(
    headless: Callable[[], Headless], verified_user: Any
) -> None:
    client = headless()
    guest = become_guest(client)
    done = a_match_against_kati(client, finished=True)
    going = a_match_against_kati(client, finished=False)

    logged_in = client.log_in(verified_user.email)

    assert logged_in.status_code == 200, logged_in.content
    assert client.api("get", "me/").json()["id"] == verified_user.id
    assert my_match_ids(client) == set()
    offer = client.api("get", "me/guest-matches/")
    assert offer.json() == {"finished": 1, "unfinished": 1}

    claimed = client.api("post", "me/guest-matches/")

    assert claimed.status_code == 200, claimed.content
    assert claimed.json() == {"moved": 1}
    assert my_match_ids(client) == {done}
    assert client.api("get", f"matches/{done}/").json()["status"] == "finished"
    # the event log is as it was, and still replays to its projections
    assert list(store_problems([UUID(done)])) == []
    # the match is the member's in every way: a rematch against Kati seats the member
    rematch = client.api("post", f"matches/{done}/rematch/")
    assert rematch.status_code in (200, 201), rematch.content
    assert len(my_match_ids(client)) == 2
    assert client.api("get", f"matches/{going}/").json()["code"] == "match_not_found"
    # offered once: nothing is left to bring
    assert client.api("get", "me/guest-matches/").json() == {"finished": 0, "unfinished": 0}
    again = client.api("post", "me/guest-matches/")
    assert again.status_code == 404
    assert again["Content-Type"] == "application/problem+json"
    assert again.json()["code"] == "former_guest_not_found"
    assert guest["id"] != verified_user.id


def test_nobody_else_can_take_a_guests_matches(
    headless: Callable[[], Headless], verified_user: Any, make_player: Callable
) -> None:
    client = headless()
    become_guest(client)
    a_match_against_kati(client, finished=True)
    assert client.log_in(verified_user.email).status_code == 200
    someone = make_player()  # another member, in another session

    taken = someone.client.post("/api/v1/me/guest-matches/")

    assert taken.status_code == 404
    assert taken["Content-Type"] == "application/problem+json"
    assert taken.json()["code"] == "former_guest_not_found"
    assert someone.client.get("/api/v1/me/guest-matches/").json() == {
        "finished": 0,
        "unfinished": 0,
    }
    # a visitor may not even ask
    assert APIClient().post("/api/v1/me/guest-matches/").status_code == 401
    # the member who logged in from the guest's session still may
    assert client.api("post", "me/guest-matches/").json() == {"moved": 1}


def test_a_member_who_declines_is_not_asked_again(
    headless: Callable[[], Headless], verified_user: Any
) -> None:
    client = headless()
    become_guest(client)
    a_match_against_kati(client, finished=True)
    client.log_in(verified_user.email)

    declined = client.api("delete", "me/guest-matches/")
    assert declined.status_code == 200
    assert declined.json() == {"finished": 0, "unfinished": 0}

    assert client.api("get", "me/guest-matches/").json() == {"finished": 0, "unfinished": 0}
    assert client.api("post", "me/guest-matches/").json()["code"] == "former_guest_not_found"


def test_a_wrong_password_leaves_the_guest_signed_in(
    headless: Callable[[], Headless], verified_user: Any
) -> None:
    client = headless()
    guest = become_guest(client)
    going = a_match_against_kati(client, finished=False)

    refused = client.log_in(verified_user.email, PASSWORD + "!")

    assert refused.status_code == 400
    assert client.api("get", "me/").json()["id"] == guest["id"]
    assert my_match_ids(client) == {going}


def a_guest_from(address: str) -> Any:
    return APIClient(REMOTE_ADDR=address).post("/api/v1/guests/", {}, format="json")


def test_too_many_guests_from_one_address_are_told_when_to_come_back(
    db: None, settings: Any
) -> None:
    settings.GUEST_CREATE_RATE = "2/hour"
    address = unique_ip()
    for _ in range(2):
        assert a_guest_from(address).status_code == 201

    refused = a_guest_from(address)

    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == "throttled"
    assert 0 < int(refused["Retry-After"]) <= 3600
    # another address is not held back, and nobody needs a guest to log in or sign up
    assert a_guest_from(unique_ip()).status_code == 201
    member = Headless("browser")
    member.http.defaults["REMOTE_ADDR"] = address
    email = unique_email()
    assert member.sign_up(email).status_code == 401
    assert member.verify_email(mailed_code(email)).status_code == 200
    assert mail.outbox
