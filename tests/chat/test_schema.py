"""The chat, block and call endpoints answer exactly as the OpenAPI schema documents them
(status, media type, body), errors included."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from tests.conftest import MakePlayer
from tests.matches.helpers import create_computer_match, create_friend_match

from .conftest import sanction

pytestmark = pytest.mark.django_db

CHAT = "/api/v1/matches/{match_id}/chat/"
BLOCKS, BLOCK = "/api/v1/blocks/", "/api/v1/blocks/{user_id}/"
ICE = "/api/v1/calls/ice-servers/"


def test_every_operation_is_documented_with_its_errors(schema: dict[str, Any]) -> None:
    expected = {(CHAT, "get"), (CHAT, "post"), (BLOCKS, "get"), (BLOCKS, "post")}
    expected |= {(BLOCK, "delete"), (ICE, "get")}
    for path, method in expected:
        operation = schema["paths"][path][method]
        assert operation["summary"] and operation["tags"], (path, method)
        assert "401" in operation["responses"], (path, method)
        assert {"XSessionTokenAuth": []} in operation["security"]
    post = schema["paths"][CHAT]["post"]["responses"]
    assert "message_too_long" in post["400"]["description"]
    assert "chat_rate_limited" in post["429"]["description"]
    assert "suspended" in post["403"]["description"]


def test_chat_answers_as_documented(
    make_player: MakePlayer, check: Callable[..., dict], anon: APIClient, settings: Settings
) -> None:
    host, friend, stranger = make_player(), make_player(), make_player()
    match_id = create_friend_match(host, friend)["id"]
    url = f"/api/v1/matches/{match_id}/chat/"

    said = check(host.client.post(url, {"text": "szia"}, format="json"), CHAT, "post")
    assert said["text"] == "szia"
    page = check(friend.client.get(url, {"limit": 1}), CHAT, "get")
    assert page["messages"] == [said]
    check(friend.client.get(url, {"after": 0}), CHAT, "get")

    too_long = host.client.post(url, {"text": "x" * 501}, format="json")
    assert check(too_long, CHAT, "post")["code"] == "message_too_long"
    blank = host.client.post(url, {"text": " "}, format="json")
    assert check(blank, CHAT, "post")["code"] == "message_empty"
    both = friend.client.get(url, {"after": 0, "before": said["id"] + 1})
    assert check(both, CHAT, "get")["messages"] == [said]
    empty = friend.client.get(url, {"after": ""})
    assert check(empty, CHAT, "get")["code"] == "invalid_input"
    hidden = stranger.client.get(url)
    assert check(hidden, CHAT, "get")["code"] == "match_not_found"
    intruder = stranger.client.post(url, {"text": "hi"}, format="json")
    assert check(intruder, CHAT, "post")["code"] == "match_not_found"
    check(anon.get(url), CHAT, "get")
    check(anon.post(url, {"text": "hi"}, format="json"), CHAT, "post")

    settings.CHAT_RATE_LIMIT_MESSAGES = 1
    limited = host.client.post(url, {"text": "again"}, format="json")
    assert check(limited, CHAT, "post")["code"] == "chat_rate_limited"
    assert int(limited["Retry-After"]) >= 1

    sanction(friend.user, "suspension", ends_at=timezone.now() + timedelta(hours=1))
    suspended = friend.client.post(url, {"text": "hi"}, format="json")
    assert check(suspended, CHAT, "post")["code"] == "suspended"

    kati = create_computer_match(stranger)["id"]
    computer = stranger.client.get(f"/api/v1/matches/{kati}/chat/")
    assert check(computer, CHAT, "get")["code"] == "not_online_match"


def test_blocks_and_ice_servers_answer_as_documented(
    make_player: MakePlayer, check: Callable[..., dict], anon: APIClient
) -> None:
    anna, bela = make_player(), make_player()
    created = anna.client.post(BLOCKS, {"user_id": bela.user.id}, format="json")
    assert created.status_code == 201
    check(created, BLOCKS, "post")
    again = anna.client.post(BLOCKS, {"user_id": bela.user.id}, format="json")
    assert again.status_code == 200
    check(again, BLOCKS, "post")
    listed = check(anna.client.get(BLOCKS), BLOCKS, "get")
    assert listed["count"] == 1
    own = anna.client.post(BLOCKS, {"user_id": anna.user.id}, format="json")
    assert check(own, BLOCKS, "post")["code"] == "cannot_block_self"
    missing = anna.client.post(BLOCKS, {"user_id": 10**9}, format="json")
    assert check(missing, BLOCKS, "post")["code"] == "user_not_found"
    check(anon.get(BLOCKS), BLOCKS, "get")

    removed = anna.client.delete(f"/api/v1/blocks/{bela.user.id}/")
    assert check(removed, BLOCK, "delete") == {"user_id": bela.user.id, "blocked": False}
    gone = anna.client.delete(f"/api/v1/blocks/{bela.user.id}/")
    assert check(gone, BLOCK, "delete")["code"] == "block_not_found"

    assert check(anna.client.get(ICE), ICE, "get")["ice_servers"]
    guest = make_player(guest=True)
    assert check(guest.client.get(ICE), ICE, "get")["code"] == "registration_required"
    check(anon.get(ICE), ICE, "get")
