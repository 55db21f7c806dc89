"""Voice-call signalling and chat pushes over the match WebSocket, on the real ASGI application
with the Redis channel layer and cache: who receives what, and who is refused."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.utils import timezone
from pytest_django.fixtures import Settings

from apps.chat import services
from apps.matches.consumers import NOT_A_PARTICIPANT
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import create_computer_match, create_friend_match
from tests.matches.ws_helpers import TIMEOUT, Sockets, expect_refusal, in_thread

from .conftest import sanction

pytestmark = pytest.mark.django_db(transaction=True)

TURN = {"urls": ["turn:turn.example.org:3478"], "username": "klub", "credential": "s3cret"}
CONFIGURED_ICE = [{"urls": "stun:stun.example.org:3478"}, TURN]
ICE_FOR_CLIENTS = [{"urls": ["stun:stun.example.org:3478"]}, TURN]


@pytest.fixture(autouse=True)
def _fresh_channel_layer(settings: Settings) -> None:
    """A new channel layer object for each test (``channels`` rebuilds it when the setting
    changes). The Redis layer keeps asyncio locks that belong to the event loop they were
    first awaited on; each test runs on its own loop, and a lock still held when the previous
    loop closed (a message-cleanup task that did not get to finish) would break the next
    test's sockets."""
    settings.CHANNEL_LAYERS = copy.deepcopy(settings.CHANNEL_LAYERS)


@pytest.fixture
async def sockets() -> AsyncIterator[Sockets]:
    opened = Sockets()
    yield opened
    await opened.close_all()


@pytest.fixture
def pair(make_player: MakePlayer) -> tuple[str, Player, Player]:
    host, friend = make_player(), make_player()
    return create_friend_match(host, friend)["id"], host, friend


STARTS = {"match_started", "deal_started"}


async def _next(socket: WebsocketCommunicator) -> dict[str, Any]:
    """The next frame but the pushes of the match's start (which a loaded machine may deliver
    after the socket is ready): these tests follow calls and presence, not the deal."""
    while True:
        frame = await socket.receive_json_from(timeout=TIMEOUT)
        if not _a_start(frame):
            return frame


def _a_start(frame: dict[str, Any]) -> bool:
    return frame.get("type") == "event" and frame["event"]["type"] in STARTS


async def _quiet(*sockets: WebsocketCommunicator) -> None:
    """None of ``sockets`` receives anything (more) but the pushes of the match's start."""
    for socket in sockets:
        while not await socket.receive_nothing(timeout=0.3):
            frame = await socket.receive_json_from(timeout=TIMEOUT)
            assert _a_start(frame), frame


async def _refused(socket: WebsocketCommunicator, message: dict[str, Any], code: str) -> dict:
    await socket.send_json_to(message)
    error = await _next(socket)
    assert error["type"] == "error", error
    assert (error["for"], error["code"]) == (message["type"], code), error
    assert error["detail"]
    return error


async def _block(player: Player, other: Player) -> None:
    response = await in_thread(
        player.client.post, "/api/v1/blocks/", {"user_id": other.user.id}, format="json"
    )
    assert response.status_code == 201, response.content


