"""A player's client on the ASGI application, as ``make run`` serves it: REST through Django's
ASGI handler (its views run in the handler's thread, whose after-commit pushes go to the
in-memory channel layer on the server's loop) and the match socket (``ws_helpers.Sockets``)."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import time_machine
from django.test import AsyncClient

from tests.conftest import Player
from tests.matches.helpers import GIVING_UP, PRESENCE
from tests.matches.ws_helpers import receive_through


class Http:
    """One player's REST client on the ASGI application, with its ``X-Session-Token``."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.client = AsyncClient()
        # per request: the client's own ``headers`` reach the ASGI scope misnamed (Django 6.1)
        self.headers = {"X-Session-Token": player.token}

    async def get(self, path: str, status: int = 200, **params: Any) -> Any:
        response = await self.client.get(path, params, headers=self.headers)
        assert response.status_code == status, response.content
        return response.json()

    async def post(self, path: str, body: dict[str, Any], status: int = 200) -> Any:
        response = await self.client.post(
            path, body, content_type="application/json", headers=self.headers
        )
        assert response.status_code == status, response.content
        return response.json()

    async def match(self, match_id: str) -> dict[str, Any]:
        return await self.get(f"/api/v1/matches/{match_id}/")

    async def act(self, match: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        """``action`` at the match's version; the answer."""
        body = {
            "action": action,
            "expected_version": match["version"],
            "client_move_id": uuid.uuid4().hex,
        }
        return await self.post(f"/api/v1/matches/{match['id']}/actions/", body)

    async def feed(self, match_id: str, after_seq: int) -> list[dict[str, Any]]:
        """The event feed after ``after_seq``, every page."""
        envelopes: list[dict[str, Any]] = []
        while True:
            page = await self.get(f"/api/v1/matches/{match_id}/events/", after_seq=after_seq)
            envelopes += page["events"]
            if not page["has_more"]:
                return envelopes
            after_seq = envelopes[-1]["seq"]


async def pushed_as_fed(
    http: Http, socket: Any, match_id: str, since: int, upto: int
) -> list[dict[str, Any]]:
    """The envelopes after ``since`` up to ``upto``, which the socket received exactly as the
    feed gives them to the same seat."""
    if upto <= since:
        return []
    pushed = await receive_through(socket, upto)
    assert pushed == await http.feed(match_id, since)
    return pushed


@dataclass
class Person:
    """A person at the table: its REST client and its match socket, and the last version the
    socket is known to have received."""

    http: Http
    socket: Any
    seen: int


@dataclass
class Played:
    """What a game played by ``play`` came to."""

    match: dict[str, Any]  # the first person's last view of it
    events: list[dict[str, Any]] = field(default_factory=list)  # the first person's envelopes
    waited: int = 0  # deadlines the clock was moved to

    def count(self, kind: str) -> int:
        return sum(envelope["event"]["type"] == kind for envelope in self.events)


async def play(
    match_id: str,
    people: list[Person],
    clock: time_machine.Coordinates,
    *,
    until: Callable[[Played], bool] = lambda played: False,
    seed: str = "",
    moves: int = 1500,
) -> Played:
    """The people play at random until the match ends (or ``until`` what they played): before every
    move each one's socket has received every event, exactly as its feed gives them; a deal
    that waits on the clock (no one has an action) gets its deadline, applied by the next
    load (embedded mode schedules no task: the client loads the match at a deadline)."""
    rng = random.Random(seed)
    played = Played(match={})
    for _ in range(moves):
        views = [await person.http.match(match_id) for person in people]
        for person, view in zip(people, views, strict=True):
            got = await pushed_as_fed(
                person.http, person.socket, match_id, person.seen, view["version"]
            )
            if person is people[0]:
                played.events += got
            person.seen = view["version"]
        played.match = views[0]
        if played.match["status"] != "active" or until(played):
            return played
        for person, view in zip(people, views, strict=True):
            action = random_choice(view["view"], rng)
            if action is not None:
                answer = await person.http.act(view, action)
                assert answer["version"] > view["version"]
                break
        else:  # the deal waits on the clock (partnership's doubling window)
            deadline = views[0]["view"]["deal"]["deadline"]
            assert deadline is not None, views[0]["view"]
            clock.move_to(datetime.fromisoformat(deadline))
            played.waited += 1
    raise AssertionError(f"the match did not end in {moves} moves")


def random_choice(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A legal action at random, never giving up or pausing; passing and letting doublings go
    more often than not (partnership), so that hands are called and played and the doubling
    window stays open for its deadline. ``None``: nothing to do but wait."""
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP + PRESENCE]
    quiet = [a for a in moves if a["type"] in ("pass", "no_double")]
    if quiet and rng.random() < 0.7:
        return quiet[0]
    return rng.choice(moves) if moves else None
