"""Move-endpoint benchmark on the production stack: gunicorn (WSGI) serving REST, daphne (ASGI)
serving only WebSockets, PostgreSQL, Redis (cache and channel layer).

    .venv/bin/python bench/api_move.py [--seconds 10] [--clients 1 8 32] [--workers 4]

It creates the database ``snapszer_bench`` (dropped and recreated each run), migrates it and
starts gunicorn on 127.0.0.1:8001 and daphne on 127.0.0.1:8002. Each simulated client owns a
friend match and plays both seats the way an app does: one WebSocket per seat receives the
pushed events, the client folds them to know its hand and whose turn it is, and it posts a
random legal card (``POST …/actions/``, the timed request) when it is its turn. Prints p50/p99
latency of that POST and the moves/s over all clients, per concurrency level, and the CPU time
each group of processes spent per move (read from /proc). ``--poll`` makes
clients fetch the match (two GETs) before every move instead of listening on WebSockets.
Everything stays on this machine (loopback).

``--floor [--rounds 3]`` compares the move with its floor in the same run, on the same gunicorn
(``floor_settings.py`` adds the floor's URL to the production settings): a minimal Django view
doing a move's database work (``floor.py``: lock the match row, insert the events and save the
projection with the event store's own SQL, commit) and nothing else. Both are driven the same
way, REST only: each client posts its next move as soon as the last one is answered (the real
clients play both seats of their match from the answers' views, asking for a seat's view only
when a move was refused or a deal began; the floor's clients insert the events of a deal's 20
moves in turn, 2 a move on average). The two alternate at each client count for several rounds;
it prints moves/s of each, their ratio, and the web process's CPU per request. Then it measures
the match GET: each client reads its active match in a loop; it prints GETs/s and the web
process's CPU per GET.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import threading
import time
from typing import Any

from stack import (
    DAPHNE,
    HTTP_PORT,
    WS_PORT,
    Api,
    cpu_seconds,
    environment,
    gunicorn_command,
    make_tokens,
    percentile,
    recreate_database,
    start,
    stop,
    wait_for,
)
from websockets.sync.client import connect

DB_NAME = "snapszer_bench"
ENV = environment(DB_NAME, redis_db=14)
ORDER = {r: i for i, r in enumerate("9UOKXA")}
GIVING_UP = ("surrender", "resign", "leave")


class SeatModel:
    """What one seat knows from the events pushed to it (as an app keeps it)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.version = 0
        self.hand: set[str] = set()
        self.table: list[str] = []
        self.trump = ""
        self.talon = 0
        self.closed = False
        self.turn: int | None = None
        self.finished = False

    def apply(self, envelope: dict) -> None:
        if envelope["seq"] != self.version + 1:
            return  # already seen (the feed and the socket may overlap at the start)
        self.version = envelope["seq"]
        e = envelope["event"]
        kind = e["type"]
        if kind == "deal_started":
            self.hand, self.table, self.trump = set(e["hand"]), [], e["trump_card"][0]
            self.talon, self.closed, self.turn = 10, False, (e["dealer"] + 1) % 2
        elif kind == "trump_exchanged" and e["seat"] == self.seat:
            self.hand.remove(e["card"])
            self.hand.add(e["taken"])
        elif kind == "talon_closed":
            self.closed = True
        elif kind == "card_played":
            self.hand.discard(e["card"]) if e["seat"] == self.seat else None
            self.table.append(e["card"])
            self.turn = 1 - e["seat"]
        elif kind == "trick_taken":
            self.table, self.turn = [], e["seat"]
        elif kind == "card_drawn":
            self.talon -= 1
            if e["seat"] == self.seat:
                self.hand.add(e["card"])
        elif kind == "deal_ended":
            self.turn = None
        elif kind == "match_ended":
            self.finished = True

    def legal_plays(self) -> list[str]:
        hand = sorted(self.hand)
        if not self.table or not (self.closed or self.talon == 0):
            return hand
        led = self.table[0]
        same = [c for c in hand if c[0] == led[0]]
        if same:
            return [c for c in same if ORDER[c[1]] > ORDER[led[1]]] or same
        return [c for c in hand if c[0] == self.trump] or hand


