"""Kati's timing as the others at the table see it (docs/bots.md, "Kati's timing").

    .venv/bin/python bench/kati_timing.py [--hands 60] [--tables 2] [--runs before,after]
    .venv/bin/python bench/kati_timing.py --compute [--deals 30] [--variants klub] [--levels expert]

**At the table** (the default): it starts the production processes as ``deploy/Procfile``
names them (gunicorn, daphne, a Celery worker with ``--concurrency=2`` and beat, on PostgreSQL
and Redis, the database ``snapszer_timing`` made afresh), once per run: ``before`` with the
think schedule off (``COMPUTER_THINK_SECONDS={"*/*/*": 0}``) and ``after`` with the settings'
default. At each of ``--tables`` partnership tables a person (the bench) plays with three expert
Katis: it bids the highest call there is on a card it lacks (a Durchmarsch on a heart), so
that one of the Katis holds the called card and nobody else knows which; it lets every doubling
go and plays a random legal card. It listens on the match socket and notes when each frame
arrives. Kati's time for a move is the arrival of its event's frame less the arrival of the
frame before it (the event she answered), as anyone at the table can measure it.

It compares the holder's times with the other Katis' (neither is the caller), like for like
as an observer would: letting the Kontra choice go (or saying Kontra), and the cards played
while the partner is secret that are alone in their batch of events (the card that ends a trick
or reveals the partner carries more work, which the table sees in the events themselves). Each
both as the socket received it and as the event feed records it (``recorded_at``), by a
two-sample test (Mann-Whitney U, normal approximation with the tie correction: no scipy),
printing the medians and the p-value. Which Kati held the card is read afterwards from the
database (the bench's ground truth, never shown to the table). ``--hands`` hands per run, in
all (a few minutes).

**``--compute``**: the decisions' compute time by (variant, level, kind of decision: what the
think schedule is keyed by), on the engine without Django's stack: random deals played by the
level at every seat, each decision timed as the service takes it (the seat's view, the public
history, ``choose_action`` with the service's budget). Prints the median, p99 and max per key:
the schedule must be above the max. Pinned to one core.

Not a test: it runs by hand (minutes), never in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import queue
import random
import statistics
import sys
import threading
import time
import uuid
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stack import (
    BIN,
    DAPHNE,
    HTTP_PORT,
    WS_PORT,
    Api,
    environment,
    gunicorn_command,
    make_tokens,
    recreate_database,
    start,
    stop,
    wait_for,
)

DB_NAME = "snapszer_timing"
ENV = environment(DB_NAME, redis_db=3)
RUNS = {"before": {"COMPUTER_THINK_SECONDS": json.dumps({"*/*/*": 0})}, "after": {}}
NOT_PLAYED = {"resign", "leave", "pause", "resume", "show_hand", "show_cards"}
KATI_MOVES = {"doubled", "doubling_declined", "card_played"}


# --- the two-sample test ------------------------------------------------------------------


def mann_whitney(a: list[float], b: list[float]) -> tuple[float, float]:
    """(U of ``a``, two-sided p) of the Mann-Whitney U test, by the normal approximation with
    the correction for ties and for continuity (scipy's ``method="asymptotic"``)."""
    n1, n2 = len(a), len(b)
    if not n1 or not n2:
        return float("nan"), float("nan")
    pooled = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    ranks = [0.0] * len(pooled)
    ties = 0.0
    i = 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        t = j - i + 1
        ties += t**3 - t
        i = j + 1
    r1 = sum(r for r, (_, group) in zip(ranks, pooled, strict=True) if group == 0)
    u1 = r1 - n1 * (n1 + 1) / 2
    n = n1 + n2
    sigma = math.sqrt(n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))))
    if sigma == 0:
        return u1, 1.0
    z = (abs(u1 - n1 * n2 / 2) - 0.5) / sigma
    return u1, min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2)))


# --- at the table ---------------------------------------------------------------------------