async def test_a_call_from_proposal_to_hang_up_reaches_the_two_players_only(
    pair: tuple[str, Player, Player],
    make_player: MakePlayer,
    sockets: Sockets,
    settings: Settings,
) -> None:
    settings.ICE_SERVERS = CONFIGURED_ICE
    match_id, host, friend = pair
    a, _ = await sockets.ready(match_id, host.token)
    b, _ = await sockets.ready(match_id, friend.token)
    a_tab, _ = await sockets.ready(match_id, host.token)  # the host's second tab, not in the call
    # A registered player who is not in the match cannot even join its socket.
    stranger = await in_thread(make_player)
    spy = await sockets.connect(match_id)
    await spy.send_json_to({"type": "authenticate", "token": stranger.token})
    assert (await expect_refusal(spy, NOT_A_PARTICIPANT))["code"] == "match_not_found"
    # Two other players, connected to their own match.
    others = await in_thread(lambda: [make_player(), make_player()])
    other_id = (await in_thread(create_friend_match, *others))["id"]
    bystanders = [(await sockets.ready(other_id, p.token))[0] for p in others]

    # Nothing to signal, mute or hang up before a call exists.
    offer = {"type": "offer", "sdp": "v=0 o=- 1 2 IN IP4 127.0.0.1"}
    await _refused(a, {"type": "call.signal", "kind": "offer", "payload": offer}, "no_call")
    await _refused(a, {"type": "call.accept"}, "no_call")
    await _refused(b, {"type": "call.hangup"}, "no_call")

    # A proposes: both players (all their sockets) hear of it.
    await a.send_json_to({"type": "call.propose"})
    proposed = await _next(a)
    assert proposed == {
        "type": "call.proposed",
        "match_id": match_id,
        "call_id": proposed["call_id"],
        "by_seat": 0,
        "ring_seconds": settings.CALL_RING_SECONDS,
    }
    assert await _next(b) == proposed
    assert await _next(a_tab) == proposed
    call_id = proposed["call_id"]
    await _refused(b, {"type": "call.propose"}, "call_in_progress")

    # Before B accepts, nothing is relayed, and A cannot accept its own proposal.
    signal = {"type": "call.signal", "kind": "offer", "payload": offer}
    await _refused(a, signal, "call_not_accepted")
    await _refused(a, {"type": "call.accept"}, "own_proposal")
    await _quiet(b)

    # B accepts: both hear it, with the configured ICE servers; A (the proposer) offers.
    await b.send_json_to({"type": "call.accept"})
    accepted = await _next(b)
    assert accepted == {
        "type": "call.accepted",
        "match_id": match_id,
        "call_id": call_id,
        "by_seat": 1,
        "offerer_seat": 0,
        "ice_servers": ICE_FOR_CLIENTS,
    }
    assert await _next(a) == accepted
    assert await _next(a_tab) == accepted

    # Offer, answer and ICE candidates go to the other end of the call, and only there.
    await a.send_json_to({"type": "call.signal", "kind": "offer", "payload": offer})
    assert await _next(b) == {
        "type": "call.signal",
        "match_id": match_id,
        "call_id": call_id,
        "from_seat": 0,
        "kind": "offer",
        "payload": offer,
    }
    answer = {"type": "answer", "sdp": "v=0 o=- 3 4 IN IP4 127.0.0.1"}
    await b.send_json_to({"type": "call.signal", "kind": "answer", "payload": answer})
    relayed = await _next(a)
    assert (relayed["kind"], relayed["from_seat"], relayed["payload"]) == ("answer", 1, answer)
    candidates = [
        {"candidate": f"candidate:{i} 1 udp 2122260223 10.0.0.{i} 5000{i} typ host"}
        for i in range(2)
    ]
    await a.send_json_to({"type": "call.signal", "kind": "ice", "payload": candidates[0]})
    await b.send_json_to({"type": "call.signal", "kind": "ice", "payload": candidates[1]})
    from_a, from_b = await _next(b), await _next(a)
    assert (from_a["kind"], from_a["payload"]) == ("ice", candidates[0])
    assert (from_b["kind"], from_b["payload"]) == ("ice", candidates[1])
    await _quiet(a, b, a_tab)  # nobody got their own signals back; the second tab got none

    # The second tab is not an end of the call; malformed signals are refused.
    await _refused(a_tab, {"type": "call.signal", "kind": "ice", "payload": {}}, "not_in_call")
    await _refused(a, {"type": "call.signal", "kind": "audio", "payload": {}}, "invalid_signal")
    await _refused(a, {"type": "call.signal", "kind": "ice", "payload": "x"}, "invalid_signal")
    huge = {"candidate": "x" * settings.CALL_SIGNAL_MAX_BYTES}
    await _refused(a, {"type": "call.signal", "kind": "ice", "payload": huge}, "signal_too_large")
    await _refused(a, {"type": "call.mute", "muted": "yes"}, "invalid_message")
    await _refused(a, {"type": "call.dance"}, "unknown_message")
    await _quiet(b)

    # Mute and unmute: the other side is told.
    for muted in (True, False):
        await a.send_json_to({"type": "call.mute", "muted": muted})
        frame = {
            "type": "call.muted",
            "match_id": match_id,
            "call_id": call_id,
            "seat": 0,
            "muted": muted,
        }
        assert await _next(b) == frame
        assert await _next(a) == frame
        assert await _next(a_tab) == frame
    await b.send_json_to({"type": "call.mute", "muted": True})
    for socket in (a, b, a_tab):
        assert (await _next(socket))["seat"] == 1
    await b.send_json_to({"type": "call.status"})
    assert await _next(b) == {
        "type": "call.state",
        "match_id": match_id,
        "call_id": call_id,
        "state": "active",
        "proposer_seat": 0,
        "muted": [False, True],
        "in_call": True,
    }

    # B hangs up: both hear it; then there is nothing left to signal.
    await b.send_json_to({"type": "call.hangup"})
    ended = {
        "type": "call.ended",
        "match_id": match_id,
        "call_id": call_id,
        "reason": "hangup",
        "by_seat": 1,
    }
    for socket in (a, b, a_tab):
        assert await _next(socket) == ended
    await _refused(a, {"type": "call.signal", "kind": "ice", "payload": {}}, "no_call")
    await a.send_json_to({"type": "call.status"})
    assert await _next(a) == {"type": "call.state", "match_id": match_id, "state": "none"}

    # The third parties received nothing at all.
    await _quiet(spy, *bystanders)


