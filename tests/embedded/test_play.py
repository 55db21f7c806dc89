"""A match of each game against Kati in embedded mode, over REST and the match socket: every
move is an HTTP request to the ASGI application, Kati answers in the request (eager Celery),
and the socket receives each event once, redacted for the player's seat, exactly as the event
feed gives it. Partnership's doubling window runs out on the clock (the deadline applied on the
next load: embedded mode schedules no task). At the end ``verify_store`` finds the SQLite store
sound: the ORM twins of the write path's SQL project what a replay says."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import time_machine

from apps.matches.engine import VARIANTS
from apps.matches.integrity import store_problems
from tests.conftest import MakePlayer
from tests.embedded.helpers import Http, Person, Played, play
from tests.matches.ws_helpers import Sockets, in_thread

pytestmark = [pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

# partnership is played to a seat's last chip: a deal or two show it, until a doubling window
# has closed by its deadline
UNTIL: dict[str, Callable[[Played], bool] | None] = {
    "klub": None,
    "sixty-six": None,
    "partnership": lambda played: played.waited > 0 and played.count("deal_ended") > 0,
}


@pytest.mark.parametrize("variant", sorted(UNTIL))
async def test_a_match_against_kati_over_rest_and_the_socket(
    variant: str, make_player: MakePlayer, sockets: Sockets, clock: time_machine.Coordinates
) -> None:
    player = await in_thread(make_player, guest=True)
    http = Http(player)
    match = await http.post(
        "/api/v1/matches/computer/", {"variant": variant, "strength": "beginner"}, status=201
    )
    socket, ready = await sockets.ready(match["id"], player.token)
    person = Person(http, socket, ready["version"])
    until = UNTIL[variant]
    played = await play(
        match["id"], [person], clock, until=until or (lambda _: False), seed=variant
    )
    seat = played.match["your_seat"]
    # Kati answered, in the requests
    assert any(e["event"].get("seat") not in (None, seat) for e in played.events)
    if until is None:
        assert played.match["status"] == "finished" and played.match["end_reason"] == "points"
        assert max(played.match["scores"]) >= VARIANTS[variant].targets[0]
    else:
        assert "doubling_closed" in {e["event"]["type"] for e in played.events}
    assert await in_thread(lambda: list(store_problems([match["id"]]))) == []