class Frames(threading.Thread):
    """The match socket, read on a thread of its own so that each frame's arrival time is
    noted when it arrives, not when the table gets round to it."""

    def __init__(self, match_id: str, token: str) -> None:
        super().__init__(daemon=True)
        self.match_id, self.token = match_id, token
        self.ready = threading.Event()
        self.done = threading.Event()
        self.arrived: dict[int, float] = {}  # seq: monotonic seconds
        self.events: dict[int, dict[str, Any]] = {}
        self.news: queue.Queue[int] = queue.Queue()

    def run(self) -> None:
        from websockets.sync.client import connect  # noqa: PLC0415 (the table's only)

        url = f"ws://127.0.0.1:{WS_PORT}/ws/matches/{self.match_id}/"
        with connect(url) as socket:
            socket.send(json.dumps({"type": "authenticate", "token": self.token}))
            while not self.done.is_set():
                try:
                    frame = json.loads(socket.recv(timeout=0.5))
                except TimeoutError:
                    continue
                if frame.get("type") == "ready":
                    self.ready.set()
                elif frame.get("type") == "event":
                    self.arrived.setdefault(frame["seq"], time.monotonic())
                    self.events[frame["seq"]] = frame["event"]
                    self.news.put(frame["seq"])


class Table(threading.Thread):
    """A person and three expert Katis, hand after hand, until the run has its hands."""

    def __init__(self, token: str, hands: list[int], lock: threading.Lock, seed: int) -> None:
        super().__init__(daemon=True)
        self.api = Api(token)
        self.token = token
        self.hands = hands  # [hands left in the run], shared by the tables
        self.lock = lock
        self.rng = random.Random(seed)
        # (match_id, seq of bidding_ended, {seq: (seat, type, seconds)}) per hand played
        self.played: list[tuple[str, int, dict[int, tuple[int, str, float]]]] = []
        self.failures: list[str] = []

    def take_hand(self) -> bool:
        with self.lock:
            if self.hands[0] <= 0:
                return False
            self.hands[0] -= 1
            return True

    def run(self) -> None:
        try:
            while self.take_hand():
                self.play_hand()
        except Exception as error:  # noted, printed by the run
            self.failures.append(f"{type(error).__name__}: {error}")

    def play_hand(self) -> None:
        status, match = self.api.call(
            "POST", "/api/v1/matches/computer/", {"variant": "partnership", "strength": "expert"}
        )
        assert status == 201, match
        match_id = match["id"]
        frames = Frames(match_id, self.token)
        frames.start()
        frames.ready.wait(timeout=10)
        try:
            ended = self.until_hand_over(match_id, frames)
        finally:
            self.resign(match_id)
            frames.done.set()
            frames.join()
        if ended is not None:
            self.played.append((match_id, ended, kati_times(frames)))

    def until_hand_over(self, match_id: str, frames: Frames) -> int | None:
        """Play the first hand; the seq of its ``bidding_ended`` (None: the hand had no bid)."""
        bidding_ended = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            status, match = self.api.call("GET", f"/api/v1/matches/{match_id}/")
            assert status == 200, match
            deal = match["view"]["deal"]
            seen = {e["type"]: seq for seq, e in sorted(frames.events.items())}
            bidding_ended = seen.get("bidding_ended", bidding_ended)
            if "hand_settled" in seen or match["status"] != "active":
                return bidding_ended
            moves = [a for a in match["view"]["legal_actions"] if a["type"] not in NOT_PLAYED]
            if moves and deal["number"] == 1:
                self.move(match, self.choose(deal, moves))
                continue
            # not its turn: the next frame, or a look again after a quiet while
            with contextlib.suppress(queue.Empty):
                frames.news.get(timeout=2)
        raise TimeoutError(f"the hand in {match_id} did not end")

    def choose(self, deal: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
        """The highest bid on a card it lacks; no doubling; otherwise a random card."""
        bids = [a for a in moves if a["type"] == "bid" and a["card"] not in deal["hand"]]
        if bids:
            return max(bids, key=lambda a: (a["durchmarsch"], a["card"][0] == "P"))
        for kind in ("pass", "no_double"):
            if {"type": kind} in moves:
                return {"type": kind}
        return self.rng.choice(moves)

    def resign(self, match_id: str) -> None:
        """Leave the table (the game is abandoned: no person is left at it)."""
        for _ in range(10):
            _, match = self.api.call("GET", f"/api/v1/matches/{match_id}/")
            if match["status"] != "active" or self.move(match, {"type": "resign"}) == 200:
                return

    def move(self, match: dict[str, Any], action: dict[str, Any]) -> int:
        body = {
            "action": action,
            "expected_version": match["version"],
            "client_move_id": str(uuid.uuid4()),
        }
        status, _ = self.api.call("POST", f"/api/v1/matches/{match['id']}/actions/", body)
        return status


def kati_times(frames: Frames) -> dict[int, tuple[int, str, float]]:
    """Per Kati move seen (a doubling word or letting it go, a card): its seat, its type and
    the seconds between the frame before it and its own."""
    times = {}
    for seq, event in frames.events.items():
        if event["type"] in KATI_MOVES and seq - 1 in frames.arrived:
            times[seq] = (
                event["seat"],
                event["type"],
                frames.arrived[seq] - frames.arrived[seq - 1],
            )
    return times


Groups = dict[tuple[str, str, str], list[float]]  # (what, seen by, who): seconds


def label(played: list[tuple[str, int, dict[int, tuple[int, str, float]]]]) -> Groups:
    """The Katis' times, like for like, as an observer at the table would compare them:

    - ``kontra``: letting the first doubling choice (Kontra) go, or saying it;
    - ``play``: a card played while the partner is secret, alone in its batch of events (not
      the card that ends a trick or reveals the partner: those batches carry more work, which
      the table sees in the events themselves);

    each as the socket received it (``socket``: from the frame she answered to hers) and as the
    event feed records it (``feed``: the events' ``recorded_at``), by who moved: the ``holder``
    of the called card or an ``other`` Kati (never the caller)."""
    import django  # noqa: PLC0415 (the ground truth, read once the runs are over)

    os.environ.update(ENV)
    django.setup()
    from apps.matches import event_store  # noqa: PLC0415
    from apps.matches.engine import INITIAL, evolve  # noqa: PLC0415
    from apps.matches.models import MatchEvent  # noqa: PLC0415

    groups: Groups = defaultdict(list)
    for match_id, bidding_ended, times in played:
        state = INITIAL
        for event in event_store.events_load(match_id, upto_seq=bidding_ended):
            state = evolve(state, event)
        deal: Any = state.deal
        rows = {row.seq: row for row in MatchEvent.objects.filter(match_id=match_id)}
        sizes: dict[int, int] = defaultdict(int)
        for row in rows.values():
            sizes[row.batch] += 1
        secret_until = min(
            [q for q, row in rows.items() if row.type == "partner_revealed"], default=10**9
        )
        for seq, (seat, kind, seconds) in times.items():
            if seat == deal.caller or seq < bidding_ended or seq - 1 not in rows:
                continue
            doubled_before = any(
                rows[q].type == "doubled" for q in range(bidding_ended, seq) if q in rows
            )
            if kind == "card_played":
                if seq >= secret_until or sizes[seq] != 1:
                    continue
                what = "play"
            elif not doubled_before:
                what = "kontra"
            else:
                continue
            who = "holder" if seat == deal.holder else "other"
            feed = (rows[seq].recorded_at - rows[seq - 1].recorded_at).total_seconds()
            groups[what, "socket", who].append(seconds)
            groups[what, "feed", who].append(feed)
    return groups


def run_tables(name: str, hands: int, tables: int, tokens: list[str]) -> list[Any]:
    env = {**ENV, **RUNS[name]}
    worker = [str(BIN / "celery"), "-A", "config", "worker", "--loglevel=warning"]
    worker += ["--concurrency=2", "-Q", ENV["CELERY_QUEUE"]]
    beat = [str(BIN / "celery"), "-A", "config", "beat", "--loglevel=warning"]
    beat += ["-s", f"/tmp/{DB_NAME}-beat-schedule"]
    processes = start([gunicorn_command(), DAPHNE, worker, beat], env)
    began = time.monotonic()
    try:
        wait_for(HTTP_PORT, "/healthz")
        wait_for(WS_PORT, "/")
        left, lock = [hands], threading.Lock()
        seated = [Table(tokens[i], left, lock, seed=i) for i in range(tables)]
        for table in seated:
            table.start()
        for table in seated:
            table.join()
    finally:
        stop(processes)
    failures = [f for t in seated for f in t.failures]
    print(f"run {name}: {hands} hands at {tables} tables in {time.monotonic() - began:.0f} s")
    if failures:
        print(f"  table failures: {failures[:5]}")
    return [hand for t in seated for hand in t.played]


def report(name: str, groups: Groups) -> None:
    for what in ("kontra", "play"):
        for seen in ("socket", "feed"):
            holder, other = groups[what, seen, "holder"], groups[what, seen, "other"]
            u, p = mann_whitney(holder, other)
            print(
                f"  {name:6} {what:6} {seen:6} holder n={len(holder):3} median "
                f"{_ms(holder):7.1f} ms   others n={len(other):3} median {_ms(other):7.1f} ms   "
                f"Mann-Whitney U={u:.0f} p={p:.2g}"
            )


def _ms(values: list[float]) -> float:
    return statistics.median(values) * 1000 if values else float("nan")


def tables_main(args: argparse.Namespace) -> None:
    recreate_database(ENV, DB_NAME)
    tokens = make_tokens(ENV, args.tables)
    played = {name: run_tables(name, args.hands, args.tables, tokens) for name in args.runs}
    print(
        f"Kati's times at a partnership table (expert Katis, {args.tables} tables at once), "
        "from the frame she answered to her own, as a player's socket receives them:"
    )
    for name, hands in played.items():
        report(name, label(hands))


# --- what the decisions cost ----------------------------------------------------------------

T0 = datetime(2026, 1, 1, tzinfo=UTC)
SALT = "0123456789abcdef0123456789abcdef"


def compute_main(args: argparse.Namespace) -> None:
    import django  # noqa: PLC0415

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.embedded")
    django.setup()
    from apps.bots.declaring import declaration_due  # noqa: PLC0415
    from apps.bots.levels import choose_action  # noqa: PLC0415
    from apps.computer.pacing import decision_kind  # noqa: PLC0415
    from apps.computer.services import BUDGET_SECONDS  # noqa: PLC0415
    from apps.matches.engine import (  # noqa: PLC0415
        INITIAL,
        VARIANTS,
        DealCards,
        StartMatch,
        command_from_json,
        decide,
        history_for,
        replay,
        view_for,
    )
    from apps.matches.simulation import random_deck  # noqa: PLC0415
    from apps.matches.strengths import levels_for  # noqa: PLC0415
    from bench.cpu import pin_to_one_core  # noqa: PLC0415

    pin_to_one_core()
    print(f"compute per decision, ms (budget {BUDGET_SECONDS} s, {args.deals} deals each):")
    for variant in args.variants:
        for level in [lv for lv in levels_for(variant) if lv in (args.levels or [lv])]:
            rng = random.Random(args.seed)
            times: dict[str, list[float]] = defaultdict(list)
            for n in range(args.deals):
                state = replay(decide(INITIAL, StartMatch(variant, n % VARIANTS[variant].seats)))
                state = replay(decide(state, DealCards(random_deck(rng, variant), SALT)), state)
                seats = range(state.seats)
                now = T0
                while not state.deal.over:  # type: ignore[union-attr]
                    now += timedelta(milliseconds=1)
                    actors = state.variant.actors(state)  # type: ignore[union-attr]
                    words = [
                        s
                        for s in seats
                        if s not in actors
                        and declaration_due(view_for(state, s, stand_in=True), variant)
                    ]
                    if not actors and not words:  # a shown hand waits out its seconds
                        now = state.deal.deadline  # type: ignore[union-attr]
                        for command in state.variant.due_commands(state, now):  # type: ignore[union-attr]
                            state = replay(decide(state, command, now=now), state)
                        continue
                    seat = (words or list(actors))[0]
                    kind = decision_kind(state, seat)
                    began = time.perf_counter()
                    view = view_for(state, seat, stand_in=True)
                    view["history"] = history_for(state, seat)
                    action = choose_action(
                        view, variant=variant, level=level, rng=rng, budget=BUDGET_SECONDS
                    )
                    times[kind].append(time.perf_counter() - began)
                    command = command_from_json(action, seat=seat)
                    state = replay(decide(state, command, now=now), state)
            for kind, seconds in sorted(times.items()):
                ordered = sorted(seconds)
                p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
                print(
                    f"  {variant:11} {level:8} {kind:8} n={len(ordered):5}  median "
                    f"{statistics.median(ordered) * 1000:7.2f}  p99 {p99 * 1000:7.1f}  "
                    f"max {ordered[-1] * 1000:7.1f}"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--compute", action="store_true", help="the decisions' compute times")
    parser.add_argument("--hands", type=int, default=60, help="hands per run, in all")
    parser.add_argument("--tables", type=int, default=2, help="tables playing at once")
    parser.add_argument("--runs", type=lambda s: s.split(","), default=["before", "after"])
    parser.add_argument("--deals", type=int, default=30, help="--compute: deals per level")
    parser.add_argument(
        "--variants",
        type=lambda s: s.split(","),
        default=["klub", "sixty-six", "partnership"],
    )
    parser.add_argument(
        "--levels", type=lambda s: s.split(","), default=None, help="--compute: these only"
    )
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.compute:
        compute_main(args)
    else:
        tables_main(args)


if __name__ == "__main__":
    main()
