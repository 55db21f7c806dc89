"""Deadlines with a real Celery worker: a separate process, Redis as the broker, the test
database. A task is queued at the match's next deadline whenever a batch moves it; the task
scheduled at a reconnect deadline fires in the worker and settles the match; and when the
worker is killed before the deadline, the beat sweep of a new worker applies the deadline
exactly once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone
from redis import Redis

from apps.matches import services
from apps.matches.engine.commands import Disconnect, Reconnect
from apps.matches.models import Match, MatchEvent
from apps.wallet.selectors import balance_of
from apps.wallet.services import wallet_open
from config.celery import app
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import server_command
from tests.wallet.conftest import assert_ledger_invariants

pytestmark = pytest.mark.django_db(transaction=True)
STAKE = 50
ROOT = Path(__file__).resolve().parents[2]


class Worker:
    """``celery -A config worker`` in its own process, on the test database and its own queue."""

    def __init__(self, queue: str, *, beat_schedule: Path | None = None) -> None:
        database = connection.settings_dict
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "DATABASE_URL": f"postgres://{database['USER']}@{database['HOST']}:"
            f"{database['PORT']}/{database['NAME']}",
            "CELERY_QUEUE": queue,
        }
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=INFO",
            f"--hostname={queue}-{uuid.uuid4().hex[:6]}@%h",
        ]
        if beat_schedule is not None:
            command += ["--beat", f"--schedule={beat_schedule}"]
        self.lines: list[str] = []
        self._ready = threading.Event()
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stderr=subprocess.STDOUT, stdout=subprocess.PIPE, text=True
        )
        threading.Thread(target=self._read, daemon=True).start()
        if not self._ready.wait(timeout=60):
            self.stop()
            raise AssertionError("the worker did not start:\n" + "".join(self.lines[-40:]))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)
            if " ready." in line:
                self._ready.set()

    def kill(self) -> None:
        """SIGKILL: the worker dies at once, with whatever it holds."""
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def queue(settings: Any) -> Iterator[str]:
    """Tasks really go to the broker, on a queue of this test's own."""
    name = f"test-deadlines-{uuid.uuid4().hex[:8]}"
    saved = (app.conf.task_always_eager, app.conf.task_default_queue)  # before any override
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager, app.conf.task_default_queue = False, name
    yield name
    app.conf.task_always_eager, app.conf.task_default_queue = saved
    assert app.conf.task_always_eager  # the rest of the suite runs tasks eagerly again


@pytest.fixture
def workers() -> Iterator[list[Worker]]:
    started: list[Worker] = []
    yield started
    for worker in started:
        worker.stop()


def _ranked(make_player: MakePlayer) -> tuple[Player, Player, str, int]:
    a, b = make_player(), make_player()
    for p in (a, b):
        wallet_open(user=p.user)
    start = balance_of(a.user.id)
    match_id = services.match_create_ranked(user_ids=(a.user.id, b.user.id), stake=STAKE)
    return a, b, match_id, start


def _disconnect_with_deadline_in(match_id: str, seconds: float) -> float:
    """Seat 0's socket is gone; its window runs out ``seconds`` from now (the window opened
    60 - ``seconds`` seconds ago). Returns the deadline as ``time.time()``."""
    opened = timezone.now() - timedelta(seconds=60 - seconds)
    server_command(match_id, Disconnect(0), now=opened)
    return opened.timestamp() + 60


def _wait_for_end(match_id: str, timeout: float) -> Match:
    limit = time.time() + timeout
    while time.time() < limit:
        match = Match.objects.get(pk=match_id)
        if match.status == Match.Status.FINISHED:
            return match
        time.sleep(0.1)
    raise AssertionError(f"the match did not end within {timeout} s")


def _wait_for_lines(worker: Worker, count: int, *words: str, timeout: float = 30) -> None:
    """Until ``count`` of the worker's log lines hold every one of ``words``."""
    limit = time.monotonic() + timeout
    while sum(all(w in line for w in words) for line in worker.lines) < count:
        assert time.monotonic() < limit, f"{words} not logged:\n" + "".join(worker.lines[-40:])
        time.sleep(0.05)


