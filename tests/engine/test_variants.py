"""Property tests that every registered variant passes, and the toy variant with them: random
legal matches keep the deck whole, replay equals the live state, the codec round-trips every
event and command, every listed action is accepted and every probe that is not listed is refused
with a catalogued code, and no view, history, event or refusal shown to a seat names a card
whose place that seat may not know.

A new variant is tested here by registering it: the tests read only the ``Rules`` seam
(``actors``, ``whereabouts``, ``secret``, ``commands``) and the engine's public functions.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import typing
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.matches.engine import (
    CODES,
    INITIAL,
    VARIANTS,
    Card,
    Command,
    DealCards,
    Event,
    Leave,
    MatchState,
    Resign,
    Rules,
    RuleViolation,
    StartMatch,
    command_from_json,
    command_to_json,
    decide,
    evolve,
    from_json,
    history_for,
    legal_actions,
    redact_event,
    register,
    replay,
    to_json,
    view_for,
)
from apps.matches.engine.events import DealEnded, MatchEnded
from tests.sizes import size

from .toy import TOY, toy_registered

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
NAMES = [*sorted(VARIANTS), TOY]  # every registered variant (partnership too) and the toy
START = datetime(2025, 1, 1, tzinfo=UTC)
STEP = timedelta(seconds=1)  # the clock moves a second per command
CARD_CODE = re.compile(r"\b[PTZM][9UOKXA]\b")


@pytest.fixture(params=NAMES, scope="module")
def rules(request: pytest.FixtureRequest) -> Iterator[Rules]:
    if request.param == TOY:
        with toy_registered():
            yield VARIANTS[TOY]
    else:
        yield VARIANTS[request.param]


# --- random commands -----------------------------------------------------------------------


def _arbitrary(hint: object, rules: Rules, rng: random.Random) -> object:
    if hint is int:
        return rng.randrange(rules.seats)
    if hint is bool:
        return rng.random() < 0.5
    if hint is Card:
        return rng.choice(rules.deck)
    raise TypeError(f"no arbitrary value for {hint!r}")


def probes(rules: Rules, rng: random.Random) -> list[Command]:
    """One arbitrary instance of every deal command of the variant (mostly nonsense), plus
    leaving, from random seats."""
    found: list[Command] = []
    for cls in rules.commands:
        hints = typing.get_type_hints(cls)
        fields = {
            f.name: _arbitrary(hints[f.name], rules, rng)
            for f in dataclasses.fields(cls)
            if f.name != "stand_in"  # the server's flag (a presence rule, tested there)
        }
        found.append(cls(**fields))
    found.append(Leave(rng.randrange(rules.seats)))
    return found


# --- invariants ----------------------------------------------------------------------------


def assert_deck_whole(rules: Rules, state: MatchState) -> None:
    assert state.deal is not None
    places = rules.whereabouts(state.deal)
    every = [c for cards in places.values() for c in cards]
    assert sorted(every) == sorted(rules.deck), places


def assert_not_shown(payload: object, secret: frozenset[Card]) -> None:
    if isinstance(payload, dict) and "legal_actions" in payload:
        # a bid may name any card, whatever the hands: the list of bids says nothing
        actions = [a for a in payload["legal_actions"] if a["type"] != "bid"]
        payload = {**payload, "legal_actions": actions}
    text = json.dumps(payload)
    leaked = [c.code for c in secret if f'"{c.code}"' in text]
    assert not leaked, f"hidden cards {leaked} shown in {text}"


def check_probe(
    state: MatchState, command: Command, secret_of: dict[int, frozenset[Card]], now: datetime
) -> None:
    """Accepted exactly when listed; a refusal carries a declared code and names no card the
    sender may not know."""
    seat = command.seat  # type: ignore[attr-defined]
    listed = command in legal_actions(state, seat)
    try:
        decide(state, command, now=now)
    except RuleViolation as refusal:
        assert not listed, command
        assert state.variant is not None
        # a code the core declares or this variant does (``Rules.codes``)
        assert refusal.code in CODES or refusal.code in state.variant.codes, refusal.code
        named = set(CARD_CODE.findall(refusal.message))
        assert not named & {c.code for c in secret_of[seat]}, refusal.message
    else:
        assert listed, command


def apply(state: MatchState, events: list[Event], log: list[Event]) -> MatchState:
    for event in events:
        assert from_json(json.loads(json.dumps(to_json(event)))) == event
        state = evolve(state, event)
    log.extend(events)
    return state


def play_match(rules: Rules, seed: int, *, give_up_rate: float) -> tuple[MatchState, list[Event]]:
    rng = random.Random(seed)
    log: list[Event] = []
    state = apply(INITIAL, decide(INITIAL, StartMatch(rules.name, rng.randrange(rules.seats))), log)
    now = START
    while not state.finished:
        now += STEP
        deadline = None if state.awaiting_deal else rules.next_deadline(state)
        if deadline is not None and (not rules.actors(state) or rng.random() < 0.2):
            # the variant's own deadline runs out, as the service would apply it
            now = max(now, deadline)
            command = rng.choice(rules.due_commands(state, now))
        elif state.awaiting_deal:
            deck = list(rules.deck)
            rng.shuffle(deck)
            command: Command = DealCards(tuple(deck), f"{rng.getrandbits(128):032x}")
        else:
            secret_of = {seat: rules.secret(state, seat) for seat in range(rules.seats)}
            for probe in probes(rules, rng):
                check_probe(state, probe, secret_of, now)
            seat = rng.choice(rules.actors(state))
            # a seat whose player quit is played by the computer, as a stand-in
            computer = state.played_by_computer(seat)
            listed = legal_actions(state, seat, stand_in=computer)
            assert listed, "an actor always has something to do"
            moves = [a for a in listed if not _quits(a)]
            quits = [a for a in listed if _quits(a)]  # never the computer's
            if quits and (rng.random() < give_up_rate or not moves):
                moves = quits
            command = rng.choice(moves)
            if computer:
                command = dataclasses.replace(command, stand_in=True)  # type: ignore[type-var]
            wire = command_to_json(command)
            assert command_from_json(json.loads(json.dumps(wire))) == command
        before = len(log)
        state = apply(state, decide(state, command, now=now), log)
        assert state.deal is not None
        assert_deck_whole(rules, state)
        if not state.deal.over:
            for seat in range(rules.seats):
                secret = rules.secret(state, seat)
                assert_not_shown(view_for(state, seat, online=True), secret)
                assert_not_shown(history_for(state, seat), secret)
                feed = [redact_event(e, seat=seat, variant=rules) for e in log[before:]]
                assert_not_shown(feed, secret)
        if any(isinstance(e, DealEnded) for e in log[before:]):
            assert replay(log) == state
    assert isinstance(log[-1], MatchEnded)
    return state, log


def _quits(command: Command) -> bool:
    """Leaving, resigning or giving up the deal: moves a random player makes only sometimes."""
    return isinstance(command, Leave | Resign) or command.type == "surrender"


# --- the properties ------------------------------------------------------------------------


@settings(max_examples=size(20, 60), deadline=None)
@given(seed=SEEDS)
def test_random_matches_keep_every_invariant(rules: Rules, seed: int) -> None:
    state, log = play_match(rules, seed, give_up_rate=0.0)
    assert state.result is not None and state.result.reason == "points"
    assert max(state.scores) >= state.target
    assert replay(log) == state


@settings(max_examples=size(15, 40), deadline=None)
@given(seed=SEEDS)
def test_random_matches_with_giving_up(rules: Rules, seed: int) -> None:
    state, log = play_match(rules, seed, give_up_rate=0.05)
    assert state.result is not None
    assert replay(log) == state


@settings(max_examples=size(15, 40), deadline=None)
@given(seed=SEEDS, cut=st.floats(min_value=0, max_value=1))
def test_replay_of_any_prefix_equals_the_state_then(rules: Rules, seed: int, cut: float) -> None:
    _, log = play_match(rules, seed, give_up_rate=0.0)
    n = int(cut * len(log))
    live = INITIAL
    for event in log[:n]:
        live = evolve(live, event)
    assert replay(log[:n]) == live
    assert replay(log[n:], replay(log[:n])) == replay(log)


def test_the_toy_variant_is_known_only_while_registered() -> None:
    """Registering is all a variant needs; unregistered, its name is refused like any other."""
    with toy_registered():
        state = replay(decide(INITIAL, StartMatch(TOY, 0)))
        assert view_for(state, 0)["variant"] == TOY
        assert state.target == 3
    with pytest.raises(RuleViolation) as refused:
        decide(INITIAL, StartMatch(TOY, 0))
    assert refused.value.code == "unknown_variant"


def test_a_variant_missing_a_required_method_cannot_be_made_or_registered() -> None:
    """A variant author who forgets what the property tests hold every variant to (here
    ``whereabouts`` and ``secret``) is told so when the class is instantiated, before anything
    can register it; the methods with defaults may be left out."""

    class Forgetful(Rules):
        name = "forgetful"

        def new_deal(self, event: typing.Any, previous: typing.Any = None) -> typing.Any: ...
        def actors(self, state: MatchState) -> tuple[int, ...]: ...
        def deal_actions(self, state: MatchState, seat: int) -> list[Command]: ...
        def may_leave(self, deal: typing.Any) -> bool: ...
        def match_end(self, state: MatchState, deal_end: typing.Any) -> typing.Any: ...
        def deal_view(self, state: MatchState, seat: int | None) -> typing.Any: ...
        def history(self, state: MatchState) -> typing.Any: ...

    with pytest.raises(TypeError, match=r"abstract methods? .*'secret', 'whereabouts'"):
        register(Forgetful())
    assert "forgetful" not in VARIANTS
    assert sorted(Rules.__abstractmethods__) == [
        "actors",
        "deal_actions",
        "deal_view",
        "history",
        "match_end",
        "may_leave",
        "new_deal",
        "secret",
        "whereabouts",
    ]