def new_match(apis: dict[int, Api]) -> str:
    """A friend match between the two players of ``apis``, started (its first deal dealt)."""
    status, room = apis[0].call("POST", "/api/v1/rooms/", {})
    assert status == 201, room
    code = room["invite"]["code"]
    status, match = apis[1].call("POST", "/api/v1/rooms/join/", {"code": code})
    assert status == 200, match
    return match["id"]


class Client(threading.Thread):
    """Plays both seats of its own friend matches until told to stop; records POST latencies."""

    def __init__(self, tokens: tuple[str, str], seed: int, stop: threading.Event, poll: bool):
        super().__init__(daemon=True)
        self.tokens = tokens
        self.apis = {0: Api(tokens[0]), 1: Api(tokens[1])}
        self.rng = random.Random(seed)
        self.stop, self.poll = stop, poll
        self.latencies: list[float] = []
        self.errors = 0
        self.changed = threading.Condition()

    def run(self) -> None:
        while not self.stop.is_set():
            match_id = self.new_match()
            if self.poll:
                self.play_polling(match_id)
            else:
                self.play_listening(match_id)

    def new_match(self) -> str:
        return new_match(self.apis)

    def post_move(self, seat: int, match_id: str, version: int, action: dict, step: int) -> int:
        body = {"action": action, "expected_version": version, "client_move_id": f"m{step}"}
        start = time.perf_counter()
        status, answer = self.apis[seat].call("POST", f"/api/v1/matches/{match_id}/actions/", body)
        elapsed = time.perf_counter() - start
        if status != 200:
            self.errors += 1
            return version
        self.latencies.append(elapsed)
        return answer["version"]

    def play_listening(self, match_id: str) -> None:
        models = {seat: SeatModel(seat) for seat in (0, 1)}
        with contextlib.ExitStack() as stack:
            url = f"ws://127.0.0.1:{WS_PORT}/ws/matches/{match_id}/"
            sockets = [stack.enter_context(connect(url)) for _ in models]
            self.play_with_sockets(match_id, models, sockets)

    def play_with_sockets(self, match_id: str, models: dict[int, SeatModel], sockets: list) -> None:
        readers = []
        for seat, ws in enumerate(sockets):
            ws.send(json.dumps({"type": "authenticate", "token": self.tokens[seat]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "ready"
            _, feed = self.apis[seat].call("GET", f"/api/v1/matches/{match_id}/events/")
            with self.changed:
                for envelope in feed["events"]:
                    models[seat].apply(envelope)
            readers.append(
                threading.Thread(target=self.listen, args=(ws, models[seat]), daemon=True)
            )
            readers[-1].start()
        step, version = 0, models[0].version
        while not self.stop.is_set():
            with self.changed:
                ready = self.changed.wait_for(
                    lambda v=version: all(m.version >= v for m in models.values()), timeout=10
                )
            if not ready:
                self.errors += 1
                return
            model = models[0]
            if model.finished or model.turn is None:
                return
            mover = models[model.turn]
            card = self.rng.choice(mover.legal_plays())
            action = {"type": "play_card", "card": card}
            version = self.post_move(mover.seat, match_id, mover.version, action, step)
            step += 1

    def listen(self, ws: Any, model: SeatModel) -> None:
        try:
            for message in ws:
                envelope = json.loads(message)
                if envelope.get("type") == "event":
                    with self.changed:
                        model.apply(envelope)
                        self.changed.notify_all()
        except Exception:  # the socket closed
            return

    def play_polling(self, match_id: str) -> None:
        step = 0
        while not self.stop.is_set():
            _, match = self.apis[0].call("GET", f"/api/v1/matches/{match_id}/")
            if match["status"] != "active":
                return
            seat = match["view"]["deal"]["turn"]
            _, match = self.apis[seat].call("GET", f"/api/v1/matches/{match_id}/")
            moves = [a for a in match["view"]["legal_actions"] if a["type"] not in GIVING_UP]
            self.post_move(seat, match_id, match["version"], self.rng.choice(moves), step)
            step += 1


# Where the CPU goes: processes by a fragment of their command line (Linux /proc).
PROCESSES = {
    "gunicorn": "gunicorn",
    "daphne": "config.ws",
    "postgres": "postgres",
    "redis": "redis-server",
    "clients": "api_move.py",
}


def measure(tokens: list[str], clients: int, seconds: float, poll: bool) -> dict[str, float]:
    stop = threading.Event()
    workers = [
        Client((tokens[2 * i], tokens[2 * i + 1]), seed=i, stop=stop, poll=poll)
        for i in range(clients)
    ]
    for w in workers:
        w.start()
    time.sleep(2.0)  # warm-up: matches created, sockets open
    for w in workers:
        w.latencies.clear()
    start, cpu_before = time.perf_counter(), cpu_seconds(PROCESSES)
    time.sleep(seconds)
    stop.set()
    elapsed, cpu_after = time.perf_counter() - start, cpu_seconds(PROCESSES)
    for w in workers:
        w.join(timeout=30)
    latencies = [x for w in workers for x in w.latencies]
    moves = max(1, len(latencies))
    return {
        **{f"cpu_{g}": 1000 * (cpu_after[g] - cpu_before[g]) / moves for g in PROCESSES},
        "moves_per_s": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "moves": len(latencies),
        "errors": sum(w.errors for w in workers),
    }


class RestMover(threading.Thread):
    """Plays both seats of its own friend matches over REST only, posting the next move as soon
    as the last one is answered. It knows a seat's hand from that seat's last answer; a card it
    drew since is unknown to it until then, so after the talon a move may be refused (then it
    asks for the seat's view and plays from its legal actions)."""

    def __init__(self, tokens: tuple[str, str], seed: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.apis = {0: Api(tokens[0]), 1: Api(tokens[1])}
        self.rng = random.Random(seed)
        self.stop = stop
        self.moves = self.refused = self.gets = 0
        self.match_id = ""

    def run(self) -> None:
        while not self.stop.is_set():
            self.match_id = new_match(self.apis)
            self.play()

    def view(self, seat: int) -> tuple[int, dict]:
        self.gets += 1
        _, match = self.apis[seat].call("GET", f"/api/v1/matches/{self.match_id}/")
        return match["version"], match["view"]

    def play(self) -> None:
        version, views = 0, {}
        for seat in (0, 1):
            version, views[seat] = self.view(seat)
        seen = dict.fromkeys(views, version)  # the version each seat's view is from
        public = views[0]
        step = 0
        while not self.stop.is_set():
            deal = public["deal"]
            if public["status"] != "playing" or deal is None or deal["turn"] is None:
                return
            seat = deal["turn"]
            if views[seat]["deal"]["number"] != deal["number"]:  # a new deal: its hand
                version, views[seat] = self.view(seat)
                seen[seat] = version
            card = self.choose(views[seat], deal, current=seen[seat] == version)
            body = {
                "action": {"type": "play_card", "card": card},
                "expected_version": version,
                "client_move_id": f"m{step}",
            }
            step += 1
            path = f"/api/v1/matches/{self.match_id}/actions/"
            status, answer = self.apis[seat].call("POST", path, body)
            if status != 200:
                self.refused += 1
                version, views[seat] = self.view(seat)
                seen[seat], public = version, views[seat]
                continue
            self.moves += 1
            version, views[seat] = answer["version"], answer["view"]
            seen[seat], public = version, answer["view"]

    def choose(self, view: dict, deal: dict, *, current: bool) -> str:
        if current:
            cards = [a["card"] for a in view["legal_actions"] if a["type"] == "play_card"]
            return self.rng.choice(cards)
        model = SeatModel(view["seat"])
        model.hand = set(view["deal"]["hand"])
        model.table = [t["card"] for t in deal["table"]]
        model.trump = deal["trump_suit"]
        model.talon = deal["talon_size"]
        model.closed = deal["closed_by"] is not None
        return self.rng.choice(model.legal_plays())


class FloorMover(threading.Thread):
    """Posts to the floor (``floor.py``) as fast as it is answered, for its own match: the
    events of a klub deal's 20 moves in turn (a lead 1; a follow 4 while the talon lasts, then
    2: 2 a move on average)."""

    EVENTS = [1, 4] * 5 + [1, 2] * 5

    def __init__(self, token: str, match_id: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.api, self.match_id, self.stop = Api(token), match_id, stop
        self.moves = self.refused = 0

    def run(self) -> None:
        while not self.stop.is_set():
            events = self.EVENTS[self.moves % len(self.EVENTS)]
            status, _ = self.api.call("POST", f"/bench/floor/{self.match_id}/", {"events": events})
            if status == 200:
                self.moves += 1
            else:
                self.refused += 1


class Reader(threading.Thread):
    """Reads its active match (``GET /api/v1/matches/<id>/``) in a loop."""

    def __init__(self, token: str, match_id: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.api, self.match_id, self.stop = Api(token), match_id, stop
        self.moves = self.refused = 0  # here: GETs answered, and not

    def run(self) -> None:
        while not self.stop.is_set():
            status, _ = self.api.call("GET", f"/api/v1/matches/{self.match_id}/")
            if status == 200:
                self.moves += 1
            else:
                self.refused += 1


WEB = {"gunicorn": "gunicorn", "postgres": "postgres", "clients": "api_move.py"}


def timed(workers: list, seconds: float) -> dict[str, float]:
    """Requests per second of ``workers`` (threads counting ``moves``) over ``seconds`` after a
    second's warm-up, and the CPU ms per request of the web process, PostgreSQL and clients."""
    for w in workers:
        w.start()
    time.sleep(1.0)
    done = sum(w.moves for w in workers)
    start, cpu_before = time.perf_counter(), cpu_seconds(WEB)
    time.sleep(seconds)
    count = sum(w.moves for w in workers) - done
    elapsed, cpu_after = time.perf_counter() - start, cpu_seconds(WEB)
    for w in workers:
        w.stop.set()
    for w in workers:
        w.join(timeout=30)
    count = max(1, count)
    return {
        "per_s": count / elapsed,
        **{f"cpu_{g}": 1000 * (cpu_after[g] - cpu_before[g]) / count for g in WEB},
        "refused": sum(w.refused for w in workers),
        "gets": sum(getattr(w, "gets", 0) for w in workers) / count,
    }


def active_matches(tokens: list[str], count: int) -> list[str]:
    """``count`` new started friend matches, the i-th between tokens 2i and 2i + 1."""
    return [new_match({0: Api(tokens[2 * i]), 1: Api(tokens[2 * i + 1])}) for i in range(count)]


def floor_comparison(tokens: list[str], clients: list[int], seconds: float, rounds: int) -> None:
    """The real move and the floor, alternating, then the GET; prints each and the ratios."""
    matches = active_matches(tokens, max(clients))
    for n in clients:
        ratios = []
        for round_ in range(rounds):
            order = ["move", "floor"] if round_ % 2 == 0 else ["floor", "move"]
            got = {}
            for which in order:
                stop = threading.Event()
                if which == "move":
                    workers: list = [
                        RestMover((tokens[2 * i], tokens[2 * i + 1]), seed=i, stop=stop)
                        for i in range(n)
                    ]
                else:
                    workers = [FloorMover(tokens[2 * i], matches[i], stop) for i in range(n)]
                got[which] = r = timed(workers, seconds)
                extra = f", {r['gets']:.2f} GETs a move" if which == "move" else ""
                print(
                    f"{n:>3} clients {which:>5}: {r['per_s']:6.1f} moves/s, CPU ms per move:"
                    f" gunicorn {r['cpu_gunicorn']:.2f}, postgres {r['cpu_postgres']:.2f},"
                    f" clients {r['cpu_clients']:.2f} ({r['refused']:.0f} refused{extra})",
                    flush=True,
                )
            ratios.append(got["move"]["per_s"] / got["floor"]["per_s"])
            cpu = got["move"]["cpu_gunicorn"] / got["floor"]["cpu_gunicorn"]
            print(
                f"{n:>3} clients round {round_ + 1}: move / floor moves/s {ratios[-1]:.3f},"
                f" gunicorn CPU per move {cpu:.2f}x the floor's",
                flush=True,
            )
        shown = " ".join(f"{x:.3f}" for x in ratios)
        print(f"{n:>3} clients: move / floor ratio {statistics.median(ratios):.3f} ({shown})")
    # the floor's rows are no game: the GET reads matches of their own
    matches = active_matches(tokens, max(clients))
    for n in clients:
        stop = threading.Event()
        r = timed([Reader(tokens[2 * i], matches[i], stop) for i in range(n)], seconds)
        print(
            f"{n:>3} clients   GET: {r['per_s']:6.1f} GETs/s, CPU ms per GET:"
            f" gunicorn {r['cpu_gunicorn']:.2f}, postgres {r['cpu_postgres']:.2f},"
            f" clients {r['cpu_clients']:.2f} ({r['refused']:.0f} refused)",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--workers", type=int, help="default: deploy/gunicorn.conf.py's")
    parser.add_argument("--threads", type=int, help="threads per worker (1: sync workers)")
    parser.add_argument("--poll", action="store_true", help="GET before every move, no sockets")
    parser.add_argument("--floor", action="store_true", help="compare with the floor (REST only)")
    parser.add_argument("--rounds", type=int, default=3, help="--floor: alternations per count")
    args = parser.parse_args()

    recreate_database(ENV, DB_NAME)
    tokens = make_tokens(ENV, 2 * max(args.clients))
    # the production configuration (deploy/gunicorn.conf.py), on the bench's port
    web = gunicorn_command(args.workers, args.threads)
    if args.floor:  # the same gunicorn, with the floor's URL added (floor_settings.py)
        web += ["--pythonpath=bench", "--env=DJANGO_SETTINGS_MODULE=floor_settings"]
    servers = start([web, DAPHNE], ENV)
    try:
        wait_for(HTTP_PORT, "/api/schema/")
        wait_for(WS_PORT, "/")
        if args.floor:
            print("gunicorn (deploy/gunicorn.conf.py) + daphne, PostgreSQL, Redis; REST only")
            floor_comparison(tokens, args.clients, args.seconds, args.rounds)
            return
        mode = "polling with GETs" if args.poll else "WebSocket clients"
        layout = "deploy/gunicorn.conf.py"
        if args.workers is not None or args.threads is not None:
            layout += f" with workers={args.workers or '-'} threads={args.threads or '-'}"
        print(f"gunicorn ({layout}) + daphne, PostgreSQL, Redis; {mode}")
        for clients in args.clients:
            r = measure(tokens, clients, args.seconds, args.poll)
            print(
                f"{clients:>3} clients: {r['moves_per_s']:6.1f} moves/s, p50 {r['p50_ms']:5.1f} ms,"
                f" p99 {r['p99_ms']:5.1f} ms ({r['moves']:.0f} moves, {r['errors']:.0f} errors)"
            )
            cpu = ", ".join(f"{g} {r[f'cpu_{g}']:.2f}" for g in PROCESSES)
            print(f"             CPU ms per move: {cpu}")
    finally:
        stop(servers)


if __name__ == "__main__":
    main()
