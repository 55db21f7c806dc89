"""Where the web process's CPU goes on a move and on a match GET: the production WSGI app
called in this process (no server, no network) under cProfile, on the bench's database.

    .venv/bin/python bench/profile_move.py [--moves 2000] [--top 30] [--sort tottime]

It recreates ``snapszer_bench`` (as ``api_move.py``), makes two players and plays friend matches
between them through ``POST /api/v1/matches/<id>/actions/``, profiling only those requests;
then it profiles as many ``GET /api/v1/matches/<id>/`` of an active match. Prints the CPU per
request and the functions that take the most of it, each as a share of the whole. The push
runs on its own thread and is not in the profile.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import sys
import time
from typing import Any

from stack import ROOT, environment, make_tokens, recreate_database

DB_NAME = "snapszer_bench"
ENV = environment(DB_NAME, redis_db=14)


class Wsgi:
    """Calls the WSGI application as gunicorn would, with a session token."""

    def __init__(self, application: Any) -> None:
        self.application = application

    def call(self, token: str, method: str, path: str, body: dict | None = None) -> tuple[int, Any]:
        payload = json.dumps(body).encode() if body is not None else b""
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8001",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "CONTENT_TYPE": "application/json",
            "CONTENT_LENGTH": str(len(payload)),
            "HTTP_HOST": "127.0.0.1:8001",
            "HTTP_X_SESSION_TOKEN": token,
            "wsgi.input": io.BytesIO(payload),
            "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        status: list[str] = []
        chunks = self.application(environ, lambda s, h, e=None: status.append(s))
        data = b"".join(chunks)
        if hasattr(chunks, "close"):
            chunks.close()
        return int(status[0].split()[0]), json.loads(data) if data else None


def new_match(app: Wsgi, tokens: list[str]) -> str:
    status, room = app.call(tokens[0], "POST", "/api/v1/rooms/", {})
    assert status == 201, room
    code = room["invite"]["code"]
    status, match = app.call(tokens[1], "POST", "/api/v1/rooms/join/", {"code": code})
    assert status == 200, match
    return str(match["id"])


def view(app: Wsgi, token: str, match_id: str) -> dict:
    status, match = app.call(token, "GET", f"/api/v1/matches/{match_id}/")
    assert status == 200, match
    return match  # type: ignore[no-any-return]


def moves(app: Wsgi, tokens: list[str], count: int, profile: cProfile.Profile | None) -> float:
    """Plays ``count`` moves, profiling the POSTs; returns their CPU seconds."""
    rng, done, cpu, step = random.Random(1), 0, 0.0, 0
    while done < count:
        match_id = new_match(app, tokens)
        while done < count:
            current = view(app, tokens[0], match_id)
            deal = current["view"]["deal"]
            if current["status"] != "active" or deal is None or deal["turn"] is None:
                break
            seat = deal["turn"]
            mine = view(app, tokens[seat], match_id)["view"]["legal_actions"]
            card = rng.choice([a["card"] for a in mine if a["type"] == "play_card"])
            body = {
                "action": {"type": "play_card", "card": card},
                "expected_version": current["version"],
                "client_move_id": f"m{step}",
            }
            step += 1
            path = f"/api/v1/matches/{match_id}/actions/"
            start = time.thread_time()
            if profile:
                profile.enable()
            status, answer = app.call(tokens[seat], "POST", path, body)
            if profile:
                profile.disable()
            cpu += time.thread_time() - start
            assert status == 200, answer
            done += 1
    return cpu


def gets(app: Wsgi, tokens: list[str], count: int, profile: cProfile.Profile | None) -> float:
    match_id = new_match(app, tokens)
    path = f"/api/v1/matches/{match_id}/"
    view(app, tokens[0], match_id)
    start = time.thread_time()
    if profile:
        profile.enable()
    for _ in range(count):
        app.call(tokens[0], "GET", path)
    if profile:
        profile.disable()
    return time.thread_time() - start


def report(title: str, profile: cProfile.Profile, cpu: float, count: int, *, top: int, sort: str):
    """The CPU per request, then the ``top`` functions by ``sort``: their own time and their
    time with callees, each as a share of the profiled CPU, and their calls per request."""
    print(f"\n{title}: {1000 * cpu / count:.3f} ms CPU per request (in-process, {count})")
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(tt for _, _, tt, _, _ in stats.values())
    print("own %, with callees %, calls per request, function")
    key = 2 if sort == "tottime" else 3
    for (file, line, name), row in sorted(stats.items(), key=lambda kv: -kv[1][key])[:top]:
        _, calls, own, cumulative, _ = row
        where = f"{os.path.relpath(file, ROOT) if file.startswith('/') else file}:{line}"
        share = f"{100 * own / total:5.1f} % {100 * cumulative / total:5.1f} %"
        print(f"  {share} {calls / count:6.1f}  {name}  {where}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", choices=["tottime", "cumulative"], default="cumulative")
    args = parser.parse_args()
    recreate_database(ENV, DB_NAME)
    tokens = make_tokens(ENV, 2)
    os.environ.update(ENV)
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    from config.wsgi import application  # noqa: PLC0415 (after the environment is set)

    app = Wsgi(application)
    moves(app, tokens, 50, None)  # warm-up
    cpu = moves(app, tokens, args.moves, None)  # unprofiled: the real cost
    profile = cProfile.Profile(time.process_time_ns, 1e-9)  # CPU time, not waits
    moves(app, tokens, args.moves, profile)
    report("POST …/actions/", profile, cpu, args.moves, top=args.top, sort=args.sort)
    gets(app, tokens, 50, None)
    cpu = gets(app, tokens, args.moves, None)
    profile = cProfile.Profile(time.process_time_ns, 1e-9)
    gets(app, tokens, args.moves, profile)
    report("GET /api/v1/matches/<id>/", profile, cpu, args.moves, top=args.top, sort=args.sort)


if __name__ == "__main__":
    main()
