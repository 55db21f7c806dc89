"""The match WebSocket on the real ASGI application: authentication without a token in the URL,
per-seat redacted pushes that equal the event feed, refusals, ping, and the auth deadline."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client
from pytest_django.fixtures import Settings

from apps.common import broadcast
from apps.matches.consumers import NOT_A_PARTICIPANT, NOT_AUTHENTICATED
from apps.matches.engine.cards import card
from apps.matches.engine.variants.klub.events import CardDrawn
from apps.matches.envelopes import envelopes_from_message, events_message
from tests.conftest import Player

from .ws_helpers import TIMEOUT, Sockets, expect_refusal, in_thread, receive_through

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass
class FriendMatch:
    id: str
    players: list[Player]  # by seat

    def state(self, seat: int) -> dict[str, Any]:
        response = self.players[seat].client.get(f"/api/v1/matches/{self.id}/")
        assert response.status_code == 200, response.content
        return response.json()

    def act(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        """Send ``action`` for ``seat`` at the current version; the answer's body."""
        version = self.state(seat)["version"]
        response = self.players[seat].client.post(
            f"/api/v1/matches/{self.id}/actions/",
            {"action": action, "expected_version": version, "client_move_id": uuid.uuid4().hex},
            format="json",
        )
        assert response.status_code == 200, response.content
        return response.json()

    def feed(self, seat: int, after_seq: int) -> dict[str, Any]:
        response = self.players[seat].client.get(
            f"/api/v1/matches/{self.id}/events/", {"after_seq": after_seq}
        )
        assert response.status_code == 200, response.content
        return response.json()


@pytest.fixture
def friend_match(make_player: Callable[..., Player]) -> FriendMatch:
    """A started friend match: the room's creator has seat 0, the friend who joined seat 1."""
    creator, friend = make_player(), make_player()
    room = creator.client.post("/api/v1/rooms/", {}, format="json")
    assert room.status_code == 201, room.content
    joined = friend.client.post(
        "/api/v1/rooms/join/", {"code": room.json()["invite"]["code"]}, format="json"
    )
    assert joined.status_code == 200, joined.content
    assert joined.json()["status"] == "active"
    return FriendMatch(id=room.json()["id"], players=[creator, friend])


def _plain_card(state: dict[str, Any]) -> dict[str, Any]:
    """A legal card play that announces no marriage (so it yields exactly one ``card_played``
    when leading): no king or queen (``K``/``O``) whose partner is in the hand."""
    hand = set(state["view"]["deal"]["hand"])
    partner = {"K": "O", "O": "K"}
    for action in state["view"]["legal_actions"]:
        if action["type"] != "play_card":
            continue
        suit, rank = action["card"][0], action["card"][1]
        if rank not in partner or suit + partner[rank] not in hand:
            return action
    raise AssertionError(f"no plain card to play in {state['view']}")


# --- 1. token authentication by first message ------------------------------------------------


async def test_token_in_first_message_gets_ready_with_seat_and_version(
    friend_match: FriendMatch, sockets: Sockets
) -> None:
    version = (await in_thread(friend_match.state, 0))["version"]
    assert version > 0
    for seat, player in enumerate(friend_match.players):
        socket, ready = await sockets.ready(friend_match.id, player.token)
        assert ready == {
            "type": "ready",
            "match_id": friend_match.id,
            "seat": seat,
            "version": version,
        }
        # The token travelled in a message only, never in the URL (which ends up in logs).
        assert socket.scope["path"] == f"/ws/matches/{friend_match.id}/"
        assert socket.scope["query_string"] == b""
        assert player.token not in socket.scope["path"]


# --- 2. pushes, redacted per seat, equal to the event feed ---------------------------------


