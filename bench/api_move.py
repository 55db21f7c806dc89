"""Move-endpoint benchmark on the production stack: gunicorn (WSGI) serving REST, PostgreSQL,
Redis (cache and channel layer: every move is pushed after commit).

    .venv/bin/python bench/api_move.py [--seconds 10] [--clients 1 8 32] [--workers 4]

Creates the database ``snapszer_bench`` (dropped and recreated each run), migrates it, starts
gunicorn on 127.0.0.1:8001, opens friend matches for each client and plays random legal moves.
Each simulated client owns one friend match and plays both seats: it fetches the match for the
seat to move (GET, not timed) and posts a move (POST, timed). Prints p50/p99 latency of the
move POST and moves/s per concurrency level. Everything stays on this machine (loopback).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
DB_NAME = "snapszer_bench"
PORT = 8001
ENV = {
    **os.environ,
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB_NAME}",
    "REDIS_URL": "redis://127.0.0.1:6379/14",
    "DJANGO_SECRET_KEY": "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
}
GIVING_UP = ("surrender", "resign", "leave")


def recreate_database() -> None:
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=ENV, check=True)


def make_tokens(count: int) -> list[str]:
    """``count`` registered players with session tokens (made through Django, not timed)."""
    code = f"""
import django, json
django.setup()
from django.contrib.auth import login
from django.test import RequestFactory
from allauth.headless.internal.sessionkit import new_session
from apps.accounts.models import User
tokens = []
for i in range({count}):
    user = User.objects.create(username=f"bench{{i}}", email=f"bench{{i}}@example.com")
    request = RequestFactory().post("/")
    request.session = new_session()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.save()
    tokens.append(request.session.session_key)
print(json.dumps(tokens))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=ENV, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


class Api:
    """One persistent HTTP/1.1 connection speaking JSON with a session token."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        headers = {"X-Session-Token": self.token, "Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        self.conn.request(method, path, body=payload, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else {}


class Client(threading.Thread):
    """Plays both seats of its own friend matches until told to stop; records POST latencies."""

    def __init__(self, host: Api, guest: Api, seed: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.apis = {0: host, 1: guest}
        self.rng = random.Random(seed)
        self.stop = stop
        self.latencies: list[float] = []
        self.errors = 0
        self.match_id = ""

    def new_match(self) -> None:
        status, room = self.apis[0].call("POST", "/api/v1/rooms/", {})
        assert status == 201, room
        status, match = self.apis[1].call(
            "POST", "/api/v1/rooms/join/", {"code": room["invite"]["code"]}
        )
        assert status == 200, match
        self.match_id = match["id"]

    def run(self) -> None:
        self.new_match()
        step = 0
        while not self.stop.is_set():
            _, match = self.apis[0].call("GET", f"/api/v1/matches/{self.match_id}/")
            if match["status"] != "active":
                self.new_match()
                continue
            seat = match["view"]["deal"]["turn"]
            _, match = self.apis[seat].call("GET", f"/api/v1/matches/{self.match_id}/")
            moves = [a for a in match["view"]["legal_actions"] if a["type"] not in GIVING_UP]
            body = {
                "action": self.rng.choice(moves),
                "expected_version": match["version"],
                "client_move_id": f"{self.match_id}-{step}",
            }
            start = time.perf_counter()
            status, _ = self.apis[seat].call(
                "POST", f"/api/v1/matches/{self.match_id}/actions/", body
            )
            elapsed = time.perf_counter() - start
            step += 1
            if status == 200:
                self.latencies.append(elapsed)
            else:
                self.errors += 1


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(tokens: list[str], clients: int, seconds: float) -> dict[str, float]:
    stop = threading.Event()
    workers = [
        Client(Api(tokens[2 * i]), Api(tokens[2 * i + 1]), seed=i, stop=stop)
        for i in range(clients)
    ]
    for w in workers:
        w.start()
    time.sleep(1.0)  # warm-up: matches created, connections open
    for w in workers:
        w.latencies.clear()
    start = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    elapsed = time.perf_counter() - start
    for w in workers:
        w.join(timeout=30)
    latencies = [x for w in workers for x in w.latencies]
    return {
        "clients": clients,
        "moves": len(latencies),
        "moves_per_s": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "mean_ms": statistics.fmean(latencies) * 1000,
        "errors": sum(w.errors for w in workers),
    }


def wait_for_server() -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
            conn.request("GET", "/api/schema/")
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()

    recreate_database()
    tokens = make_tokens(2 * max(args.clients))
    gunicorn = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "config.wsgi:application",
            f"--bind=127.0.0.1:{PORT}",
            f"--workers={args.workers}",
            "--worker-class=sync",
            "--log-level=warning",
        ],
        cwd=ROOT,
        env=ENV,
    )
    try:
        wait_for_server()
        print(f"gunicorn: {args.workers} sync workers, PostgreSQL, Redis; {os.cpu_count()} cores")
        for clients in args.clients:
            r = measure(tokens, clients, args.seconds)
            print(
                f"{clients:>3} clients: {r['moves_per_s']:7.1f} moves/s, p50 {r['p50_ms']:6.1f} ms,"
                f" p99 {r['p99_ms']:6.1f} ms, mean {r['mean_ms']:6.1f} ms"
                f" ({r['moves']} moves, {r['errors']} errors)"
            )
    finally:
        gunicorn.terminate()
        gunicorn.wait(timeout=30)


if __name__ == "__main__":
    main()
