"""Record the frozen klub event streams: ``python -m tests.engine.streams.record``.

Plays ``MATCHES`` random klub matches from one fixed seed through ``decide``/``evolve`` (no
wall clock: ``now`` starts at a fixed UTC instant and the script advances it), and writes
``klub_streams.json.gz``: every match's events as JSON and, at every seq, the digest of what the
read side shows then (``observe.py``); the first ``FULL_RECORDS`` matches keep the whole records
too, so that a failing comparison shows a readable diff.

The drive mixes legal play (exchanges and closes biased in), surrenders, resignations, leaving
between deals, presence commands (disconnect/reconnect, pause/resume, show hand), the due
commands of run-out deadlines (stand-in, hide hand, technical loss, abandonment) and stand-in
cards. Each match follows a plan for how it ends (points, resigned, left, technical_loss,
abandoned) that the randomness may pre-empt. The script checks at the end that every deal-end
reason, match-end reason and event type occurred, and prints the counts.

The output is deterministic (gzip without a timestamp): re-running it on unchanged engine code
rewrites the same bytes. The fixture pins today's behaviour; do not re-record it to make a
refactor pass.
"""

from __future__ import annotations

import gzip
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

from apps.matches.engine import (
    DECK_20,
    INITIAL,
    CloseTalon,
    Command,
    DealCards,
    Event,
    ExchangeTrump,
    Leave,
    MatchState,
    PlayCard,
    Resign,
    StartMatch,
    Surrender,
    decide,
    evolve,
    from_json,
    legal_actions,
    replay,
    to_json,
)
from apps.matches.engine import presence as presence_rules
from apps.matches.engine.commands import Disconnect, Reconnect
from apps.matches.engine.events import TABLE_EVENTS, DealEnded, MatchEnded
from apps.matches.engine.variants.klub.events import DEAL_END_REASONS, EVENTS

from .observe import canonical, digest, observe

EVENT_TYPES = (*TABLE_EVENTS, *EVENTS)  # klub's: the table's and its deal's

SEED = 20_251_203
MATCHES = 300
FULL_RECORDS = 5
BASE = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
OUT = Path(__file__).with_name("klub_streams.json.gz")
MATCH_END_REASONS = ("points", "resigned", "left", "technical_loss", "abandoned")
PLANS = {"points": 55, "resigned": 12, "left": 12, "technical_loss": 11, "abandoned": 10}
MAX_STEPS = 5000


class Driver:
    """One match being played: the live state, its events and the caller's clock."""

    def __init__(self, rng: random.Random, now: datetime) -> None:
        self.rng = rng
        self.now = now
        self.state: MatchState = INITIAL
        self.events: list[Event] = []
        # per match, so that some matches are quiet and some busy
        self.plan = rng.choices(list(PLANS), weights=list(PLANS.values()))[0]
        self.plan_at = rng.randrange(0, 160)
        self.presence_rate = rng.choice((0.0, 0.04, 0.1, 0.2))
        self.surrender_rate = rng.choice((0.0, 0.01, 0.03))
        self.close_rate = rng.choice((0.05, 0.15, 0.3))
        self.exchange_rate = rng.choice((0.3, 0.8))

    def do(self, command: Command) -> None:
        new = decide(self.state, command, now=self.now)
        for event in new:
            self.state = evolve(self.state, event)
        self.events.extend(new)

    def wait(self, seconds: int) -> None:
        """Let time pass, then apply the deadlines that ran out, as the service does."""
        self.now += timedelta(seconds=seconds)
        for command in presence_rules.due_commands(self.state, self.now):
            if not self.state.running:
                break
            self.do(command)

    def play(self) -> None:
        self.do(StartMatch("klub", first_dealer=self.rng.randrange(2)))
        for step in range(MAX_STEPS):
            if not self.state.running:
                return
            self.step(step)
        raise AssertionError("a match did not end")

    def step(self, step: int) -> None:
        rng = self.rng
        self.wait(rng.randint(1, 4) if rng.random() > 0.05 else rng.randint(8, 30))
        state = self.state
        if not state.running:
            return
        if step >= self.plan_at and self.plan != "points" and self.end_by_plan():
            return
        deal = state.deal
        if state.awaiting_deal:
            if rng.random() < self.presence_rate:
                self.presence_noise()
            else:
                deck = list(DECK_20)
                rng.shuffle(deck)
                self.do(DealCards(tuple(deck), f"{rng.getrandbits(128):032x}"))
            return
        assert deal is not None
        stand_ins = presence_rules.stand_ins_to_play(state)
        stand_in = stand_ins[0] if stand_ins else None
        if stand_in is not None and rng.random() < 0.8:
            cards = [a.card for a in legal_actions(state, stand_in) if isinstance(a, PlayCard)]
            self.do(PlayCard(stand_in, rng.choice(cards), stand_in=True))
            return
        if rng.random() < self.presence_rate:
            self.presence_noise()
            return
        turn = deal.turn
        paused = state.paused[turn]
        away = state.away_until[turn] is not None
        if ((paused is not None and not paused.stand_in) or away) and rng.random() < 0.7:
            return  # the seat to move is not at the table: the others wait
        if rng.random() < self.surrender_rate:
            self.do(Surrender(rng.randrange(2), confirm=True))
            return
        self.move(turn)

    def move(self, seat: int) -> None:
        rng = self.rng
        actions = legal_actions(self.state, seat)
        if ExchangeTrump(seat) in actions and rng.random() < self.exchange_rate:
            self.do(ExchangeTrump(seat))
        elif CloseTalon(seat) in actions and rng.random() < self.close_rate:
            self.do(CloseTalon(seat))
        else:
            self.do(rng.choice([a for a in actions if isinstance(a, PlayCard)]))

    def presence_noise(self) -> None:
        rng = self.rng
        seat = rng.randrange(2)
        options: list[Command] = list(presence_rules.presence_actions(self.state, seat))
        away = self.state.away_until[seat] is not None
        options.append(Reconnect(seat) if away else Disconnect(seat))
        self.do(rng.choice(options))

    def end_by_plan(self) -> bool:
        """Carry out the match's plan for its end; whether a command was sent."""
        rng, state = self.rng, self.state
        seat = rng.randrange(2)
        if self.plan == "resigned":
            self.do(Resign(seat))
        elif self.plan == "left":
            if Leave(seat) not in legal_actions(state, seat):
                return False  # wait for the end of the deal or the start of the next one
            self.do(Leave(seat))
        else:
            gone = (seat,) if self.plan == "technical_loss" else (0, 1)
            for s in gone:
                if self.state.away_until[s] is None:
                    self.do(Disconnect(s))
            self.wait(int(presence_rules.RECONNECT_WINDOW.total_seconds()) + rng.randint(0, 5))
        return True