async def _move_and_collect(
    match: FriendMatch,
    sockets: list[WebsocketCommunicator],
    seat: int,
    action: dict[str, Any],
) -> tuple[int, list[list[dict[str, Any]]]]:
    """``seat`` sends ``action`` over HTTP; every socket receives the move's envelopes.

    Checks, for every seat: consecutive seqs right after the previous version, ending at the
    new version, and exactly what that seat's event feed returns after the previous version.
    """
    before = (await in_thread(match.state, seat))["version"]
    answer = await in_thread(match.act, seat, action)
    after = answer["version"]
    assert after > before
    pushed = [await receive_through(socket, after) for socket in sockets]
    for viewer, envelopes in enumerate(pushed):
        assert [e["seq"] for e in envelopes] == list(range(before + 1, after + 1))
        assert all(e["match_id"] == match.id for e in envelopes)
        feed = await in_thread(match.feed, viewer, before)
        assert feed["version"] == after
        assert feed["has_more"] is False
        assert feed["events"] == envelopes  # the feed equals what was pushed
    # The actor's HTTP answer carries the same envelopes as its socket.
    assert answer["events"] == pushed[seat]
    for socket in sockets:
        assert await socket.receive_nothing(timeout=0.2)
    return after, pushed


async def test_a_move_is_pushed_to_both_seats_in_order_and_redacted(
    friend_match: FriendMatch, sockets: Sockets
) -> None:
    ws = []
    for player in friend_match.players:
        socket, _ = await sockets.ready(friend_match.id, player.token)
        ws.append(socket)

    # The leader plays a card: both seats see it, in the clear.
    leader = (await in_thread(friend_match.state, 0))["view"]["deal"]["turn"]
    card = _plain_card(await in_thread(friend_match.state, leader))
    _, pushed = await _move_and_collect(friend_match, ws, leader, card)
    for envelopes in pushed:
        assert [e["event"]["type"] for e in envelopes] == ["card_played"]
        assert envelopes[0]["event"]["card"] == card["card"]

    # A (the follower) completes the trick: a trick is taken and both seats draw from the talon.
    a, b = 1 - leader, leader
    hand_before = set((await in_thread(friend_match.state, a))["view"]["deal"]["hand"])
    _, pushed = await _move_and_collect(
        friend_match, ws, a, _plain_card(await in_thread(friend_match.state, a))
    )
    hand_after = set((await in_thread(friend_match.state, a))["view"]["deal"]["hand"])
    for envelopes in pushed:
        types = [e["event"]["type"] for e in envelopes]
        assert types[:2] == ["card_played", "trick_taken"]
        assert types[2:] == ["card_drawn", "card_drawn"]
    # B's socket: A's drawn card is hidden (the talon was full: no face-up trump was drawn).
    drawn_by_a_for_b = [
        e["event"]
        for e in pushed[b]
        if e["event"]["type"] == "card_drawn" and e["event"]["seat"] == a
    ]
    assert len(drawn_by_a_for_b) == 1
    assert drawn_by_a_for_b[0]["face_up"] is False
    assert "card" not in drawn_by_a_for_b[0]
    # B sees its own drawn card.
    drawn_by_b = [
        e["event"]
        for e in pushed[b]
        if e["event"]["type"] == "card_drawn" and e["event"]["seat"] == b
    ]
    assert "card" in drawn_by_b[0]
    # A's socket: A's own drawn card, the one now in A's hand; B's card hidden from A.
    drawn_for_a = {
        e["event"]["seat"]: e["event"] for e in pushed[a] if e["event"]["type"] == "card_drawn"
    }
    assert drawn_for_a[a]["card"] in hand_after - hand_before
    assert "card" not in drawn_for_a[b]

    # B surrenders the deal: the next deal starts, and each seat sees only its own new hand.
    _, pushed = await _move_and_collect(friend_match, ws, b, {"type": "surrender", "confirm": True})
    hands = []
    for viewer, envelopes in enumerate(pushed):
        types = [e["event"]["type"] for e in envelopes]
        assert types == ["deal_surrendered", "deal_ended", "deal_started"]
        started = envelopes[-1]["event"]
        assert "deck" not in started and "salt" not in started and "hands" not in started
        view = (await in_thread(friend_match.state, viewer))["view"]
        assert started["hand"] == view["deal"]["hand"]
        assert started["commitment"] == view["deal"]["commitment"]
        hands.append(set(started["hand"]))
    assert len(hands[0]) == len(hands[1]) == 5
    assert not hands[0] & hands[1]


