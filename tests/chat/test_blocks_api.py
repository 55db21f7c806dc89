"""Blocking: the private block list, and what a block changes (chat, rooms)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import MakePlayer, Player
from tests.matches.helpers import create_friend_match

pytestmark = pytest.mark.django_db


def _block(player: Player, user_id: int) -> Any:
    return player.client.post("/api/v1/blocks/", {"user_id": user_id}, format="json")


def _blocked_ids(player: Player) -> list[int]:
    response = player.client.get("/api/v1/blocks/")
    assert response.status_code == 200, response.content
    return [b["user_id"] for b in response.json()["results"]]


def _chat(player: Player, match_id: str) -> list[tuple[int, str]]:
    response = player.client.get(f"/api/v1/matches/{match_id}/chat/")
    assert response.status_code == 200, response.content
    return [(m["sender_seat"], m["text"]) for m in response.json()["messages"]]


def _say(player: Player, match_id: str, text: str) -> None:
    response = player.client.post(
        f"/api/v1/matches/{match_id}/chat/", {"text": text}, format="json"
    )
    assert response.status_code == 201, response.content


def test_block_is_idempotent_listed_only_for_the_blocker_and_undone_by_delete(
    make_player: MakePlayer,
) -> None:
    anna, bela, cili = make_player(), make_player(), make_player()
    first = _block(anna, bela.user.id)
    assert first.status_code == 201
    assert first.json()["user_id"] == bela.user.id
    assert first.json()["display_name"] == bela.user.public_name
    again = _block(anna, bela.user.id)
    assert again.status_code == 200
    assert again.json() == first.json()
    assert _block(anna, cili.user.id).status_code == 201

    assert _blocked_ids(anna) == [cili.user.id, bela.user.id]  # newest first
    # Block lists are private: the blocked player (or anyone else) sees only their own.
    assert _blocked_ids(bela) == []
    assert _blocked_ids(cili) == []

    removed = anna.client.delete(f"/api/v1/blocks/{bela.user.id}/")
    assert removed.status_code == 200
    assert removed.json() == {"user_id": bela.user.id, "blocked": False}
    assert _blocked_ids(anna) == [cili.user.id]
    gone = anna.client.delete(f"/api/v1/blocks/{bela.user.id}/")
    assert (gone.status_code, gone.json()["code"]) == (404, "block_not_found")
    # Nobody can remove someone else's block.
    assert cili.client.delete(f"/api/v1/blocks/{cili.user.id}/").status_code == 404
    assert _blocked_ids(anna) == [cili.user.id]


def test_blocking_yourself_or_nobody_is_refused(make_player: MakePlayer, anon: Any) -> None:
    anna = make_player()
    own = _block(anna, anna.user.id)
    assert own.status_code == 400
    assert own["Content-Type"] == "application/problem+json"
    assert own.json()["code"] == "cannot_block_self"
    missing = _block(anna, anna.user.id + 10_000)
    assert (missing.status_code, missing.json()["code"]) == (404, "user_not_found")
    bad = anna.client.post("/api/v1/blocks/", {"user_id": "x"}, format="json")
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid_input")
    assert _blocked_ids(anna) == []
    assert anon.get("/api/v1/blocks/").status_code == 401


def test_a_blocked_players_messages_are_hidden_from_the_blocker_only(
    make_player: MakePlayer,
) -> None:
    anna, bela = make_player(), make_player()
    match_id = create_friend_match(anna, bela)["id"]
    _say(bela, match_id, "before the block")
    _say(anna, match_id, "hi")
    assert _block(anna, bela.user.id).status_code == 201
    _say(bela, match_id, "after the block")
    _say(anna, match_id, "anyone?")

    # Anna sees none of Béla's messages, not even the older ones; Béla sees everything.
    assert _chat(anna, match_id) == [(0, "anyone?"), (0, "hi")]
    assert _chat(bela, match_id) == [
        (0, "anyone?"),
        (1, "after the block"),
        (0, "hi"),
        (1, "before the block"),
    ]
    # Cursors skip the hidden messages too.
    oldest = anna.client.get(f"/api/v1/matches/{match_id}/chat/", {"after": 0, "limit": 1})
    assert [m["text"] for m in oldest.json()["messages"]] == ["hi"]

    assert anna.client.delete(f"/api/v1/blocks/{bela.user.id}/").status_code == 200
    assert [t for _, t in _chat(anna, match_id)] == [
        "anyone?",
        "after the block",
        "hi",
        "before the block",
    ]


@pytest.mark.parametrize("blocker", ["host", "joiner"])
def test_blocked_pairs_cannot_join_each_others_rooms(make_player: MakePlayer, blocker: str) -> None:
    host, joiner = make_player(), make_player()
    if blocker == "host":
        assert _block(host, joiner.user.id).status_code == 201
    else:
        assert _block(joiner, host.user.id).status_code == 201
    room = host.client.post("/api/v1/rooms/", {}, format="json").json()
    refused = joiner.client.post(
        "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
    )
    assert refused.status_code == 403
    assert refused.json()["code"] == "blocked"
    # The room stays open, and the refused player is not in it.
    assert host.client.get(f"/api/v1/matches/{room['id']}/").json()["status"] == "waiting"
    assert joiner.client.get(f"/api/v1/matches/{room['id']}/").status_code == 404

    # The other way round too: the blocked one's room is closed to the other.
    room = joiner.client.post("/api/v1/rooms/", {}, format="json").json()
    code = room["invite"]["code"]
    refused = host.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "blocked")

    # Somebody else can still join.
    other = make_player()
    joined = other.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert joined.status_code == 200


def test_after_unblocking_the_two_can_play_again(make_player: MakePlayer) -> None:
    host, joiner = make_player(), make_player()
    assert _block(host, joiner.user.id).status_code == 201
    assert host.client.delete(f"/api/v1/blocks/{joiner.user.id}/").status_code == 200
    assert create_friend_match(host, joiner)["status"] == "active"
