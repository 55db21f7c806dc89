"""The engine's part of a first deal that waits for the players' seeds (a match the server made:
docs/api.md section 7.0): the commitment carries the wait's end; the view shows the next deal
(number 1) with it to every seat, never the secret; the wait is a deadline like the others
(``next_deadline``, ``due_commands``), closed by ``CloseSeeds`` only once it has run out; and
the first deal ends it. Old records, with no wait, read and write as they were."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from apps.matches.engine import INITIAL, StartMatch, decide, evolve, from_json, to_json, view_for
from apps.matches.engine.commands import (
    CloseSeeds,
    CommitSecret,
    DealSeeded,
    GiveSeed,
    Pause,
    Resign,
)
from apps.matches.engine.errors import RuleViolation
from apps.matches.engine.events import SecretCommitted, SeedsClosed
from apps.matches.engine.fairness import BY_PLAYER, BY_SERVER, Seed, secret_commitment
from apps.matches.engine.presence import due_commands, next_deadline, presence_actions
from apps.matches.engine.state import MatchState
from apps.matches.engine.view import redact_event
from tests.engine.builders import refused

from .test_shapes import errors

START = datetime(2026, 12, 6, 20, 0, tzinfo=UTC)
UNTIL = START + timedelta(seconds=5)
SECRET, NEXT = "ab" * 32, "cd" * 32
SEED = "12" * 16


def run(state: MatchState, command: object, now: datetime = START) -> MatchState:
    for event in decide(state, command, now=now):  # type: ignore[arg-type]
        state = evolve(state, event)
    return state


def waiting() -> MatchState:
    state = run(INITIAL, StartMatch("klub", first_dealer=0))
    return run(state, CommitSecret(SECRET, UNTIL))


def test_the_wait_is_shown_to_every_seat_with_the_commitment_and_never_the_secret() -> None:
    state = waiting()
    for seat in (0, 1, None):
        view = view_for(state, seat, online=True)
        assert view["status"] == "awaiting_deal" and view["deal"] is None
        assert view["next_deal"] == {
            "number": 1,
            "commitment": secret_commitment(SECRET),
            "seeded": [],
            "until": UNTIL.isoformat(),
        }
        assert SECRET not in str(view)
        if seat is not None:  # the seats' views are the ones served (and declared)
            assert errors("view", view) == []
    (committed,) = decide(run(INITIAL, StartMatch("klub", 0)), CommitSecret(SECRET, UNTIL))
    shown = redact_event(committed, seat=0, variant=state.variant)  # type: ignore[arg-type]
    assert "secret" not in shown and shown["seeds_until"] == UNTIL.isoformat()
    assert errors("event", shown) == []
    # a seed in: the view says whose
    seeded = run(state, GiveSeed(1, 1, SEED))
    assert view_for(seeded, 0)["next_deal"]["seeded"] == [1]


def test_the_wait_is_a_deadline_closed_only_once_it_has_run_out() -> None:
    state = waiting()
    assert next_deadline(state) == UNTIL
    assert due_commands(state, UNTIL - timedelta(microseconds=1)) == []
    assert due_commands(state, UNTIL) == [CloseSeeds()]
    assert refused_at(state, UNTIL - timedelta(seconds=1)) == "not_due"
    (closed,) = decide(state, CloseSeeds(), now=UNTIL)
    assert closed == SeedsClosed(1)
    assert errors("event", redact_event(closed, seat=1, variant=state.variant)) == []  # type: ignore[arg-type]
    after = evolve(state, closed)
    assert after.seeds_until is None and next_deadline(after) is None
    assert refused_at(after, UNTIL) == "not_due"  # once
    assert view_for(after, 0)["next_deal"].get("until") is None


def refused_at(state: MatchState, now: datetime) -> str:
    try:
        decide(state, CloseSeeds(), now=now)
    except RuleViolation as error:
        return error.code
    raise AssertionError("CloseSeeds was accepted")


def test_the_first_deal_ends_the_wait_and_takes_the_seeds_given() -> None:
    state = run(waiting(), GiveSeed(0, 1, SEED))
    seeds = (Seed(0, SEED, BY_PLAYER), Seed(1, "34" * 16, BY_SERVER))
    dealt = run(state, DealSeeded(SECRET, seeds, NEXT))
    assert dealt.deal is not None and dealt.deal.number == 1
    assert dealt.seeds_until is None and next_deadline(dealt) is None
    assert dealt.deal_seeds == seeds
    assert view_for(dealt, 0)["next_deal"] == {
        "number": 2,
        "commitment": secret_commitment(NEXT),
        "seeded": [],
    }
    # a seed once the deal is dealt is for the next deal, not this one
    assert refused(dealt, GiveSeed(1, 1, SEED)) == "seed_not_due"


def test_a_commitment_without_a_wait_is_stored_as_before() -> None:
    old = SecretCommitted(1, secret_commitment(SECRET), SECRET)
    assert "seeds_until" not in to_json(old)
    assert from_json(to_json(old)) == old
    new = SecretCommitted(1, secret_commitment(SECRET), SECRET, UNTIL)
    assert from_json(to_json(new)) == new


def test_during_the_wait_there_is_nothing_to_pause_and_a_quitters_seat_gives_no_seed() -> None:
    state = waiting()
    assert [a.type for a in presence_actions(state, 0)] == []
    assert refused_command(state, Pause(0)) == "deal_over"
    four = run(INITIAL, StartMatch("partnership", first_dealer=0))
    four = run(four, CommitSecret(SECRET, UNTIL))
    left = run(four, Resign(2))  # four seats play on: the computer takes the seat over
    assert left.played_by_computer(2) and left.running
    assert refused_command(left, GiveSeed(2, 1, SEED)) == "seat_taken_over"
    assert refused_command(left, GiveSeed(1, 1, SEED)) is None


def refused_command(state: MatchState, command: object) -> str | None:
    try:
        decide(state, command, now=START)  # type: ignore[arg-type]
    except RuleViolation as error:
        return error.code
    return None