def test_a_drawn_card_is_hidden_from_the_other_seat_unless_face_up() -> None:
    """The rule behind the pushes, on both kinds of draw (the face-up trump card comes last,
    so a short test match does not reach it)."""
    match_id = uuid.uuid4()
    events = [CardDrawn(0, card("ZX"), face_up=False), CardDrawn(0, card("PA"), face_up=True)]
    message = events_message(match_id=match_id, variant="klub", first_seq=7, events=events)
    mine = envelopes_from_message(message, seat=0)
    theirs = envelopes_from_message(message, seat=1)
    assert [e["seq"] for e in theirs] == [7, 8]
    assert [e["event"].get("card") for e in mine] == ["ZX", "PA"]
    assert [e["event"].get("card") for e in theirs] == [None, "PA"]


async def test_the_match_start_feed_shows_each_seat_only_its_own_hand(
    friend_match: FriendMatch,
) -> None:
    """The feed from 0 (a client's resync) redacts the first deal like a push would."""
    feeds = [await in_thread(friend_match.feed, seat, 0) for seat in (0, 1)]
    started = [
        next(e["event"] for e in feed["events"] if e["event"]["type"] == "deal_started")
        for feed in feeds
    ]
    for seat in (0, 1):
        assert "deck" not in started[seat] and "salt" not in started[seat]
        view = (await in_thread(friend_match.state, seat))["view"]
        assert started[seat]["hand"] == view["deal"]["hand"]
    assert not set(started[0]["hand"]) & set(started[1]["hand"])


# --- 3. refusals and session-cookie authentication --------------------------------------------


async def test_a_registered_non_participant_is_refused_and_receives_nothing(
    friend_match: FriendMatch, make_player: Callable[..., Player], sockets: Sockets
) -> None:
    stranger = await in_thread(make_player)
    socket = await sockets.connect(friend_match.id)
    await socket.send_json_to({"type": "authenticate", "token": stranger.token})
    error = await expect_refusal(socket, NOT_A_PARTICIPANT)
    assert error["code"] == "match_not_found"

    # A move by a participant reaches the participants, not the stranger.
    player, _ = await sockets.ready(friend_match.id, friend_match.players[0].token)
    turn = (await in_thread(friend_match.state, 0))["view"]["deal"]["turn"]
    answer = await in_thread(
        friend_match.act, turn, _plain_card(await in_thread(friend_match.state, turn))
    )
    await receive_through(player, answer["version"])
    assert await socket.receive_nothing(timeout=0.5)
    # Nor does a retried authenticate on the refused socket get it in.
    await socket.send_json_to({"type": "authenticate", "token": friend_match.players[0].token})
    assert await socket.receive_nothing(timeout=0.3)


async def test_an_unknown_match_is_refused_as_not_a_participant(
    friend_match: FriendMatch, sockets: Sockets
) -> None:
    socket = await sockets.connect(str(uuid.uuid4()))
    await socket.send_json_to({"type": "authenticate", "token": friend_match.players[0].token})
    await expect_refusal(socket, NOT_A_PARTICIPANT)


async def test_an_invalid_token_is_refused(friend_match: FriendMatch, sockets: Sockets) -> None:
    socket = await sockets.connect(friend_match.id)
    await socket.send_json_to({"type": "authenticate", "token": "not-a-session-token"})
    error = await expect_refusal(socket, NOT_AUTHENTICATED)
    assert error["code"] == "invalid_token"


