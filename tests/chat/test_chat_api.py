"""The chat of an online match over REST: limits, who may read and post, rate limit, sanctions,
cursor pagination."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from pytest_django.fixtures import Settings

from apps.chat import ratelimit
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import create_computer_match, create_friend_match

from .conftest import sanction

pytestmark = pytest.mark.django_db


def _post(player: Player, match_id: str, text: Any) -> Any:
    return player.client.post(f"/api/v1/matches/{match_id}/chat/", {"text": text}, format="json")


def _read(player: Player, match_id: str, **query: Any) -> Any:
    return player.client.get(f"/api/v1/matches/{match_id}/chat/", query)


def _texts(response: Any) -> list[str]:
    assert response.status_code == 200, response.content
    return [m["text"] for m in response.json()["messages"]]


@pytest.fixture
def pair(make_player: MakePlayer) -> tuple[str, Player, Player]:
    """A started friend match: host at seat 0, friend at seat 1."""
    host, friend = make_player(), make_player()
    return create_friend_match(host, friend)["id"], host, friend


def test_messages_of_1_and_500_characters_are_stored_stripped_and_shown_to_both(
    pair: tuple[str, Player, Player],
) -> None:
    match_id, host, friend = pair
    short = _post(host, match_id, "  j  ")
    assert short.status_code == 201, short.content
    body = short.json()
    assert body["text"] == "j" and body["sender_seat"] == 0
    assert set(body) == {"id", "sender_seat", "text", "created_at"}
    long = _post(friend, match_id, "é" * 500 + "\n")
    assert long.status_code == 201, long.content
    assert long.json()["text"] == "é" * 500 and long.json()["sender_seat"] == 1

    for reader in (host, friend):
        page = _read(reader, match_id).json()
        assert [(m["sender_seat"], m["text"]) for m in page["messages"]] == [
            (1, "é" * 500),
            (0, "j"),
        ]
        assert page["has_more"] is False
        assert page["messages"][1] == body  # what the sender got is what readers get


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("x" * 501, "message_too_long"),
        ("   \n\t  ", "message_empty"),
        ("", "message_empty"),
    ],
    ids=["501-characters", "whitespace-only", "empty"],
)
def test_a_message_too_long_or_without_text_is_refused(
    pair: tuple[str, Player, Player], text: str, code: str
) -> None:
    match_id, host, friend = pair
    refused = _post(host, match_id, text)
    assert refused.status_code == 400
    assert refused["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == code
    assert _texts(_read(friend, match_id)) == []


def test_a_body_without_text_is_invalid_input(pair: tuple[str, Player, Player]) -> None:
    match_id, host, _ = pair
    for body in ({}, {"text": ["hi"]}, {"text": "nul\x00"}):
        response = host.client.post(f"/api/v1/matches/{match_id}/chat/", body, format="json")
        assert (response.status_code, response.json()["code"]) == (400, "invalid_input")


def test_five_messages_per_ten_seconds_then_429_with_retry_after(
    pair: tuple[str, Player, Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, host, friend = pair
    clock = [1_000_000.5]
    monkeypatch.setattr(ratelimit, "_now", lambda: clock[0])
    for i in range(5):
        assert _post(host, match_id, f"m{i}").status_code == 201
        clock[0] += 1
    # 5 messages at t = .5 … 4.5; the sixth at 5.5 is one too many.
    refused = _post(host, match_id, "one too many")
    assert refused.status_code == 429
    assert refused["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == "chat_rate_limited"
    # The oldest message leaves the 10-second window at t = 10: 4.5 s from now.
    assert refused["Retry-After"] == "5"
    # The limit is per player: the friend may still talk.
    assert _post(friend, match_id, "my turn").status_code == 201
    # A refused attempt does not count: once the first message left the window, one more fits.
    clock[0] += 4.5
    assert _post(host, match_id, "again").status_code == 201
    assert _post(host, match_id, "and again").status_code == 429
    assert _texts(_read(friend, match_id)) == ["again", "my turn", "m4", "m3", "m2", "m1", "m0"]


def test_a_match_against_the_computer_has_no_chat(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    match_id = create_computer_match(player)["id"]
    for response in (_post(player, match_id, "hello Kati"), _read(player, match_id)):
        assert response.status_code == 409
        assert response.json()["code"] == "not_online_match"


def test_only_the_two_players_may_read_or_post(
    pair: tuple[str, Player, Player], make_player: MakePlayer, anon: Any
) -> None:
    match_id, host, _ = pair
    assert _post(host, match_id, "between us").status_code == 201
    stranger = make_player()
    for response in (_post(stranger, match_id, "hi all"), _read(stranger, match_id)):
        assert response.status_code == 404
        assert response.json()["code"] == "match_not_found"
    assert anon.get(f"/api/v1/matches/{match_id}/chat/").status_code == 401
    assert _texts(_read(host, match_id)) == ["between us"]


def test_an_open_room_has_no_chat_yet(make_player: MakePlayer) -> None:
    host = make_player()
    room = host.client.post("/api/v1/rooms/", {}, format="json").json()
    refused = _post(host, room["id"], "anyone?")
    assert (refused.status_code, refused.json()["code"]) == (409, "match_not_started")


def test_pages_by_cursor_newest_first_and_oldest_first(
    pair: tuple[str, Player, Player], settings: Settings
) -> None:
    settings.CHAT_RATE_LIMIT_MESSAGES = 100
    match_id, host, friend = pair
    ids = []
    for i in range(7):
        sender = (host, friend)[i % 2]
        ids.append(_post(sender, match_id, f"m{i}").json()["id"])
    assert ids == sorted(ids)

    # Newest first, page by page with before=<last id>.
    first = _read(host, match_id, limit=3).json()
    assert [m["text"] for m in first["messages"]] == ["m6", "m5", "m4"]
    assert [m["sender_seat"] for m in first["messages"]] == [0, 1, 0]
    assert first["has_more"] is True
    second = _read(host, match_id, limit=3, before=first["messages"][-1]["id"]).json()
    assert [m["text"] for m in second["messages"]] == ["m3", "m2", "m1"]
    assert second["has_more"] is True
    last = _read(host, match_id, limit=3, before=second["messages"][-1]["id"]).json()
    assert ([m["text"] for m in last["messages"]], last["has_more"]) == (["m0"], False)

    # Oldest first from the start (after=0), then after=<last id>.
    page = _read(friend, match_id, limit=4, after=0).json()
    assert ([m["text"] for m in page["messages"]], page["has_more"]) == (
        ["m0", "m1", "m2", "m3"],
        True,
    )
    page = _read(friend, match_id, limit=4, after=page["messages"][-1]["id"]).json()
    assert ([m["text"] for m in page["messages"]], page["has_more"]) == (["m4", "m5", "m6"], False)
    # Catching up after the newest one seen: nothing new.
    assert _texts(_read(friend, match_id, after=ids[-1])) == []

    for bad in ({"limit": 0}, {"limit": 101}, {"after": -1}, {"before": ""}, {"after": ""}):
        response = _read(host, match_id, **bad)
        assert (response.status_code, response.json()["code"]) == (400, "invalid_input")
        assert response.json()["detail"] == "Hibás adatok (a lekérdezés); nézd meg a mezőket."


def test_both_cursors_read_the_gap_between_them_oldest_first(
    pair: tuple[str, Player, Player], settings: Settings
) -> None:
    """A client that missed messages between two it has (a reconnect) reads just those; the
    schema allows both cursors at once, and so does the server."""
    settings.CHAT_RATE_LIMIT_MESSAGES = 100
    match_id, host, friend = pair
    ids = [_post((host, friend)[i % 2], match_id, f"m{i}").json()["id"] for i in range(7)]
    page = _read(friend, match_id, after=ids[1], before=ids[6], limit=3).json()
    assert ([m["text"] for m in page["messages"]], page["has_more"]) == (["m2", "m3", "m4"], True)
    rest = _read(friend, match_id, after=page["messages"][-1]["id"], before=ids[6]).json()
    assert ([m["text"] for m in rest["messages"]], rest["has_more"]) == (["m5"], False)
    assert _texts(_read(friend, match_id, after=ids[4], before=ids[2])) == []


def test_a_suspended_sender_is_refused_with_the_end_but_may_still_read(
    pair: tuple[str, Player, Player],
) -> None:
    match_id, host, friend = pair
    assert _post(friend, match_id, "hello").status_code == 201
    ends_at = timezone.now() + timedelta(days=7)
    sanction(host.user, "suspension", ends_at=ends_at)
    refused = _post(host, match_id, "let me talk")
    assert refused.status_code == 403
    assert refused["Content-Type"] == "application/problem+json"
    body = refused.json()
    assert body["code"] == "suspended"
    assert body["ends_at"] == ends_at.isoformat()
    assert _texts(_read(host, match_id)) == ["hello"]  # reading stays allowed
    assert _texts(_read(friend, match_id)) == ["hello"]  # nothing was stored


def test_a_banned_sender_is_refused(pair: tuple[str, Player, Player]) -> None:
    match_id, _, friend = pair
    sanction(friend.user, "ban")
    refused = _post(friend, match_id, "still here")
    assert (refused.status_code, refused.json()["code"]) == (403, "banned")
    assert "ends_at" not in refused.json()
    assert _texts(_read(friend, match_id)) == []


def test_an_ended_or_lifted_suspension_no_longer_stops_the_sender(
    pair: tuple[str, Player, Player],
) -> None:
    match_id, host, _ = pair
    sanction(host.user, "suspension", ends_at=timezone.now() - timedelta(minutes=1))
    lifted = sanction(host.user, "ban")
    lifted.lifted_at = timezone.now()
    lifted.save()
    assert _post(host, match_id, "back again").status_code == 201
