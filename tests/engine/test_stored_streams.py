"""Stored klub event streams replay to exactly what they showed when they were recorded.

``streams/klub_streams.json.gz`` was recorded by ``python -m tests.engine.streams.record``
before the rules engine was refactored: random matches with every deal end, match end and
event type. Each stream is decoded with ``from_json`` (and must re-encode to the same JSON),
folded with ``evolve``, and at every seq the read side (``streams/observe.py``: the views, the
histories and the redacted feed and push of the event, for each seat and a spectator) must give
the recorded digest; the first matches keep their whole records, compared with ``==`` for a
readable diff. If a signature of the engine's public API changes, adapt ``observe.py`` only;
never re-record the fixture to make this pass.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from apps.matches.engine import INITIAL, evolve, from_json, to_json

from .streams.observe import canonical, digest, observe

FIXTURE = Path(__file__).parent / "streams" / "klub_streams.json.gz"
FULL_RECORDS = 5
# What the fixture was recorded to cover, frozen here (not read from the engine, which may grow).
DEAL_END_REASONS = {
    "reached_66",
    "last_trick",
    "close_succeeded",
    "close_failed",
    "surrendered",
    "match_ended",
}
MATCH_END_REASONS = {"points", "resigned", "left", "technical_loss", "abandoned"}
EVENT_TYPES = {
    "match_started",
    "deal_started",
    "trump_exchanged",
    "talon_closed",
    "marriage_announced",
    "card_played",
    "trick_taken",
    "card_drawn",
    "deal_surrendered",
    "deal_ended",
    "match_ended",
    "player_disconnected",
    "player_reconnected",
    "pause_started",
    "stand_in_started",
    "pause_ended",
    "hand_shown",
    "hand_hidden",
}
SHOWN_FAILURES = 10


@cache
def stored_matches() -> list[dict[str, Any]]:
    data = json.loads(gzip.decompress(FIXTURE.read_bytes()))
    assert data["format"] == 1
    matches: list[dict[str, Any]] = data["matches"]
    return matches


def where(index: int, seq: int, payload: dict[str, Any]) -> str:
    return f"match {index}, seq {seq} ({payload.get('type')})"


def first_difference(index: int, stored: dict[str, Any]) -> str | None:
    """Where match ``index`` first departs from its recording, or None if it never does."""
    state = INITIAL
    for seq, (payload, expected) in enumerate(
        zip(stored["events"], stored["digests"], strict=True)
    ):
        event = from_json(payload)
        if to_json(event) != payload:
            return f"{where(index, seq, payload)}: re-encodes as {to_json(event)}"
        state = evolve(state, event)
        found = digest(observe(state, event))
        if found != expected:
            return f"{where(index, seq, payload)}: digest {found}, recorded {expected}"
    return None


def test_the_fixture_covers_every_reason_and_event_type() -> None:
    matches = stored_matches()
    events = [e for m in matches for e in m["events"]]
    types = {e["type"] for e in events}
    deal_ends = {e["reason"] for e in events if e["type"] == "deal_ended"}
    match_ends = {e["reason"] for e in events if e["type"] == "match_ended"}
    assert types == EVENT_TYPES
    assert deal_ends == DEAL_END_REASONS
    assert match_ends == MATCH_END_REASONS
    assert all(m["events"][-1]["type"] == "match_ended" for m in matches)
    assert all(len(m["events"]) == len(m["digests"]) for m in matches)
    assert all(("records" in m) == (i < FULL_RECORDS) for i, m in enumerate(matches))


@pytest.mark.slow
def test_every_stored_stream_replays_to_its_recorded_observations() -> None:
    failures = []
    for index, stored in enumerate(stored_matches()):
        difference = first_difference(index, stored)
        if difference is not None:
            failures.append(difference)
    if failures:
        shown = "\n".join(failures[:SHOWN_FAILURES])
        pytest.fail(f"{len(failures)} stored matches changed; where each first did:\n{shown}")


@pytest.mark.parametrize("index", range(FULL_RECORDS))
def test_the_first_streams_replay_to_their_whole_records(index: int) -> None:
    stored = stored_matches()[index]
    state = INITIAL
    for seq, (payload, expected) in enumerate(
        zip(stored["events"], stored["records"], strict=True)
    ):
        event = from_json(payload)
        state = evolve(state, event)
        found = json.loads(canonical(observe(state, event)))
        assert flat(found) == flat(expected), where(index, seq, payload)


def flat(value: Any, path: str = "") -> dict[str, Any]:
    """``value`` as ``{"view[0].deal.talon_size": 9, ...}``: a diff then names each leaf."""
    if isinstance(value, dict) and value:
        return {k: v for key in value for k, v in flat(value[key], f"{path}.{key}").items()}
    if isinstance(value, list) and value:
        return {k: v for i, item in enumerate(value) for k, v in flat(item, f"{path}[{i}]").items()}
    return {path.lstrip("."): value}