@pytest.mark.parametrize(
    "first",
    [
        {"type": "ping"},
        {"type": "authenticate"},
        {"type": "authenticate", "token": 42},
        {"token": "x"},
        ["authenticate"],
        "authenticate",
    ],
    ids=["ping", "no-token", "token-not-a-string", "no-type", "a-list", "a-string"],
)
async def test_a_first_message_that_is_not_authenticate_is_refused(
    friend_match: FriendMatch, first: object, sockets: Sockets
) -> None:
    socket = await sockets.connect(friend_match.id)
    await socket.send_json_to(first)
    error = await expect_refusal(socket, NOT_AUTHENTICATED)
    assert error["code"] == "not_authenticated"


@pytest.mark.parametrize(
    ("text", "data"),
    [("{not json", None), (None, b"\x00\x01")],
    ids=["invalid-json", "binary-frame"],
)
async def test_a_first_frame_that_is_not_json_is_refused(
    friend_match: FriendMatch, text: str | None, data: bytes | None, sockets: Sockets
) -> None:
    socket = await sockets.connect(friend_match.id)
    await socket.send_to(text_data=text, bytes_data=data)
    await expect_refusal(socket, NOT_AUTHENTICATED)


def _session_cookie(player: Player) -> bytes:
    browser = Client()
    browser.force_login(player.user)
    return f"sessionid={browser.cookies['sessionid'].value}".encode()


@pytest.mark.parametrize("origin", [None, b"http://testserver", b"http://127.0.0.1:8000"], ids=str)
async def test_a_browser_session_cookie_authenticates_without_a_message(
    friend_match: FriendMatch, origin: bytes | None, sockets: Sockets
) -> None:
    cookie = await in_thread(_session_cookie, friend_match.players[1])
    headers = [(b"host", b"testserver"), (b"cookie", cookie)]
    if origin is not None:
        headers.append((b"origin", origin))
    socket = await sockets.connect(friend_match.id, headers)
    ready = await socket.receive_json_from(timeout=TIMEOUT)
    version = (await in_thread(friend_match.state, 1))["version"]
    assert ready == {"type": "ready", "match_id": friend_match.id, "seat": 1, "version": version}
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}


async def test_a_session_cookie_of_a_non_participant_is_refused(
    friend_match: FriendMatch, make_player: Callable[..., Player], sockets: Sockets
) -> None:
    stranger = await in_thread(make_player)
    cookie = await in_thread(_session_cookie, stranger)
    socket = await sockets.connect(friend_match.id, [(b"cookie", cookie)])
    await expect_refusal(socket, NOT_A_PARTICIPANT)


async def test_a_session_cookie_sent_by_a_foreign_page_is_not_trusted(
    friend_match: FriendMatch, settings: Settings, sockets: Sockets
) -> None:
    """Cross-site WebSocket hijacking: a page elsewhere opening the socket with the player's
    cookie must not read the player's hand. Such a socket still may authenticate by token."""
    settings.WS_AUTH_TIMEOUT_SECONDS = 0.3
    cookie = await in_thread(_session_cookie, friend_match.players[0])
    headers = [
        (b"host", b"testserver"),
        (b"cookie", cookie),
        (b"origin", b"https://evil.example"),
    ]
    socket = await sockets.connect(friend_match.id, headers)
    error = await expect_refusal(socket, NOT_AUTHENTICATED)
    assert error["code"] == "not_authenticated"

    settings.WS_AUTH_TIMEOUT_SECONDS = 5
    socket = await sockets.connect(friend_match.id, headers)
    assert await socket.receive_nothing(timeout=0.2)
    await socket.send_json_to({"type": "authenticate", "token": friend_match.players[0].token})
    ready = await socket.receive_json_from(timeout=TIMEOUT)
    assert ready["type"] == "ready" and ready["seat"] == 0


# --- 4. ping ----------------------------------------------------------------------------------