async def test_a_proposal_can_be_declined_withdrawn_or_left_unanswered(
    pair: tuple[str, Player, Player], sockets: Sockets, settings: Settings
) -> None:
    match_id, host, friend = pair
    a, _ = await sockets.ready(match_id, host.token)
    b, _ = await sockets.ready(match_id, friend.token)

    await b.send_json_to({"type": "call.propose"})
    call_id = (await _next(a))["call_id"]
    await _next(b)
    await _refused(b, {"type": "call.decline"}, "own_proposal")
    await a.send_json_to({"type": "call.decline"})
    declined = {"type": "call.declined", "match_id": match_id, "call_id": call_id, "by_seat": 0}
    assert await _next(a) == declined
    assert await _next(b) == declined
    await _refused(a, {"type": "call.accept"}, "no_call")

    # The proposer withdraws a proposal by hanging up.
    await a.send_json_to({"type": "call.propose"})
    call_id = (await _next(b))["call_id"]
    await _next(a)
    await a.send_json_to({"type": "call.hangup"})
    for socket in (a, b):
        ended = await _next(socket)
        assert (ended["type"], ended["call_id"]) == ("call.ended", call_id)
        assert (ended["reason"], ended["by_seat"]) == ("hangup", 0)

    # Nobody answers within the ring time: the proposal ends by itself.
    settings.CALL_RING_SECONDS = 0.3
    await a.send_json_to({"type": "call.propose"})
    call_id = (await _next(b))["call_id"]
    await _next(a)
    for socket in (a, b):
        ended = await _next(socket)
        assert ended == {
            "type": "call.ended",
            "match_id": match_id,
            "call_id": call_id,
            "reason": "unanswered",
            "by_seat": None,
        }
    await _refused(b, {"type": "call.accept"}, "no_call")


async def test_a_call_ends_when_one_end_disconnects(
    pair: tuple[str, Player, Player], sockets: Sockets
) -> None:
    match_id, host, friend = pair
    a, _ = await sockets.ready(match_id, host.token)
    b, _ = await sockets.ready(match_id, friend.token)
    await a.send_json_to({"type": "call.propose"})
    await _next(a), await _next(b)
    await b.send_json_to({"type": "call.accept"})
    call_id = (await _next(a))["call_id"]
    await _next(b)
    await b.disconnect()
    assert await _next(a) == {
        "type": "call.ended",
        "match_id": match_id,
        "call_id": call_id,
        "reason": "disconnected",
        "by_seat": 1,
    }
    # b's only socket is gone: its reconnect window opens, and closes when it is back
    assert (await _next(a))["event"]["type"] == "player_disconnected"
    # A new call is possible at once (the state was cleared).
    b, _ = await sockets.ready(match_id, friend.token)
    assert (await _next(a))["event"] == {
        "type": "player_reconnected",
        "schema_version": 1,
        "seat": 1,
    }
    await b.send_json_to({"type": "call.propose"})
    assert (await _next(a))["type"] == "call.proposed"


