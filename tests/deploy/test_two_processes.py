"""Two web processes, one database, one Redis, as deployed (deploy/Procfile: two ``web``
gunicorns, a ``ws`` socket server and a Celery ``worker``, all under the production settings):
what a player does through one web process is seen through the others."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
import uuid
from typing import Any

import pytest
from django.core.cache import cache
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer, Player
from tests.deploy.servers import Club, ClubProcess

pytestmark = pytest.mark.django_db(transaction=True)
GIVING_UP = ("surrender", "resign", "leave")
STAKE = 20
GUESTS_PER_MINUTE = 3


def call(
    web: ClubProcess, method: str, path: str, *, token: str = "", body: Any = None
) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Session-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(web.url + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def poll_ticket(web: ClubProcess, player: Player, ticket_id: int) -> dict:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        status, ticket = call(
            web, "GET", f"/api/v1/matchmaking/tickets/{ticket_id}/", token=player.token
        )
        assert status == 200, ticket
        if ticket["status"] != "waiting":
            return ticket  # type: ignore[no-any-return]
        time.sleep(0.2)
    raise AssertionError("the tickets were not paired within 20 s")


def next_event(socket: ClientConnection) -> dict:
    while True:
        message = json.loads(socket.recv(timeout=15))
        if message["type"] == "event":
            return message  # type: ignore[no-any-return]


def test_two_web_processes_share_matchmaking_pushes_and_throttles(
    club_processes: Club, make_player: MakePlayer
) -> None:
    queue = f"two-processes-{uuid.uuid4().hex[:8]}"  # this test's tasks, this test's worker
    rate = f"{GUESTS_PER_MINUTE}/minute"
    a = club_processes.web(CELERY_QUEUE=queue, GUEST_CREATE_RATE=rate)
    b = club_processes.web(CELERY_QUEUE=queue, GUEST_CREATE_RATE=rate)
    ws = club_processes.ws(CELERY_QUEUE=queue)
    club_processes.worker(CELERY_QUEUE=queue)
    cache.clear()  # no throttle count left by an earlier test in this Redis database
    first, second = make_player(), make_player()
    for player in (first, second):
        wallet_open(user=player.user)
    club_processes.ready()

    # ranked matchmaking: one ticket through each process, paired by the worker
    status, ticket_a = call(
        a, "POST", "/api/v1/matchmaking/tickets/", token=first.token, body={"stake": STAKE}
    )
    assert status == 201, ticket_a
    status, ticket_b = call(
        b, "POST", "/api/v1/matchmaking/tickets/", token=second.token, body={"stake": STAKE}
    )
    assert status == 201, ticket_b
    paired_a = poll_ticket(b, first, ticket_a["id"])  # polled on the other process
    paired_b = poll_ticket(a, second, ticket_b["id"])
    assert paired_a["status"] == paired_b["status"] == "matched"
    match_id = paired_a["match_id"]
    assert match_id and paired_b["match_id"] == match_id

    # each sends a seed for the first deal through one process (as the browser does when the
    # table opens): the last one in deals it
    for web, player, value in ((a, first, "a1" * 16), (b, second, "b2" * 16)):
        status, seeded = call(
            web,
            "POST",
            f"/api/v1/matches/{match_id}/seeds/",
            token=player.token,
            body={"deal": 1, "value": value},
        )
        assert status == 200, seeded

    # a move through web A is pushed to a socket on the socket server (neither web process)
    _, match = call(a, "GET", f"/api/v1/matches/{match_id}/", token=first.token)
    turn = match["view"]["deal"]["turn"]
    mover, watcher = (first, second) if match["your_seat"] == turn else (second, first)
    with connect(f"{ws.ws_url}/ws/matches/{match_id}/") as socket:
        socket.send(json.dumps({"type": "authenticate", "token": watcher.token}))
        ready = json.loads(socket.recv(timeout=15))
        assert ready["type"] == "ready", ready
        _, view = call(a, "GET", f"/api/v1/matches/{match_id}/", token=mover.token)
        action = next(x for x in view["view"]["legal_actions"] if x["type"] not in GIVING_UP)
        body = {"action": action, "expected_version": view["version"], "client_move_id": "m1"}
        status, moved = call(
            a, "POST", f"/api/v1/matches/{match_id}/actions/", token=mover.token, body=body
        )
        assert status == 200, moved
        pushed = next_event(socket)
        assert pushed["seq"] == view["version"] + 1
        assert pushed["match_id"] == match_id

    # the guest-creation throttle counts the requests of both processes (one Redis cache)
    answers = [call(web, "POST", "/api/v1/guests/", body={})[0] for web in (a, b, a)]
    assert answers == [201] * GUESTS_PER_MINUTE
    status, throttled = call(b, "POST", "/api/v1/guests/", body={})
    assert (status, throttled["code"]) == (429, "throttled")


def test_a_logout_and_an_account_change_through_one_process_bite_at_once_on_the_others(
    club_processes: Club, make_player: MakePlayer
) -> None:
    """Each web process remembers the sessions it served; a logout or a change through
    another process must reach it before the next request, not seconds later (docs/api.md)."""
    a, b = club_processes.web(), club_processes.web()
    ws = club_processes.ws()
    club_processes.ready()
    player = make_player(display_name="Panni")

    status, me = call(a, "GET", "/api/v1/me/", token=player.token)
    assert (status, me["display_name"]) == (200, "Panni")  # A now remembers the session

    status, _ = call(b, "PATCH", "/api/v1/me/", token=player.token, body={"display_name": "Zsófi"})
    assert status == 200
    status, me = call(a, "GET", "/api/v1/me/", token=player.token)
    assert (status, me["display_name"]) == (200, "Zsófi")

    with connect(f"{ws.ws_url}/ws/me/") as socket:
        socket.send(json.dumps({"type": "authenticate", "token": player.token}))
        assert json.loads(socket.recv(timeout=15))["type"] == "ready"

        status, _ = call(b, "DELETE", "/_allauth/app/v1/auth/session", token=player.token)
        assert status == 401  # allauth's answer to a logout: no session any more
        status, refused = call(a, "GET", "/api/v1/me/", token=player.token)
        assert (status, refused["code"]) == (401, "invalid_token")
        status, refused = call(a, "POST", "/api/v1/matches/computer/", token=player.token, body={})
        assert (status, refused["code"]) == (401, "invalid_token")

        # the socket the session opened is closed, on a process that served neither call
        assert json.loads(socket.recv(timeout=15)) == {"type": "error", "code": "invalid_token"}
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=15)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
