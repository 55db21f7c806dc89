"""Where the web process's CPU goes on a move and on a match GET: the production WSGI app
called in this process (no server, no network) under cProfile, on the bench's database.

    .venv/bin/python bench/profile_move.py [--moves 2000] [--top 30] [--sort tottime]

It recreates ``snapszer_bench`` (as ``api_move.py``), makes two players and plays friend matches
between them through ``POST /api/v1/matches/<id>/actions/``, profiling only those requests;
then it profiles as many ``GET /api/v1/matches/<id>/`` of an active match. Prints the CPU per
request and the functions that take the most of it, each as a share of the whole.

``--floor`` serves the floor's URL too (``floor_settings.py``) and, before profiling, times
``--repeat`` alternations of as many moves and floor posts (``floor.py``, the events of a klub
deal's moves in turn, as ``api_move.py --floor`` sends them), unprofiled: the in-process CPU
of a move over its floor's, without a server, clients or the machine's other load in the
figure (the thread's CPU, the push included).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
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


FLOOR_EVENTS = [1, 4] * 5 + [1, 2] * 5  # api_move.FloorMover's: 2 events a move on average


def floor_posts(app: Wsgi, tokens: list[str], count: int) -> float:
    """``count`` posts to the floor for a match of its own; returns their CPU seconds."""
    path = f"/bench/floor/{new_match(app, tokens)}/"
    cpu = 0.0
    for i in range(count):
        start = time.thread_time()
        status, answer = app.call(tokens[0], "POST", path, {"events": FLOOR_EVENTS[i % 20]})
        cpu += time.thread_time() - start
        assert status == 200, answer
    return cpu


def floor_comparison(app: Wsgi, tokens: list[str], count: int, repeat: int) -> None:
    """Move and floor alternating ``repeat`` times, ``count`` requests each; prints each ratio."""
    floor_posts(app, tokens, 50)  # warm-up
    ratios = []
    for _ in range(repeat):
        move_ms = 1000 * moves(app, tokens, count, None) / count
        floor_ms = 1000 * floor_posts(app, tokens, count) / count
        ratios.append(move_ms / floor_ms)
        print(f"move {move_ms:.3f} ms, floor {floor_ms:.3f} ms: move / floor CPU {ratios[-1]:.2f}")
    shown = ", ".join(f"{r:.2f}" for r in ratios)
    median = statistics.median(ratios)
    print(f"move / floor CPU per request, in-process: median {median:.2f} ({shown})")


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
    parser.add_argument("--floor", action="store_true", help="time move against floor first")
    parser.add_argument("--repeat", type=int, default=3, help="--floor: alternations")
    parser.add_argument("--no-profile", action="store_true", help="only the --floor timings")
    args = parser.parse_args()
    recreate_database(ENV, DB_NAME)
    tokens = make_tokens(ENV, 2)
    os.environ.update(ENV)
    if args.floor:  # the production settings with the floor's URL (floor_settings.py)
        os.environ["DJANGO_SETTINGS_MODULE"] = "floor_settings"
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    from config.wsgi import application  # noqa: PLC0415 (after the environment is set)

    app = Wsgi(application)
    moves(app, tokens, 50, None)  # warm-up
    if args.floor:
        floor_comparison(app, tokens, args.moves, args.repeat)
    if args.no_profile:
        return
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
