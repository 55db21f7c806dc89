"""A ``partnership`` hand pushed to four sockets (issue 27 points 2 and 4): every seat receives
every event, in the same order, each redacted for it and equal to its own event feed; no frame
carries a card of another hand before the hand is over, nor tells who holds the called card
before the partner is public; a refused doubling is answered to the seat that tried alone."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from typing import Any

import pytest

from apps.matches import event_store
from apps.matches.engine import VARIANTS
from apps.matches.engine.variants.partnership import PartnershipRules
from tests.conftest import MakePlayer, Player
from tests.engine.partnership import partnership_registered

from .ws_helpers import TIMEOUT, Sockets, in_thread, receive_through

pytestmark = pytest.mark.django_db(transaction=True)

# Not chosen: leaving the table, and a claim (``show_cards``), whose hand then waits out its
# seconds with no move for anyone (the claim has tests of its own).
QUITTING = ("resign", "leave", "pause", "resume", "show_hand", "show_cards")


@pytest.fixture(autouse=True)
def long_doubling_window() -> Iterator[None]:
    """A window no busy CI machine outlasts: the test steps through it one request at a time."""
    with partnership_registered(PartnershipRules(doubling_window=timedelta(minutes=10))):
        yield


@pytest.fixture
async def sockets() -> AsyncIterator[Sockets]:
    opened = Sockets()
    yield opened
    await opened.close_all()


def _table(make_player: MakePlayer) -> tuple[str, dict[int, Player]]:
    """Four friends at a partnership room, by seat."""
    players = [make_player() for _ in range(4)]
    room = players[0].client.post("/api/v1/rooms/", {"variant": "partnership"}, format="json")
    assert room.status_code == 201, room.content
    code = room.json()["invite"]["code"]
    for friend in players[1:]:
        joined = friend.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
        assert joined.status_code == 200, joined.content
    match_id = room.json()["id"]
    by_seat = {p.client.get(f"/api/v1/matches/{match_id}/").json()["your_seat"]: p for p in players}
    return match_id, by_seat


def _get(player: Player, url: str, **query: Any) -> dict[str, Any]:
    response = player.client.get(url, query)
    assert response.status_code == 200, response.content
    return response.json()


def _post(player: Player, url: str, body: dict[str, Any]) -> Any:
    return player.client.post(url, body, format="json")


def _check_frame(match_id: str, seat: int, envelope: dict[str, Any]) -> None:
    """The frame at its seq, against the truth then: no card secret to ``seat`` (another hand,
    not shown, not named by a bid) and no partner identity it may not know."""
    state = event_store.state_at(match_id, envelope["seq"])
    deal = state.deal
    if deal is None or deal.over:
        return
    text = json.dumps(envelope)
    secret = VARIANTS["partnership"].secret(state, seat)
    assert not [c.code for c in secret if f'"{c.code}"' in text], (seat, text)
    if envelope["event"]["type"] == "partner_revealed":
        assert deal.partner_public
    if not (deal.partner_public or deal.holder == seat) and deal.holder is not None:
        assert '"holder"' not in text and '"partner"' not in text, (seat, text)


async def test_a_hand_reaches_four_sockets_in_one_order_each_redacted_as_its_feed(
    make_player: MakePlayer, sockets: Sockets
) -> None:
    match_id, by_seat = await in_thread(_table, make_player)
    url = f"/api/v1/matches/{match_id}/"
    ws = {}
    for seat, player in by_seat.items():
        ws[seat], ready = await sockets.ready(match_id, player.token)
        assert ready["seat"] == seat
    version = (await in_thread(_get, by_seat[0], url))["version"]
    received: dict[int, list[dict[str, Any]]] = {seat: [] for seat in by_seat}
    rng = random.Random(5)
    refused_once = False
    first = (await in_thread(_get, by_seat[0], url))["view"]["deal"]["number"]
    for _ in range(400):  # until a hand with a doubling window is over (the next is dealt)
        views = {s: await in_thread(_get, p, url) for s, p in by_seat.items()}
        over = views[0]["view"]["deal"]["number"] != first or views[0]["status"] != "active"
        if over and refused_once:
            break
        first = views[0]["view"]["deal"]["number"] if over else first
        movers = [
            (s, moves)
            for s, m in views.items()
            if (moves := [a for a in m["view"]["legal_actions"] if a["type"] not in QUITTING])
        ]
        assert movers, [
            (v["view"]["deal"]["phase"], v["view"]["deal"]["number"]) for v in views.values()
        ]
        seat, action = movers[0][0], rng.choice(movers[0][1])
        deal = views[seat]["view"]["deal"]
        if deal["phase"] == "doubling" and not refused_once:
            # a word this seat may not say now (Subkontra first, or Kontra again): refused
            # to it alone
            wrong = {"type": "kontra" if deal["doublings"] else "subkontra"}
            refusal = await in_thread(
                _post,
                by_seat[seat],
                url + "actions/",
                {"action": wrong, "expected_version": version, "client_move_id": "wrong"},
            )
            assert refusal.status_code == 409, refusal.content
            assert refusal.json()["code"] in (
                "may_not_double",
                "doubling_out_of_order",
                "already_doubled",
            )
            refused_once = True
            for socket in ws.values():  # nobody is told of it
                assert await socket.receive_nothing(timeout=0.2)
        answer = await in_thread(
            _post,
            by_seat[seat],
            url + "actions/",
            {"action": action, "expected_version": version, "client_move_id": uuid.uuid4().hex},
        )
        assert answer.status_code == 200, answer.content
        after = answer.json()["version"]
        for viewer, socket in ws.items():
            envelopes = await receive_through(socket, after)
            assert [e["seq"] for e in envelopes] == list(range(version + 1, after + 1))
            received[viewer] += envelopes
        version = after
    assert refused_once
    types = [[e["event"]["type"] for e in received[seat]] for seat in by_seat]
    assert all(t == types[0] for t in types)  # the same events in the same order for all
    # the hand was played out and the next dealt, or the game ended with it (a seat out of
    # chips after a hand doubled three times), or everybody passed
    assert (
        {"hand_settled", "deal_ended"} <= set(types[0])
        and bool({"deal_started", "match_ended"} & set(types[0]))
    ) or "all_passed" in types[0]
    for seat, player in by_seat.items():
        feed = await in_thread(_get, player, url + "events/", after_seq=0)
        started = len(feed["events"]) - len(received[seat])
        assert feed["events"][started:] == received[seat]  # pushed == its own feed
        for envelope in received[seat]:
            await in_thread(_check_frame, match_id, seat, envelope)
    for socket in ws.values():
        assert await socket.receive_nothing(timeout=TIMEOUT / 30)