async def test_ping_gets_pong(friend_match: FriendMatch, sockets: Sockets) -> None:
    socket, _ = await sockets.ready(friend_match.id, friend_match.players[0].token)
    for _ in range(2):
        await socket.send_json_to({"type": "ping"})
        assert await socket.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}
    # Anything else from an authenticated client is ignored, and the socket stays open.
    await socket.send_json_to({"type": "authenticate", "token": "whatever"})
    await socket.send_to(text_data="{not json")
    assert await socket.receive_nothing(timeout=0.2)
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}


# --- 5. the authentication deadline -----------------------------------------------------------


async def test_an_unauthenticated_socket_is_closed_at_the_deadline(
    friend_match: FriendMatch, settings: Settings, sockets: Sockets
) -> None:
    settings.WS_AUTH_TIMEOUT_SECONDS = 0.2
    socket = await sockets.connect(friend_match.id)
    error = await expect_refusal(socket, NOT_AUTHENTICATED)
    assert error["code"] == "not_authenticated"
    # A late authenticate does not reopen it.
    await socket.send_json_to({"type": "authenticate", "token": friend_match.players[0].token})
    assert await socket.receive_nothing(timeout=0.3)


async def test_an_authenticated_socket_outlives_the_deadline(
    friend_match: FriendMatch, settings: Settings, sockets: Sockets
) -> None:
    settings.WS_AUTH_TIMEOUT_SECONDS = 0.2
    socket, _ = await sockets.ready(friend_match.id, friend_match.players[0].token)
    assert await socket.receive_nothing(timeout=0.5)
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}


# --- the push is a hint ------------------------------------------------------------------------


class _BrokenLayer:
    """A channel layer whose server is down."""

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        raise ConnectionError("redis is down")


def _push_errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "apps.common.broadcast"]


def test_a_failed_push_does_not_fail_the_committed_move(
    friend_match: FriendMatch,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(broadcast, "get_channel_layer", _BrokenLayer)
    turn = friend_match.state(0)["view"]["deal"]["turn"]
    before = friend_match.state(turn)["version"]
    with caplog.at_level(logging.ERROR, logger="apps.common.broadcast"):
        answer = friend_match.act(turn, _plain_card(friend_match.state(turn)))
        assert answer["version"] == before + 1
        # The push (one per move, for the whole match) was attempted and logged by the push
        # thread, so give it a moment; the feed has the move for both seats.
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not _push_errors(caplog):
            time.sleep(0.01)
    assert len(_push_errors(caplog)) == 1
    for seat in (0, 1):
        assert [e["seq"] for e in friend_match.feed(seat, before)["events"]] == [before + 1]


# --- presence: the socket is the seat's connection ----------------------------------------------


async def test_the_opponent_is_told_when_a_seat_loses_its_socket_and_when_it_is_back(
    friend_match: FriendMatch, sockets: Sockets
) -> None:
    first, _ = await sockets.ready(friend_match.id, friend_match.players[0].token)
    second, _ = await sockets.ready(friend_match.id, friend_match.players[1].token)
    await second.disconnect(timeout=TIMEOUT)
    gone = await first.receive_json_from(timeout=TIMEOUT)
    assert gone["event"]["type"] == "player_disconnected" and gone["event"]["seat"] == 1
    away = datetime.fromisoformat(gone["event"]["deadline"]) - datetime.now(UTC)
    assert timedelta(seconds=55) < away <= timedelta(seconds=60)  # the countdown to show
    view = (await in_thread(friend_match.state, 0))["view"]
    assert view["presence"]["away_until"][1] == gone["event"]["deadline"]
    await sockets.ready(friend_match.id, friend_match.players[1].token)
    back = await first.receive_json_from(timeout=TIMEOUT)
    assert back["event"] == {"type": "player_reconnected", "schema_version": 1, "seat": 1}
    assert back["seq"] == gone["seq"] + 1
