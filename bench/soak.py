"""Soak bench: many players on the production stack for a while, as a busy evening at the club.

    .venv/bin/python bench/soak.py [--players 200] [--seconds 600] [--warmup 60] [--think 1.0]

It recreates the database ``snapszer_soak``, makes ``--players`` registered players with the
sign-up coins, and starts the production processes as ``deploy/Procfile`` names them: gunicorn
(REST, deploy/gunicorn.conf.py) on 127.0.0.1:8001, daphne (WebSockets) on 127.0.0.1:8002, a
Celery worker (Kati's moves, deadlines) and beat, on PostgreSQL and Redis. Each player is a
thread with its own keep-alive connection and sockets, the way an app is used: half of them
play ranked (a ticket at stake 20 in klub or sixty-six, wait on the player socket ``/ws/me/``,
then play the match), the other half play Kati (beginner) in klub or sixty-six. During a match a
player listens on the match socket and, on every push (or after 2 s of quiet), reads the match
and plays a random action of its ``legal_actions`` (never resigning, pausing or showing) after
thinking a while (``--think``: the mean of an exponential pause, 1 s by default, as people take
a moment; 0 makes it a stress test that saturates the machine).

It prints, after the warm-up: moves/s, p50/p99 latency of the moves (``POST …/actions/``), the
count of 5xx answers (must be 0) and of other refusals, matches finished, the coins in
circulation before and after (players' accounts plus escrows; must be equal, and every account
together must sum to 0), and each process group's resident memory after the warm-up and at the
end (growth must stay under 10 %). The figures go to docs/performance.md with the machine.
Not a test: it runs by hand (minutes), never in the suite.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
import uuid
from collections import Counter

import psycopg
from stack import (
    BIN,
    DAPHNE,
    WS_PORT,
    Api,
    environment,
    gunicorn_command,
    make_tokens,
    percentile,
    recreate_database,
    resident_mb,
    start,
    stop,
    wait_for,
)
from websockets.sync.client import connect

DB_NAME = "snapszer_soak"
ENV = environment(DB_NAME, redis_db=13)
NOT_PLAYED = {"resign", "surrender", "leave", "pause", "resume", "show_hand"}
GAMES = ["klub", "sixty-six"]
PROCESSES = ["web (gunicorn)", "ws (daphne)", "worker", "beat"]  # in the order started


class Player(threading.Thread):
    """One person at the club: ranked or Kati, match after match, until the evening ends."""

    def __init__(
        self, index: int, token: str, ranked: bool, done: threading.Event, think: float
    ) -> None:
        super().__init__(daemon=True)
        self.think = think
        self.index, self.token, self.ranked, self.done = index, token, ranked, done
        self.api = Api(token)
        self.rng = random.Random(index)
        self.latencies: list[tuple[float, float]] = []  # (when, seconds) of each move
        self.statuses: Counter[int] = Counter()
        self.refusals: Counter[str] = Counter()  # "409 POST /matches/…/actions/ version_conflict"
        self.finished = 0
        self.failures: list[str] = []

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        status, answer = self.api.call(method, path, body)
        self.statuses[status] += 1
        if status >= 400:
            route = "/".join(
                "…" if len(part) > 20 or part.isdigit() else part for part in path.split("/")
            )
            self.refusals[f"{status} {method} {route} {answer.get('code', '')}"] += 1
        return status, answer

    def run(self) -> None:
        while not self.done.is_set():
            try:
                match_id = self.ranked_match() if self.ranked else self.computer_match()
                if match_id:
                    self.play(match_id)
            except Exception as error:
                self.failures.append(f"{type(error).__name__}: {error}")
                self.api = Api(self.token)
                time.sleep(1)

    def computer_match(self) -> str | None:
        body = {"variant": self.rng.choice(GAMES), "strength": "beginner"}
        status, match = self.call("POST", "/api/v1/matches/computer/", body)
        return match["id"] if status == 201 else None

    def ranked_match(self) -> str | None:
        with connect(f"ws://127.0.0.1:{WS_PORT}/ws/me/") as socket:
            socket.send(json.dumps({"type": "authenticate", "token": self.token}))
            json.loads(socket.recv(timeout=10))  # ready
            body = {"stake": 20, "variant": GAMES[self.index // 2 % 2]}
            status, ticket = self.call("POST", "/api/v1/matchmaking/tickets/", body)
            if status != 201:
                return None
            deadline = time.time() + 120
            while ticket["status"] == "waiting" and not self.done.is_set():
                if time.time() > deadline:
                    self.call("DELETE", f"/api/v1/matchmaking/tickets/{ticket['id']}/")
                    return None
                try:
                    frame = json.loads(socket.recv(timeout=2))
                    if frame.get("type") == "matchmaking.matched":
                        return frame["match_id"]
                except TimeoutError:
                    _, ticket = self.call("GET", f"/api/v1/matchmaking/tickets/{ticket['id']}/")
            if ticket["status"] == "waiting":  # the evening ended first
                self.call("DELETE", f"/api/v1/matchmaking/tickets/{ticket['id']}/")
            return ticket.get("match_id")

    def play(self, match_id: str) -> None:
        with connect(f"ws://127.0.0.1:{WS_PORT}/ws/matches/{match_id}/") as socket:
            socket.send(json.dumps({"type": "authenticate", "token": self.token}))
            while not self.done.is_set():
                status, match = self.call("GET", f"/api/v1/matches/{match_id}/")
                if status != 200 or match["status"] != "active":
                    self.finished += status == 200 and match["status"] == "finished"
                    return
                moves = [a for a in match["view"]["legal_actions"] if a["type"] not in NOT_PLAYED]
                if moves:
                    if self.think:
                        self.done.wait(self.rng.expovariate(1 / self.think))
                    self.move(match_id, match["version"], self.rng.choice(moves))
                    continue
                try:  # not my turn: wait for a push, or look again after a quiet while
                    while json.loads(socket.recv(timeout=2)).get("type") != "event":
                        pass
                except TimeoutError:
                    pass

    def move(self, match_id: str, version: int, action: dict) -> None:
        body = {"action": action, "expected_version": version, "client_move_id": str(uuid.uuid4())}
        began = time.perf_counter()
        status, _ = self.call("POST", f"/api/v1/matches/{match_id}/actions/", body)
        if status == 200:
            self.latencies.append((time.time(), time.perf_counter() - began))


def coins() -> tuple[int, int]:
    """(coins in circulation: players' and escrow accounts, the sum of every account)."""
    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DB_NAME}") as conn:
        row = conn.execute(
            "SELECT coalesce(sum(balance) FILTER (WHERE kind <> 'club'), 0), "
            "coalesce(sum(balance), 0) FROM wallet_account"
        ).fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=600.0, help="measured, after warm-up")
    parser.add_argument("--warmup", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before a move")
    args = parser.parse_args()

    recreate_database(ENV, DB_NAME)
    tokens = make_tokens(ENV, args.players, wallets=True)
    worker = [str(BIN / "celery"), "-A", "config", "worker", "--loglevel=warning"]
    worker += ["--concurrency=2", "-Q", ENV["CELERY_QUEUE"]]
    beat = [str(BIN / "celery"), "-A", "config", "beat", "--loglevel=warning"]
    beat += ["-s", f"/tmp/{DB_NAME}-beat-schedule"]
    processes = start([gunicorn_command(), DAPHNE, worker, beat], ENV)
    try:
        wait_for(8001, "/healthz")
        wait_for(WS_PORT, "/")
        before = coins()
        done = threading.Event()
        players = [
            Player(i, t, ranked=i % 2 == 0, done=done, think=args.think)
            for i, t in enumerate(tokens)
        ]
        for player in players:
            player.start()
        time.sleep(args.warmup)
        roots = {group: process.pid for group, process in zip(PROCESSES, processes, strict=True)}
        measured_from, memory_start = time.time(), resident_mb(roots)
        time.sleep(args.seconds)
        memory_end = resident_mb(roots)
        done.set()
        for player in players:
            player.join(timeout=60)
        measured = [s for p in players for when, s in p.latencies if when >= measured_from]
        statuses = sum((p.statuses for p in players), Counter())
        after = coins()
    finally:
        stop(processes)

    server_errors = sum(n for status, n in statuses.items() if status >= 500)
    refused = {s: n for s, n in sorted(statuses.items()) if 400 <= s < 500}
    print(
        f"{args.players} players ({args.players // 2} ranked, the rest against Kati), "
        f"thinking {args.think:.1f} s on average before a move, "
        f"{args.seconds:.0f} s measured after {args.warmup:.0f} s of warm-up"
    )
    print(
        f"moves: {len(measured) / args.seconds:.1f}/s, p50 {percentile(measured, 0.5) * 1000:.1f} "
        f"ms, p99 {percentile(measured, 0.99) * 1000:.1f} ms ({len(measured)} moves)"
    )
    print(
        f"matches finished: {sum(p.finished for p in players)}; answers: "
        f"{sum(statuses.values())}, 5xx: {server_errors}, 4xx: {refused or 0}"
    )
    refusals = sum((p.refusals for p in players), Counter())
    if refusals:
        print(f"refusals: {dict(refusals.most_common(6))}")
    failures = Counter(f for p in players for f in p.failures)
    if failures:
        print(f"client failures: {dict(failures.most_common(5))}")
    print(
        f"coins in circulation before {before[0]}, after {after[0]} "
        f"({'equal' if before[0] == after[0] else 'NOT EQUAL'}); all accounts sum to {after[1]}"
    )
    for group in PROCESSES:
        start_mb, end_mb = memory_start[group], memory_end[group]
        growth = 100 * (end_mb - start_mb) / start_mb if start_mb else float("nan")
        print(
            f"memory {group}: {start_mb:.0f} MB after warm-up, {end_mb:.0f} MB at the end "
            f"({growth:+.1f} %)"
        )
    if server_errors or before[0] != after[0] or after[1] != 0:
        sys.exit(1)


if __name__ == "__main__":
    main()
