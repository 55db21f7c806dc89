"""Concurrent writes on PostgreSQL: the match row lock and UNIQUE(match, seq) let exactly one of
many simultaneous moves through, and a retried client_move_id is applied once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from apps.matches.models import MatchEvent
from tests.conftest import MakePlayer
from tests.matches.helpers import create_friend_match, fetch

pytestmark = pytest.mark.django_db(transaction=True)
CLIENTS = 16


def run_together(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls in threads released at the same instant; each thread has its own DB
    connection (closed at the end)."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def worker(i: int) -> None:
        try:
            barrier.wait()
            results[i] = calls[i]()
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def _setup(make_player: MakePlayer) -> tuple[Any, Any, dict, dict]:
    """A friend match; returns (player to move, the other player, the mover's match, a play)."""
    host, friend = make_player(), make_player()
    match_id = create_friend_match(host, friend)["id"]
    match = fetch(host, match_id)
    mover, other = (host, friend) if match["view"]["deal"]["turn"] == 0 else (friend, host)
    match = fetch(mover, match_id)
    play = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")
    return mover, other, match, play


def _post(token: str, match_id: str, body: dict) -> tuple[int, dict]:
    client = APIClient()
    client.credentials(HTTP_X_SESSION_TOKEN=token)
    response = client.post(f"/api/v1/matches/{match_id}/actions/", body, format="json")
    return response.status_code, response.json()


def test_sixteen_simultaneous_identical_moves_append_exactly_one(make_player: MakePlayer) -> None:
    mover, _, match, play = _setup(make_player)
    before = MatchEvent.objects.filter(match_id=match["id"]).count()
    calls = [
        lambda i=i: _post(
            mover.token,
            match["id"],
            {"action": play, "expected_version": match["version"], "client_move_id": f"c{i}"},
        )
        for i in range(CLIENTS)
    ]
    results = run_together(calls)
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] + [409] * (CLIENTS - 1)
    winner = next(body for status, body in results if status == 200)
    for status, body in results:
        if status == 409:
            assert body["code"] == "version_conflict"
            assert body["current_version"] == winner["version"]
    events = MatchEvent.objects.filter(match_id=match["id"])
    assert events.count() == before + len(winner["events"])
    assert events.filter(type="card_played").count() == 1
    assert events.exclude(client_move_id=None).count() == 1


def test_sixteen_retries_of_one_client_move_id_apply_once_with_identical_answers(
    make_player,
) -> None:  # type: ignore[no-untyped-def]
    mover, _, match, play = _setup(make_player)
    body = {"action": play, "expected_version": match["version"], "client_move_id": "same-move"}
    results = run_together([lambda: _post(mover.token, match["id"], body)] * CLIENTS)
    assert {status for status, _ in results} == {200}
    assert all(answer == results[0][1] for _, answer in results)
    batch = MatchEvent.objects.filter(match_id=match["id"], batch=match["version"] + 1)
    assert batch.count() == len(results[0][1]["events"])
    assert MatchEvent.objects.filter(match_id=match["id"]).count() == results[0][1]["version"]
    # a retry long after (the match moved on meanwhile) still returns the first answer
    later = _post(mover.token, match["id"], body)
    assert later == (200, results[0][1])


def test_a_client_move_id_of_another_player_is_refused(make_player: MakePlayer) -> None:
    mover, other, match, play = _setup(make_player)
    body = {"action": play, "expected_version": match["version"], "client_move_id": "mine"}
    status, first = _post(mover.token, match["id"], body)
    assert status == 200
    status, refused = _post(other.token, match["id"], {**body, "action": {"type": "resign"}})
    assert (status, refused["code"]) == (409, "client_move_id_reused")
    assert "events" not in refused
    assert MatchEvent.objects.filter(match_id=match["id"]).count() == first["version"]
