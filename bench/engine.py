"""Engine benchmark: random full deals per second, and replay cost per event.

    .venv/bin/python bench/engine.py [--seconds 5]

Runs on one core (pinned where the OS allows). Prints one line per figure.
Targets (issue #2): >= 2,000 random deals/s; <= 5 us per replayed event, growing linearly.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.matches.engine import INITIAL, Event, MatchState, StartMatch, decide, evolve, replay
from apps.matches.simulation import deal_command, random_action
from bench.cpu import pin_to_one_core


def apply(state: MatchState, events: list[Event]) -> MatchState:
    for event in events:
        state = evolve(state, event)
    return state


def random_deals_per_second(seconds: float, rng: random.Random) -> tuple[float, float]:
    """Deals played to their end by random legal moves (exchanges and closes included)."""
    deals = events = 0
    state = MatchState()
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        if state.finished or not state.started:
            state = apply(INITIAL, decide(INITIAL, StartMatch("klub", rng.randrange(2))))
        state = apply(state, decide(state, deal_command(state, rng)))
        while not state.deal.over:  # type: ignore[union-attr]
            new = decide(state, random_action(state, rng))
            events += len(new)
            state = apply(state, new)
        deals += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, events / deals


def random_match(rng: random.Random) -> list[Event]:
    log = decide(INITIAL, StartMatch("klub", rng.randrange(2)))
    state = apply(INITIAL, log)
    while not state.finished:
        new = decide(state, random_action(state, rng))
        log += new
        state = apply(state, new)
    return log


def replay_us_per_event(streams: list[list[Event]], repeat: int) -> float:
    """Best-of-``repeat`` time to fold every stream from the initial state, per event."""
    n = sum(len(s) for s in streams)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for stream in streams:
            replay(stream)
        best = min(best, time.perf_counter() - start)
    return best / n * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    pin_to_one_core()
    rng = random.Random(2026)

    rate, events_per_deal = random_deals_per_second(args.seconds, rng)
    print(f"random full deals: {rate:,.0f} deals/s on one core ({events_per_deal:.1f} events/deal)")

    matches = [random_match(rng) for _ in range(400)]
    # A match near 150 events, and a 1,500-event stream of consecutive matches (a klub match
    # cannot reach 1,500 events: at most 13 deals of at most ~45 events).
    one = min(matches, key=lambda m: abs(len(m) - 150))
    stream: list[list[Event]] = []
    while sum(len(m) for m in stream) < 1500:
        stream.append(matches[len(stream)])
    longest = max(matches, key=len)
    stream_len = sum(len(m) for m in stream)
    single = replay_us_per_event([one], repeat=200)
    many = replay_us_per_event(stream, repeat=20)
    long_single = replay_us_per_event([longest], repeat=100)
    print(f"replay: {single:.2f} us/event for a {len(one)}-event match")
    print(f"replay: {many:.2f} us/event for a {stream_len}-event stream of {len(stream)} matches")
    print(f"replay: {long_single:.2f} us/event for the longest match seen ({len(longest)} events)")
    sizes = [len(m) for m in matches]
    print(
        f"match length over {len(matches)} random matches: median {statistics.median(sizes):.0f},"
        f" max {max(sizes)} events"
    )


if __name__ == "__main__":
    main()