def _assert_settled_once(match_id: str, a: Player, b: Player, start: int) -> None:
    match = Match.objects.get(pk=match_id)
    assert (match.end_reason, match.winner_seat) == ("technical_loss", 1)
    assert MatchEvent.objects.filter(match_id=match_id, type="match_ended").count() == 1
    assert balance_of(a.user.id) == start - STAKE and balance_of(b.user.id) == start + STAKE
    assert_ledger_invariants()


def _queued(queue: str) -> list[tuple[str, list[str], datetime]]:
    """The tasks waiting in the broker's ``queue``: name, arguments and eta."""
    broker = Redis.from_url(settings.CELERY_BROKER_URL)
    messages = [json.loads(raw) for raw in broker.lrange(queue, 0, -1)]
    tasks = []
    for message in messages:
        headers = message["headers"]
        tasks.append((headers["task"], headers["argsrepr"], datetime.fromisoformat(headers["eta"])))
    return sorted(tasks, key=lambda task: task[2])


def test_a_task_is_queued_at_the_next_deadline_whenever_a_batch_moves_it(
    make_player: MakePlayer, queue: str
) -> None:
    """Scheduled from ``Match.next_deadline_at``, whatever set the deadline: one task per new
    earliest deadline, none for a later one behind it, none when the earliest is gone."""
    _, _, match_id, _ = _ranked(make_player)
    task = ("apps.matches.tasks.deadlines_fire", repr((match_id,)))
    start = timezone.now()
    try:
        server_command(match_id, Disconnect(0), now=start)
        first = Match.objects.get(pk=match_id).next_deadline_at
        assert first is not None and first > start
        assert _queued(queue) == [(*task, first)]
        # a second window, later than the first: the earliest is unchanged, no task
        server_command(match_id, Disconnect(1), now=start + timedelta(seconds=10))
        assert Match.objects.get(pk=match_id).next_deadline_at == first
        assert len(_queued(queue)) == 1
        # seat 0 is back: seat 1's window is now the earliest, and a task waits for it
        server_command(match_id, Reconnect(0), now=start + timedelta(seconds=20))
        second = Match.objects.get(pk=match_id).next_deadline_at
        assert second == first + timedelta(seconds=10)
        assert _queued(queue) == [(*task, first), (*task, second)]
        # both back: no deadline, nothing more to wake a worker for
        server_command(match_id, Reconnect(1), now=start + timedelta(seconds=30))
        assert Match.objects.get(pk=match_id).next_deadline_at is None
        assert len(_queued(queue)) == 2
    finally:
        Redis.from_url(settings.CELERY_BROKER_URL).delete(queue)


def test_the_deadline_task_fires_in_a_real_worker_and_settles_the_match(
    make_player: MakePlayer, queue: str, workers: list[Worker]
) -> None:
    a, b, match_id, start = _ranked(make_player)
    workers.append(Worker(queue))
    deadline = _disconnect_with_deadline_in(match_id, 3)
    _wait_for_end(match_id, timeout=30)
    ended = MatchEvent.objects.get(match_id=match_id, type="match_ended")
    assert ended.recorded_at.timestamp() >= deadline  # not a moment early
    _assert_settled_once(match_id, a, b, start)
    assert any("deadlines_fire" in line for line in workers[0].lines)


@pytest.mark.slow
def test_a_killed_worker_is_caught_up_by_the_beat_sweep_exactly_once(
    make_player: MakePlayer, queue: str, workers: list[Worker], tmp_path: Path
) -> None:
    a, b, match_id, start = _ranked(make_player)
    first = Worker(queue)
    workers.append(first)
    deadline = _disconnect_with_deadline_in(match_id, 4)
    _wait_for_lines(first, 1, "deadlines_fire", "received")  # held for its eta
    first.kill()
    time.sleep(max(0.0, deadline - time.time()) + 1)
    assert Match.objects.get(pk=match_id).status == Match.Status.ACTIVE  # nobody applied it
    workers.append(Worker(queue, beat_schedule=tmp_path / "beat-schedule"))
    _wait_for_end(match_id, timeout=30)
    swept = sum("deadlines_sweep" in line and "succeeded" in line for line in workers[1].lines)
    _wait_for_lines(workers[1], swept + 1, "deadlines_sweep", "succeeded")  # changes nothing
    _assert_settled_once(match_id, a, b, start)
    assert any("deadlines_sweep" in line for line in workers[1].lines)