@pytest.mark.parametrize("blocker", [0, 1], ids=["host-blocks", "friend-blocks"])
async def test_blocked_players_cannot_call_each_other(
    pair: tuple[str, Player, Player], sockets: Sockets, blocker: int
) -> None:
    match_id, *players = pair
    a, _ = await sockets.ready(match_id, players[0].token)
    b, _ = await sockets.ready(match_id, players[1].token)
    await _block(players[blocker], players[1 - blocker])
    for socket in (a, b):
        await _refused(socket, {"type": "call.propose"}, "blocked")
    await _quiet(a, b)


async def test_a_block_during_a_call_ends_it_and_a_proposal_cannot_be_accepted(
    pair: tuple[str, Player, Player], sockets: Sockets
) -> None:
    match_id, host, friend = pair
    a, _ = await sockets.ready(match_id, host.token)
    b, _ = await sockets.ready(match_id, friend.token)
    await a.send_json_to({"type": "call.propose"})
    await _next(a), await _next(b)
    await b.send_json_to({"type": "call.accept"})
    call_id = (await _next(a))["call_id"]
    await _next(b)

    await _block(friend, host)
    # To the blocked player it looks like any hang-up.
    ended = {
        "type": "call.ended",
        "match_id": match_id,
        "call_id": call_id,
        "reason": "hangup",
        "by_seat": 1,
    }
    assert await _next(a) == ended
    assert await _next(b) == ended
    await _refused(a, {"type": "call.signal", "kind": "ice", "payload": {}}, "no_call")
    await _refused(a, {"type": "call.propose"}, "blocked")


