"""Time in embedded mode, where no worker runs: a friend's socket closes, the other player's
socket is told, and when the reconnect window has run out the next load (the client reloads
the match at a deadline; here its heartbeat) applies the technical loss, pushed to the socket
that stayed. And Kati's think time, which embedded mode spends inside the request (eager
tasks), is slept as her schedule says: the test injects the sleep instead of waiting."""

from __future__ import annotations

from datetime import datetime

import pytest
import time_machine
from django.utils import timezone
from pytest_django.fixtures import Settings

from apps.computer import pacing
from apps.matches.integrity import store_problems
from apps.matches.models import MatchEvent
from config.settings.base import COMPUTER_THINK_SECONDS
from tests.conftest import MakePlayer
from tests.embedded.helpers import Http, pushed_as_fed
from tests.matches.ws_helpers import Sockets, in_thread, receive_through

pytestmark = [pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


async def test_a_reconnect_window_runs_out_on_the_next_load_and_is_pushed(
    make_player: MakePlayer, sockets: Sockets, clock: time_machine.Coordinates
) -> None:
    host, friend = [Http(await in_thread(make_player)) for _ in range(2)]
    room = await host.post("/api/v1/rooms/", {}, status=201)
    match = await friend.post("/api/v1/rooms/join/", {"code": room["invite"]["code"]})
    stays, ready = await sockets.ready(match["id"], host.player.token)
    goes, _ = await sockets.ready(match["id"], friend.player.token)
    await goes.disconnect()  # the friend's phone loses its signal
    [gone] = await receive_through(stays, ready["version"] + 1)
    assert gone["event"]["type"] == "player_disconnected" and gone["event"]["seat"] == 1
    deadline = datetime.fromisoformat(gone["event"]["deadline"])
    seen = gone["seq"]
    while timezone.now() < deadline:  # the host's client says it is here every 10 s
        clock.shift(10)
        beat = await host.post(f"/api/v1/matches/{match['id']}/heartbeat/", {})
        assert beat is not None
    after = await host.match(match["id"])
    assert (after["status"], after["end_reason"], after["winner_seat"]) == (
        "finished",
        "technical_loss",
        0,
    )
    pushed = await pushed_as_fed(host, stays, match["id"], seen, after["version"])
    assert pushed[-1]["event"]["type"] == "match_ended"
    assert await in_thread(lambda: list(store_problems([match["id"]]))) == []


async def test_katis_think_time_is_slept_in_the_request_as_scheduled(
    make_player: MakePlayer,
    clock: time_machine.Coordinates,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings.COMPUTER_THINK_SECONDS = COMPUTER_THINK_SECONDS  # embedded mode's schedule
    slept: list[float] = []

    def sleep(seconds: float) -> None:  # the clock moves on instead of the test waiting
        slept.append(seconds)
        clock.shift(seconds)

    monkeypatch.setattr(pacing, "sleep", sleep)
    player = Http(await in_thread(make_player, guest=True))
    match = await player.post(
        "/api/v1/matches/computer/", {"variant": "klub", "strength": "expert"}, status=201
    )
    for _ in range(6):  # a few answers from Kati, each in the request it answers
        action = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")
        await player.act(match, action)
        match = await player.match(match["id"])
        assert match["view"]["deal"]["turn"] in (match["your_seat"], None)  # she has answered
        if match["status"] != "active":
            break
    # one think time slept per move of hers (the server's batches with a command and no actor,
    # the match's start aside), each her schedule's for the expert
    katis = await in_thread(
        MatchEvent.objects.filter(match_id=match["id"], actor=None, command__isnull=False)
        .exclude(command__type="start_match")
        .count
    )
    expert = {v for k, v in COMPUTER_THINK_SECONDS.items() if "expert" in k}
    assert katis > 0 and len(slept) == katis
    assert set(slept) <= expert
