"""The player's own socket (/ws/me/) hears that a matchmaking ticket was matched."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from channels.testing import WebsocketCommunicator

from apps.wallet.services import wallet_open
from config.asgi import application
from tests.conftest import MakePlayer
from tests.matches.ws_helpers import TIMEOUT, in_thread

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
async def opened() -> AsyncIterator[list[WebsocketCommunicator]]:
    sockets: list[WebsocketCommunicator] = []
    yield sockets
    for socket in sockets:
        await socket.disconnect(timeout=TIMEOUT)


async def _ready(token: str, sockets: list[WebsocketCommunicator]) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, "/ws/me/")
    sockets.append(socket)
    connected, _ = await socket.connect(timeout=TIMEOUT)
    assert connected
    await socket.send_json_to({"type": "authenticate", "token": token})
    ready = await socket.receive_json_from(timeout=TIMEOUT)
    assert ready["type"] == "ready"
    return socket


async def test_both_players_hear_their_match(
    make_player: MakePlayer, opened: list[WebsocketCommunicator], settings
) -> None:  # type: ignore[no-untyped-def]
    settings.RANKING_MATCH_CREATOR = "apps.matches.services.match_create_ranked"
    a, b = await in_thread(lambda: [make_player(), make_player()])
    for p in (a, b):
        await in_thread(wallet_open, user=p.user)
    sockets = [await _ready(p.token, opened) for p in (a, b)]
    first = await in_thread(
        a.client.post, "/api/v1/matchmaking/tickets/", {"stake": 50}, format="json"
    )
    assert first.status_code == 201 and first.json()["status"] == "waiting"
    second = await in_thread(
        b.client.post, "/api/v1/matchmaking/tickets/", {"stake": 50}, format="json"
    )
    assert second.status_code == 201
    notices = [await s.receive_json_from(timeout=TIMEOUT) for s in sockets]
    assert {n["type"] for n in notices} == {"matchmaking.matched"}
    assert notices[0]["match_id"] == notices[1]["match_id"]
    assert notices[0]["opponent"]["id"] == b.user.id and notices[1]["opponent"]["id"] == a.user.id
    match = await in_thread(a.client.get, f"/api/v1/matches/{notices[0]['match_id']}/")
    assert match.json()["mode"] == "ranked" and match.json()["status"] == "active"


async def test_an_unauthenticated_player_socket_is_refused(
    opened: list[WebsocketCommunicator],
) -> None:
    socket = WebsocketCommunicator(application, "/ws/me/")
    opened.append(socket)
    connected, _ = await socket.connect(timeout=TIMEOUT)
    assert connected
    await socket.send_json_to({"type": "authenticate", "token": "nope"})
    assert (await socket.receive_json_from(timeout=TIMEOUT))["code"] == "invalid_token"
    assert (await socket.receive_output(timeout=TIMEOUT)) == {
        "type": "websocket.close",
        "code": 4401,
    }