async def test_a_proposal_made_before_a_block_cannot_be_accepted(
    pair: tuple[str, Player, Player], sockets: Sockets, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Accepting checks the block again, should a proposal outlive the block's hang-up (say,
    its push was lost)."""
    match_id, host, friend = pair
    monkeypatch.setattr(services.calls, "call_end_between", lambda **kwargs: None)
    a, _ = await sockets.ready(match_id, host.token)
    b, _ = await sockets.ready(match_id, friend.token)
    await a.send_json_to({"type": "call.propose"})
    await _next(a), await _next(b)
    await _block(host, friend)
    await _refused(b, {"type": "call.accept"}, "blocked")
    await _quiet(a)


async def test_suspended_or_banned_players_cannot_propose_or_accept(
    pair: tuple[str, Player, Player], sockets: Sockets
) -> None:
    match_id, host, friend = pair
    a, _ = await sockets.ready(match_id, host.token)
    b, _ = await sockets.ready(match_id, friend.token)
    ends_at = timezone.now() + timedelta(days=1)
    await in_thread(sanction, host.user, "suspension", ends_at=ends_at)
    error = await _refused(a, {"type": "call.propose"}, "suspended")
    assert error["ends_at"] == ends_at.isoformat()
    await _quiet(b)

    await b.send_json_to({"type": "call.propose"})
    await _next(a), await _next(b)
    await _refused(a, {"type": "call.accept"}, "suspended")
    await in_thread(sanction, host.user, "ban")
    error = await _refused(a, {"type": "call.accept"}, "banned")
    assert "ends_at" not in error
    await _quiet(b)  # B's proposal is still ringing, unanswered
    # Reading state stays allowed.
    await a.send_json_to({"type": "call.status"})
    assert (await _next(a))["state"] == "proposed"


async def test_no_calls_in_a_match_against_the_computer(
    make_player: MakePlayer, sockets: Sockets
) -> None:
    player = await in_thread(make_player)
    match_id = (await in_thread(create_computer_match, player))["id"]
    socket, _ = await sockets.ready(match_id, player.token)
    await _refused(socket, {"type": "call.propose"}, "not_online_match")
    await _refused(socket, {"type": "call.accept"}, "no_call")


def _partnership_pair(make_player: MakePlayer) -> tuple[str, Player, Player]:
    """A partnership table of two friends and two Katis."""
    host, friend = make_player(), make_player()
    room = host.client.post("/api/v1/rooms/", {"variant": "partnership"}, format="json").json()
    code = {"code": room["invite"]["code"]}
    joined = friend.client.post("/api/v1/rooms/join/", code, format="json")
    assert joined.status_code == 200, joined.content
    for _ in range(2):
        seats = f"/api/v1/rooms/{room['id']}/seats/"
        seated = host.client.post(seats, {"strength": "club"}, format="json")
        assert seated.status_code == 200, seated.content
    return room["id"], host, friend


async def test_no_calls_at_a_four_seat_table_where_two_talking_alone_could_aid_a_partner(
    make_player: MakePlayer, sockets: Sockets
) -> None:
    match_id, host, friend = await in_thread(_partnership_pair, make_player)
    mine, _ = await sockets.ready(match_id, host.token)
    theirs, _ = await sockets.ready(match_id, friend.token)
    await _quiet(mine, theirs)
    await _refused(mine, {"type": "call.propose"}, "calls_two_players_only")
    assert await theirs.receive_nothing(timeout=0.2)  # the friend hears of no proposal


# --- chat over the socket ------------------------------------------------------------------


async def _say(player: Player, match_id: str, text: str) -> dict[str, Any]:
    response = await in_thread(
        player.client.post, f"/api/v1/matches/{match_id}/chat/", {"text": text}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()


async def test_chat_messages_are_pushed_to_both_players_but_not_to_a_blocker(
    pair: tuple[str, Player, Player], make_player: MakePlayer, sockets: Sockets
) -> None:
    match_id, host, friend = pair
    a, _ = await sockets.ready(match_id, host.token)
    b, _ = await sockets.ready(match_id, friend.token)
    stranger = await in_thread(make_player)
    spy = await sockets.connect(match_id)
    await spy.send_json_to({"type": "authenticate", "token": stranger.token})
    await expect_refusal(spy, NOT_A_PARTICIPANT)

    message = await _say(host, match_id, "  jó játékot!  ")
    pushed = {"type": "chat", "match_id": match_id, "message": message}
    assert message["text"] == "jó játékot!"
    assert await _next(a) == pushed  # the sender's own socket too
    assert await _next(b) == pushed

    await _block(host, friend)
    own = await _say(friend, match_id, "why?")
    assert await _next(b) == {"type": "chat", "match_id": match_id, "message": own}
    await _quiet(a)  # the blocker's socket gets nothing from the blocked player
    reply = await _say(host, match_id, "bye")
    assert await _next(b) == {"type": "chat", "match_id": match_id, "message": reply}
    assert await _next(a) == {"type": "chat", "match_id": match_id, "message": reply}
    await _quiet(a, b, spy)


# --- ICE servers over REST -----------------------------------------------------------------


def test_ice_servers_come_from_the_settings_for_players_who_may_call(
    make_player: MakePlayer, settings: Settings
) -> None:
    settings.ICE_SERVERS = CONFIGURED_ICE
    player = make_player()
    response = player.client.get("/api/v1/calls/ice-servers/")
    assert response.status_code == 200
    assert response.json() == {"ice_servers": ICE_FOR_CLIENTS}

    guest = make_player(guest=True)
    refused = guest.client.get("/api/v1/calls/ice-servers/")
    assert (refused.status_code, refused.json()["code"]) == (403, "registration_required")
    sanction(player.user, "ban")
    refused = player.client.get("/api/v1/calls/ice-servers/")
    assert (refused.status_code, refused.json()["code"]) == (403, "banned")


@pytest.fixture
def english_and_hungarian(make_player: MakePlayer) -> tuple[str, Player, Player]:
    """A friend match of a player who chose English and one who chose nothing."""
    english, hungarian = make_player(language="en"), make_player()
    return create_friend_match(english, hungarian)["id"], english, hungarian


async def test_a_refused_call_message_is_said_in_the_players_language(
    english_and_hungarian: tuple[str, Player, Player], sockets: Sockets
) -> None:
    """The error frame's ``detail``: the player's own setting, else the page's language (the
    language cookie), else Hungarian."""
    match_id, english, hungarian = english_and_hungarian
    a, _ = await sockets.ready(match_id, english.token)
    b, _ = await sockets.ready(match_id, hungarian.token)
    chose = await sockets.connect(match_id, headers=[(b"cookie", b"django_language=en")])
    await chose.send_json_to({"type": "authenticate", "token": hungarian.token})
    assert (await chose.receive_json_from(timeout=TIMEOUT))["type"] == "ready"

    said_a = await _refused(a, {"type": "call.accept"}, "no_call")
    said_b = await _refused(b, {"type": "call.accept"}, "no_call")
    said_chose = await _refused(chose, {"type": "call.accept"}, "no_call")

    assert said_a["detail"] == "There is no call to answer."
    assert said_b["detail"] == "Nincs fogadható hívás."
    assert said_chose["detail"] == "There is no call to answer."