def play_match(index: int, rng: random.Random) -> list[Event]:
    driver = Driver(rng, BASE + timedelta(days=index))
    driver.play()
    events = driver.events
    assert isinstance(events[-1], MatchEnded)
    assert replay(events) == driver.state
    return events


def record_match(events: list[Event], *, full: bool) -> dict[str, Any]:
    payloads = [to_json(e) for e in events]
    for event, payload in zip(events, payloads, strict=True):
        assert from_json(payload) == event
    digests: list[str] = []
    records: list[dict[str, Any]] = []
    state = INITIAL
    for event in events:
        state = evolve(state, event)
        record = observe(state, event)
        digests.append(digest(record))
        if full:
            records.append(record)
    entry: dict[str, Any] = {"events": payloads, "digests": digests}
    if full:
        entry["records"] = records
    return entry


def main() -> None:
    rng = random.Random(SEED)
    matches: list[dict[str, Any]] = []
    deal_ends: Counter[str] = Counter()
    match_ends: Counter[str] = Counter()
    event_types: Counter[str] = Counter()
    extras: Counter[str] = Counter()
    for index in range(MATCHES):
        events = play_match(index, rng)
        matches.append(record_match(events, full=index < FULL_RECORDS))
        for e in events:
            event_types[e.type] += 1
            if isinstance(e, DealEnded):
                deal_ends[e.reason] += 1
            elif isinstance(e, MatchEnded):
                match_ends[e.reason] += 1
        extras["stand_in_cards"] += sum(getattr(e, "stand_in", False) for e in events)
        for before, after in pairwise(events):
            if isinstance(after, MatchEnded) and after.reason != "points":
                mid_deal = isinstance(before, DealEnded) and before.reason == "match_ended"
                extras[f"{after.reason} {'mid-deal' if mid_deal else 'between deals'}"] += 1
    text = canonical({"format": 1, "matches": matches})
    OUT.write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))

    total = sum(len(m["events"]) for m in matches)
    print(f"{len(matches)} matches, {total} events, {OUT.name}: {OUT.stat().st_size} bytes")
    for title, counts in (
        ("deal ends", deal_ends),
        ("match ends", match_ends),
        ("event types", event_types),
        ("extras", extras),
    ):
        print(f"{title}:")
        for name, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            print(f"  {name:30} {n}")
    missing = (
        [r for r in DEAL_END_REASONS if not deal_ends[r]]
        + [r for r in MATCH_END_REASONS if not match_ends[r]]
        + [cls.type for cls in EVENT_TYPES if not event_types[cls.type]]
    )
    assert not missing, f"never occurred: {missing}"


if __name__ == "__main__":
    main()
