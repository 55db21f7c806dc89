"""PostgreSQL or Redis down: a request answers ``503 service_unavailable`` problem+json with
``Retry-After`` (never a 500) and changes nothing, or, when what it needs still answers, it
is served. The services are really unreachable: pointed at a closed port of this machine."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.test import Client
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.common.authentication import cache_clear
from apps.common.sockets import NOT_AUTHENTICATED, UNAVAILABLE
from apps.matches.models import MatchEvent
from config.asgi import application
from tests.conftest import MakePlayer, Player
from tests.deploy.conftest import closed_port
from tests.matches.helpers import act, create_friend_match, fetch, random_move
from tests.matches.ws_helpers import TIMEOUT, Sockets, expect_refusal, in_thread
from tests.test_errors import assert_problem

pytestmark = pytest.mark.django_db


def redis_nowhere() -> str:
    return f"redis://127.0.0.1:{closed_port()}/0"


def assert_unavailable(response: Any) -> None:
    body = assert_problem(response, 503, "service_unavailable")
    assert response["Retry-After"] == "5"
    assert (
        body["detail"]
        == "A szerver most nem elérhető; semmi sem változott, próbáld újra 5 másodperc múlva."
    )


def _redis_down(settings: Any) -> None:
    """The cache (and so the sessions' cache and the throttles) and the channel layer."""
    settings.CACHES = {
        "default": {"BACKEND": "apps.common.cache.RedisCache", "LOCATION": redis_nowhere()}
    }
    layer = settings.CHANNEL_LAYERS["default"]
    settings.CHANNEL_LAYERS = {"default": {**layer, "CONFIG": {"hosts": [redis_nowhere()]}}}


@pytest.fixture
def redis_down(settings: Any) -> None:
    _redis_down(settings)


def test_a_request_that_needs_redis_is_a_503_and_creates_nothing(redis_down: None) -> None:
    """Creating a guest counts the caller's address in the cache first (the throttle)."""
    users = User.objects.count()
    client = APIClient(raise_request_exception=False)
    assert_unavailable(client.post("/api/v1/guests/", {}, format="json"))
    assert User.objects.count() == users


def test_a_move_while_redis_is_down_is_played_and_stored(
    make_player: MakePlayer,
    django_capture_on_commit_callbacks: Callable[..., Any],
    settings: Any,
) -> None:
    """A move needs only PostgreSQL: the sessions fall back to it and the push to the sockets
    fails on its own (logged); the move is stored once."""
    host, guest = make_player(), make_player()
    match = create_friend_match(host, guest)
    _redis_down(settings)
    view, mover = next(
        (v, p)
        for p in (host, guest)
        for v in [fetch(p, match["id"])]
        if any(a["type"] == "play_card" for a in v["view"]["legal_actions"])
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = act(mover, view, random_move(view["view"], random.Random(1)), "a")
    assert response.status_code == 200, response.content
    assert MatchEvent.objects.filter(match_id=match["id"], client_move_id="a").count() == 1


def _in_a_thread(request: Callable[[], Any]) -> Any:
    """``request()`` in another thread, whose database connection is opened anew (the test's
    own connection, and its transaction, stay as they are)."""
    answers: list[Any] = []

    def ask() -> None:
        try:
            answers.append(request())
        finally:
            connections.close_all()

    thread = threading.Thread(target=ask)
    thread.start()
    thread.join(60)
    return answers[0]


@pytest.fixture
def postgresql_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """New database connections go to a closed port."""
    monkeypatch.setitem(connections.settings["default"], "PORT", str(closed_port()))
    monkeypatch.setitem(connections.settings["default"], "HOST", "127.0.0.1")


def test_an_api_request_while_postgresql_is_down_is_a_503(
    make_player: MakePlayer, postgresql_down: None
) -> None:
    player = make_player()
    token = player.token

    def matches() -> Any:
        client = APIClient(raise_request_exception=False)
        client.credentials(HTTP_X_SESSION_TOKEN=token)
        return client.get("/api/v1/matches/")

    assert_unavailable(_in_a_thread(matches))
    assert_unavailable(
        _in_a_thread(
            lambda: APIClient(raise_request_exception=False).post(
                "/api/v1/guests/", {}, format="json"
            )
        )
    )


def test_a_request_outside_the_api_views_while_postgresql_is_down_is_a_503(
    postgresql_down: None,
) -> None:
    """allauth's own endpoints are not DRF views: Django's ``handler500`` answers the 503."""

    def login() -> Any:
        client = Client(raise_request_exception=False)
        return client.post(
            "/_allauth/app/v1/auth/login",
            {"email": "nobody@example.com", "password": "x" * 12},
            content_type="application/json",
        )

    assert_unavailable(_in_a_thread(login))


# --- the sockets while Redis is down ---------------------------------------------------------


def _started_match(make_player: MakePlayer) -> tuple[str, Player]:
    host, guest = make_player(), make_player()
    return create_friend_match(host, guest)["id"], host


@pytest.mark.django_db(transaction=True)
async def test_a_socket_authenticated_by_token_while_redis_is_down_is_closed_as_unavailable(
    make_player: MakePlayer, settings: Any
) -> None:
    """The token's session is read from PostgreSQL, as on the HTTP side; without Redis the
    socket cannot hear the match's pushes, so it is told so and closed with 1013 (try again
    later), never left open and deaf, nor refused as if the token were wrong."""
    match_id, host = await in_thread(_started_match, make_player)
    _redis_down(settings)
    sockets = Sockets()
    try:
        socket = await sockets.connect(match_id)
        await socket.send_json_to({"type": "authenticate", "token": host.token})
        error = await expect_refusal(socket, UNAVAILABLE)
    finally:
        await sockets.close_all()
    assert error == {"type": "error", "code": "service_unavailable"}


@pytest.mark.django_db(transaction=True)
async def test_a_socket_authenticated_by_cookie_while_redis_is_down_is_closed_as_unavailable(
    make_player: MakePlayer, settings: Any
) -> None:
    match_id, host = await in_thread(_started_match, make_player)

    def cookie() -> bytes:
        browser = Client()
        browser.force_login(host.user)
        return f"sessionid={browser.cookies['sessionid'].value}".encode()

    headers = [(b"host", b"testserver"), (b"cookie", await in_thread(cookie))]
    _redis_down(settings)
    sockets = Sockets()
    try:
        socket = await sockets.connect(match_id, headers)
        error = await expect_refusal(socket, UNAVAILABLE)
    finally:
        await sockets.close_all()
    assert error == {"type": "error", "code": "service_unavailable"}


@pytest.mark.django_db(transaction=True)
async def test_a_socket_reads_its_token_s_session_from_postgresql_when_the_cache_is_down(
    make_player: MakePlayer, settings: Any
) -> None:
    """Only the cache down (the channel layer answering): the socket's token is read from
    PostgreSQL as a request's is, so the player's own socket (``/ws/me/``, which keeps nothing
    in the cache) gets ready, and a wrong token is still refused as invalid."""
    player = await in_thread(make_player)
    settings.CACHES = {
        "default": {"BACKEND": "apps.common.cache.RedisCache", "LOCATION": redis_nowhere()}
    }
    cache_clear()  # no token remembered from the set-up
    opened = []
    try:
        for token in (player.token, "no-such-session"):
            socket = WebsocketCommunicator(application, "/ws/me/")
            opened.append(socket)
            connected, _ = await socket.connect(timeout=TIMEOUT)
            assert connected
            await socket.send_json_to({"type": "authenticate", "token": token})
        ready = await opened[0].receive_json_from(timeout=TIMEOUT)
        error = await expect_refusal(opened[1], NOT_AUTHENTICATED)
    finally:
        for socket in opened:
            await socket.disconnect(timeout=TIMEOUT)
    assert ready == {"type": "ready", "user_id": player.user.id}
    assert error == {"type": "error", "code": "invalid_token"}
