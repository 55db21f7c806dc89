"""The browser-test infrastructure itself: the hidden-card checker on what the server really
sends (no browser), and the live ASGI server with Chromium (pages, static files, WebSockets,
settings overrides, the ORM while the browser runs)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from uuid import uuid4

import pytest
from django.db import connection

from apps.accounts.models import User
from apps.matches import event_store
from apps.matches.models import Match
from tests.conftest import MakePlayer, Player
from tests.factories import UserFactory
from tests.matches.helpers import act, create_computer_match, fetch, random_move
from tests.web.conftest import ClubServer, StartClubServer
from tests.web.hidden import (
    Recorder,
    assert_dom_shows_no_hidden_cards,
    assert_no_hidden_cards,
    card_codes,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.django_db(transaction=True)

HOST = "http://testserver"
#: Open a WebSocket from the page; resolve with the frames received and the close code.
OPEN_SOCKET = """(url) => new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const frames = [];
    socket.onmessage = (message) => frames.push(JSON.parse(message.data));
    socket.onclose = (closed) => resolve({frames, code: closed.code});
    setTimeout(() => reject(new Error('no close within 5 s')), 5000);
})"""


def _record(recorder: Recorder, player: Player, path: str) -> dict:
    response = player.client.get(path)
    assert response.status_code == 200, response.content
    recorder.add_http(HOST + path, response.content)
    return response.json()


def _played(player: Player, *, moves: int, finish_a_deal: bool) -> tuple[Recorder, dict]:
    """A computer match played through the API, with every body the player got recorded:
    ``moves`` moves, or on until the first deal is over and the second has begun."""
    recorder = Recorder()
    created = player.client.post("/api/v1/matches/computer/", {}, format="json")
    assert created.status_code == 201, created.content
    recorder.add_http(HOST + "/api/v1/matches/computer/", created.content, status=201)
    match = created.json()
    rng = random.Random(5)
    made = 0
    while match["status"] == "active" and made < 60:
        if made >= moves and not (finish_a_deal and match["view"]["deals_played"] < 1):
            break
        response = act(player, match, random_move(match["view"], rng), f"m{made}")
        assert response.status_code == 200, response.content
        url = f"{HOST}/api/v1/matches/{match['id']}/actions/"
        recorder.add_http(url, response.content, method="POST")
        answer = response.json()
        for envelope in answer["events"]:  # as the socket pushes them
            recorder.add_ws(f"ws://testserver/ws/matches/{match['id']}/", envelope)
        _record(
            recorder, player, f"/api/v1/matches/{match['id']}/events/?after_seq={answer['version']}"
        )
        match = _record(recorder, player, f"/api/v1/matches/{match['id']}/")
        made += 1
    return recorder, match


def test_the_checker_passes_everything_the_server_sent_over_two_deals(
    make_player: MakePlayer,
) -> None:
    player = make_player(guest=True)
    recorder, match = _played(player, moves=3, finish_a_deal=True)
    assert match["view"]["deals_played"] >= 1
    # a feed reaching back into the first deal, and its record: both legitimate now
    _record(recorder, player, f"/api/v1/matches/{match['id']}/events/?after_seq=0")
    record = _record(recorder, player, f"/api/v1/matches/{match['id']}/deals/1/")
    assert len(record["deck"]) == 20
    checked = assert_no_hidden_cards(recorder, match["id"], match["your_seat"])
    assert checked > 60


def test_the_checker_reads_the_database_from_inside_an_event_loop(
    make_player: MakePlayer,
) -> None:
    """Without DJANGO_ALLOW_ASYNC_UNSAFE, a running loop sends its reads to a worker thread."""
    player = make_player(guest=True)
    recorder, match = _played(player, moves=1, finish_a_deal=False)

    async def check() -> int:
        return assert_no_hidden_cards(recorder, match["id"], match["your_seat"])

    assert asyncio.run(check()) > 5


def _hidden(match_id: str, seat: int) -> tuple[str, str, int]:
    """A card of the opponent's hand, a card of the undrawn talon, and the version."""
    version = Match.objects.get(pk=match_id).version
    deal = event_store.state_at(match_id, version).deal
    assert deal is not None and deal.talon
    return deal.hands[1 - seat][0].code, deal.talon[0].code, version


Inject = Callable[[str, int, str], tuple[str, str, Any]]  # (match id, version, card) -> message


def _pushed_draw(match_id: str, version: int, card: str) -> tuple[str, str, Any]:
    event = {"type": "card_drawn", "schema_version": 1, "seat": 1, "card": card, "face_up": False}
    envelope = {"type": "event", "match_id": match_id, "seq": version, "event": event}
    return "ws", f"ws://testserver/ws/matches/{match_id}/", envelope


def _in_the_hand(match_id: str, version: int, card: str) -> tuple[str, str, Any]:
    body = {"id": match_id, "version": version, "view": {"deal": {"phase": "open", "hand": [card]}}}
    return "http", f"{HOST}/api/v1/matches/{match_id}/", body


def _revealed_while_running(match_id: str, version: int, card: str) -> tuple[str, str, Any]:
    deal = {"phase": "open", "revealed": {"deck": [card]}}
    return (
        "http",
        f"{HOST}/api/v1/matches/{match_id}/",
        {"version": version, "view": {"deal": deal}},
    )


def _after_a_later_version(match_id: str, version: int, card: str) -> tuple[str, str, Any]:
    """No seq of its own: judged at the latest horizon seen."""
    return "ws", f"ws://testserver/ws/matches/{match_id}/", {"type": "chat", "text": [card]}


@pytest.mark.parametrize(
    "inject", [_pushed_draw, _in_the_hand, _revealed_while_running, _after_a_later_version]
)
@pytest.mark.parametrize("which", ["opponent", "talon"])
def test_the_checker_catches_a_hidden_card(
    make_player: MakePlayer, inject: Inject, which: str
) -> None:
    player = make_player(guest=True)
    recorder, match = _played(player, moves=2, finish_a_deal=False)
    seat = match["your_seat"]
    assert_no_hidden_cards(recorder, match["id"], seat)
    opponent_card, talon_card, version = _hidden(match["id"], seat)
    card = opponent_card if which == "opponent" else talon_card
    kind, url, message = inject(match["id"], version, card)
    if kind == "ws":
        recorder.add_ws(url, message)
    else:
        recorder.add_http(url, message)
    where = "seat" if which == "opponent" else "undrawn talon"
    with pytest.raises(AssertionError, match=rf"{card} at seq {version} \(.*{where}"):
        assert_no_hidden_cards(recorder, match["id"], seat)


def test_the_checker_allows_what_reveals_a_finished_deal_and_other_matches(
    make_player: MakePlayer,
) -> None:
    player = make_player(guest=True)
    recorder, match = _played(player, moves=2, finish_a_deal=False)
    seat, match_id = match["your_seat"], match["id"]
    card, _, version = _hidden(match_id, seat)
    over = {"phase": "over", "revealed": {"hands": [[card], []]}}
    recorder.add_http(
        f"{HOST}/api/v1/matches/{match_id}/", {"version": version, "view": {"deal": over}}
    )
    recorder.add_http(f"{HOST}/api/v1/matches/{match_id}/deals/1/", {"deck": [card]})
    ended = {"type": "deal_ended", "winner": 0, "deck": [card], "salt": "00"}
    recorder.add_ws(
        f"ws://testserver/ws/matches/{match_id}/",
        {"type": "event", "match_id": match_id, "seq": version, "event": ended},
    )
    other = str(uuid4())
    recorder.add_ws(
        f"ws://testserver/ws/matches/{other}/", {"type": "event", "seq": 1, "event": card}
    )
    recorder.add_http(
        f"{HOST}/api/v1/matches/{match_id}/rematch/accept/", {"id": other, "view": [card]}
    )
    recorder.add_http(f"{HOST}/api/v1/matches/{other}/", {"version": 1, "view": [card]})
    recorder.add_http(f"{HOST}/api/docs/", "<p>PA</p>")  # not JSON
    assert_no_hidden_cards(recorder, match_id, seat)


# --- a live server and Chromium ----------------------------------------------------------------


def test_the_server_serves_pages_static_files_and_websockets(
    start_club_server: StartClubServer, chromium: Browser, make_player: MakePlayer
) -> None:
    server: ClubServer = start_club_server(WS_AUTH_TIMEOUT_SECONDS=1)
    context = chromium.new_context()
    page = context.new_page()
    recorder = Recorder(page)
    statics: list[tuple[str, int]] = []
    page.on(
        "response", lambda r: statics.append((r.url, r.status)) if "/static/" in r.url else None
    )

    response = page.goto(f"{server.url}/api/docs/")
    assert response is not None and response.status == 200
    page.wait_for_selector(".swagger-ui .information-container", timeout=10_000)
    assert statics and all(status == 200 for _, status in statics), statics
    assert recorder.bodies("/api/schema/"), "the schema was fetched and recorded"

    socket_url = f"{server.ws_url}/ws/matches/{uuid4()}/"
    # no cookie yet: refused once the (overridden, 1 s) authentication deadline passes
    anonymous = page.evaluate(OPEN_SOCKET, socket_url)
    assert anonymous == {"frames": [{"type": "error", "code": "not_authenticated"}], "code": 4401}
    # a signed-in player (created while the browser runs: the ORM still works) who does not
    # sit in that match: the server found the session in the test database
    player = make_player()
    server.sign_in(context, player.token)
    signed_in = page.evaluate(OPEN_SOCKET, socket_url)
    assert signed_in["code"] == 4403, signed_in
    assert signed_in["frames"][0]["code"] == "match_not_found"
    assert recorder.frames("/ws/matches/") == anonymous["frames"] + signed_in["frames"]
    context.close()


def _page_with(chromium: Browser, html: str) -> Page:
    page = chromium.new_page()
    page.set_content(html)
    return page


def test_the_dom_check(chromium: Browser, make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player)  # ORM and API calls while the browser runs
    seat = match["your_seat"]
    own = match["view"]["deal"]["hand"][0]
    opponent_card, talon_card, _ = _hidden(match["id"], seat)
    assert own in set(card_codes(fetch(player, match["id"])["view"]))

    fine = _page_with(
        chromium,
        f'<div data-card="{own}"></div><div data-card=""></div>'
        f'<section data-revealed><ul><li data-card="{opponent_card}"></li></ul></section>',
    )
    assert assert_dom_shows_no_hidden_cards(fine, match["id"], seat) == [own]

    leaking = _page_with(chromium, f'<div data-card="{own}"></div><b data-card="{talon_card}"></b>')
    with pytest.raises(AssertionError, match=rf"{talon_card} \(in the undrawn talon\)"):
        assert_dom_shows_no_hidden_cards(leaking, match["id"], seat, timeout=0.2)


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


@pytest.fixture
def made_before_the_browser(db: None) -> tuple[int, int]:
    return UserFactory().pk, _backend_pid()


@pytest.mark.django_db  # not transactional: the test's rows live in its open transaction
def test_the_orm_keeps_the_tests_connection_while_the_browser_runs(
    made_before_the_browser: tuple[int, int], chromium: Browser
) -> None:
    user_id, pid = made_before_the_browser
    assert chromium.is_connected()
    assert User.objects.filter(pk=user_id).exists()
    assert _backend_pid() == pid and connection.in_atomic_block
