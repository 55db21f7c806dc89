"""Kati's timing tells nothing about her hand: her move is applied a fixed think time after the
event it answers, however long her decision took. The decision is planted to take longer for
one hand than another (as the expert's doubling decision did: at once for the called card's
holder, sampling layouts for the others), on a clock the tests hold (``time_machine``: the
times the events are recorded with, and the wait, which shifts it); the times between events
are read as everyone at the table gets them (the events' recorded times)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from apps.computer import pacing, services
from apps.computer import tasks as computer_tasks
from apps.matches import event_store, follow_ups
from apps.matches import services as match_services
from apps.matches.deadlines import deadlines_apply
from apps.matches.engine import INITIAL, Command, MatchState, evolve, view_for
from apps.matches.engine.presence import PAUSE_LENGTH
from apps.matches.engine.variants.partnership.commands import NoDouble
from apps.matches.engine.variants.partnership.events import BiddingEnded
from apps.matches.engine.variants.partnership.state import DOUBLING
from apps.matches.models import Match, MatchEvent
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import (
    GIVING_UP,
    PRESENCE,
    act,
    create_computer_match,
    create_friend_match,
    fetch,
)

pytestmark = pytest.mark.django_db(transaction=True)

Cost = Callable[[MatchState, int], float]  # seconds the planted decision takes, by state and seat


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[time_machine.Traveller]:
    """The time stands still unless a planted decision or Kati's wait moves it."""
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        monkeypatch.setattr(pacing, "sleep", lambda s: traveller.shift(timedelta(seconds=s)))
        yield traveller


def plant(
    monkeypatch: pytest.MonkeyPatch,
    clock: time_machine.Traveller,
    cost: Cost,
    answer: Callable[[MatchState, int], Command | None] = lambda state, seat: None,
) -> None:
    """Kati's decisions take ``cost(state, seat)`` seconds on the clock (her hand's secret);
    ``answer`` may fix her choice (None: her own)."""
    choose = services._choose

    def timed(match: Match, state: MatchState, seat: int, rng: random.Random) -> Command:
        clock.shift(timedelta(seconds=cost(state, seat)))
        return answer(state, seat) or choose(match, state, seat, rng)

    monkeypatch.setattr(services, "_choose", timed)


def legal_count(state: MatchState, seat: int) -> float:
    """A cost that grows with the seat's legal actions: what its hand allows."""
    return 0.03 * len(view_for(state, seat, stand_in=True)["legal_actions"])


def computer_moves(match_id: str) -> list[tuple[int, dict[str, Any], timedelta]]:
    """The computer's moves (its own seats' and the stand-in's): the first event of each, its
    seq and the time since the event before it, as recorded (and pushed) for everyone."""
    rows = list(MatchEvent.objects.filter(match_id=match_id).order_by("seq"))
    recorded = {row.seq: row.recorded_at for row in rows}
    return [
        (row.seq, row.payload, row.recorded_at - recorded[row.seq - 1])
        for row in rows
        if row.seq == row.batch and row.actor_id is None and row.seq - 1 in recorded
    ]


def seconds(gaps: list[timedelta]) -> set[float]:
    return {gap.total_seconds() for gap in gaps}


# --- partnership: the called card's holder among the Katis ----------------------------------


def play_at_random(
    player: Player, match_id: str, *, moves: int, seed: int, skipping: tuple[str, ...] = GIVING_UP
) -> None:
    """The player's legal moves, chosen at random (never one of ``skipping``), while the match
    runs and the player has one: Kati answers each as she would."""
    rng = random.Random(seed)
    for n in range(moves):
        match = fetch(player, match_id)
        legal = [a for a in match["view"]["legal_actions"] if a["type"] not in skipping]
        if match["status"] != "active" or not legal:
            return
        assert act(player, match, rng.choice(legal), f"m{n}").status_code == 200


def _caller_and_holder(match_id: str) -> tuple[int, int]:
    """The first hand's caller and the seat holding the called card, from the server's state
    (the test's ground truth)."""
    state = INITIAL
    for event in event_store.events_load(match_id):
        state = evolve(state, event)
        if isinstance(event, BiddingEnded):
            return event.caller, state.deal.holder  # type: ignore[union-attr, return-value]
    raise AssertionError("the bidding did not end")


def _first_seq(match_id: str, kind: str) -> int:
    row = MatchEvent.objects.filter(match_id=match_id, type=kind).order_by("seq").first()
    return row.seq if row is not None else 10**9


def _call_high_then_let_go(player: Player, match_id: str) -> dict[str, Any]:
    """The person bids the highest call on a card it lacks (one of the Katis holds it, and
    nobody at the table knows which), lets every doubling go, then plays until the first trick
    is taken."""
    rng = random.Random(5)
    for n in range(20):
        match = fetch(player, match_id)
        deal = match["view"]["deal"]
        if deal["number"] > 1 or sum(deal["trick_counts"]) >= 1 or deal["phase"] == "over":
            return match
        moves = [a for a in match["view"]["legal_actions"] if a["type"] not in GIVING_UP + PRESENCE]
        assert moves, "the person is to move (the Katis have answered)"
        bids = [a for a in moves if a["type"] == "bid" and a["card"] not in deal["hand"]]
        if bids:
            action = max(bids, key=lambda a: (a["durchmarsch"], a["card"][0] == "P"))
        elif {"type": "no_double"} in moves:
            action = {"type": "no_double"}
        elif {"type": "pass"} in moves:
            action = {"type": "pass"}
        else:
            action = rng.choice([a for a in moves if a["type"] == "play"])
        assert act(player, match, action, f"m{n}").status_code == 200
    raise AssertionError("the first trick was not taken")


def test_the_holder_and_the_other_katis_answer_the_doubling_window_and_play_at_the_same_time(
    make_player: MakePlayer,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    clock: time_machine.Traveller,
) -> None:
    """Three expert Katis and a person who calls a card it lacks: the holder's decisions are
    planted to take 0.05 s, the others' 0.4 s (the expert let the window go at once when no
    doubling word was legal for her: the holder's case). Each Kati's word in the doubling
    window, and each card she follows with while the partner is secret, comes the kind's think
    time after the event before it, the holder's as the others'. (The Katis let the window go,
    so that the hand goes on the same way every run.)"""
    settings.COMPUTER_THINK_SECONDS = {
        "*/*/*": 0.6,
        "partnership/expert/doubling": 0.5,
        "partnership/expert/follow": 0.7,
        "partnership/expert/lead": 0.9,
    }
    shuffles = random.Random(35)  # the deck and the first dealer: no Kati calls before her
    monkeypatch.setattr(follow_ups, "rng", shuffles)
    monkeypatch.setattr(match_services, "_rng", shuffles)
    plant(
        monkeypatch,
        clock,
        lambda state, seat: 0.05 if seat == state.deal.holder else 0.4,  # type: ignore[union-attr]
        lambda state, seat: NoDouble(seat) if state.deal.phase == DOUBLING else None,  # type: ignore[union-attr]
    )
    player = make_player(guest=True)
    match_id = create_computer_match(player, variant="partnership", strength="expert")["id"]
    person = _call_high_then_let_go(player, match_id)["your_seat"]
    caller, holder = _caller_and_holder(match_id)
    assert caller == person != holder
    bidding_ended = _first_seq(match_id, "bidding_ended")
    trick_taken = _first_seq(match_id, "trick_taken")
    doubling: dict[bool, list[timedelta]] = {True: [], False: []}
    follows: dict[bool, list[timedelta]] = {True: [], False: []}
    for seq, event, gap in computer_moves(match_id):
        if event["type"] == "doubling_declined" and seq > bidding_ended:
            doubling[event["seat"] == holder].append(gap)
        elif event["type"] == "card_played" and seq < trick_taken:
            follows[event["seat"] == holder].append(gap)
    assert len(doubling[True]) == len(follows[True]) == 1
    assert len(doubling[False]) == len(follows[False]) == 2
    assert seconds(doubling[True]) == seconds(doubling[False]) == {0.5}
    assert seconds(follows[True]) == seconds(follows[False]) == {0.7}


# --- two seats ------------------------------------------------------------------------------


def test_kati_s_moves_in_sixty_six_come_after_her_think_time_whatever_her_hand(
    make_player: MakePlayer,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    clock: time_machine.Traveller,
) -> None:
    """The expert's decisions planted to take longer the more legal actions her hand gives her:
    every move of hers still comes her think time after the event she answers."""
    settings.COMPUTER_THINK_SECONDS = {"*/*/*": 0.1, "sixty-six/expert/*": 0.9}
    plant(monkeypatch, clock, legal_count)
    player = make_player(guest=True)
    match = create_computer_match(player, variant="sixty-six", strength="expert")
    play_at_random(player, match["id"], moves=12, seed=8)
    gaps = [gap for _, _, gap in computer_moves(match["id"])]
    assert len(gaps) >= 5
    assert seconds(gaps) == {0.9}


# --- the stand-in ---------------------------------------------------------------------------


def test_the_stand_in_for_a_paused_seat_plays_after_its_think_time_whatever_the_hand(
    make_player: MakePlayer,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    clock: time_machine.Traveller,
) -> None:
    """A klub player pauses and the pause runs out: the stand-in (Kati's club level) plays the
    seat's cards, each its think time after the event before it, though its decisions are
    planted to take longer the more cards the hand may play."""
    settings.COMPUTER_THINK_SECONDS = {"*/*/*": 0.1, "klub/club/*": 0.8}
    plant(monkeypatch, clock, legal_count)
    host, guest = make_player(), make_player()
    match_id = create_friend_match(host, guest)["id"]
    turn = fetch(host, match_id)["view"]["deal"]["turn"]
    away, present = (host, guest) if turn == 0 else (guest, host)
    assert act(away, fetch(away, match_id), {"type": "pause"}, "p").status_code == 200
    clock.shift(PAUSE_LENGTH + timedelta(seconds=1))
    deadlines_apply(match_id)  # the pause ran out: the stand-in begins and plays
    play_at_random(present, match_id, moves=10, seed=4, skipping=GIVING_UP + PRESENCE)
    stand_in = [
        gap
        for _, event, gap in computer_moves(match_id)
        if event["type"] == "card_played" and event["stand_in"]
    ]
    assert len(stand_in) >= 3
    assert seconds(stand_in) == {0.8}


# --- in production: chosen at once, applied by a task at its due time ----------------------


def test_a_worker_chooses_at_once_and_a_task_applies_the_move_at_its_due_time(
    make_player: MakePlayer,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    clock: time_machine.Traveller,
) -> None:
    """With a broker (tasks not eager), the worker that runs Kati's move does not wait out her
    think time: it chooses, then queues the move with the time it is due (the event it
    answers plus the think time, however long the choice took) and the version it was chosen
    at. The queued move is applied once, and at that version only."""
    settings.COMPUTER_THINK_SECONDS = {"*/*/*": 0.1, "klub/beginner/*": 0.6}
    plant(monkeypatch, clock, legal_count)
    slept: list[float] = []
    monkeypatch.setattr(pacing, "sleep", slept.append)
    monkeypatch.setattr(services, "_eager", lambda: False)  # the move task runs, as on a worker
    queued: list[tuple[tuple[str, int, dict[str, Any]], datetime]] = []
    monkeypatch.setattr(
        computer_tasks.bot_move_apply,
        "apply_async",
        lambda args, eta: queued.append((args, eta)),
    )
    player = make_player(guest=True)
    match_id = create_computer_match(player, variant="klub", strength="beginner")["id"]
    while queued:  # Kati was to begin: her queued moves run at their time
        args, eta = queued.pop()
        clock.move_to(eta)
        computer_tasks.bot_move_apply(*args)
    for turn in range(3):  # when the person follows and wins the trick, the person leads again
        match = fetch(player, match_id)
        cards = [a for a in match["view"]["legal_actions"] if a["type"] == "play_card"]
        assert act(player, match, cards[0], f"mine-{turn}").status_code == 200
        if queued:
            break
    answered = Match.objects.get(pk=match_id)
    [((queued_id, version, command), eta)] = queued  # her answer, chosen after the commit
    assert slept == []  # the worker did not wait
    assert queued_id == match_id and version == answered.version
    assert eta == answered.updated_at + timedelta(seconds=0.6)
    assert Match.objects.get(pk=match_id).version == answered.version  # not applied yet
    clock.move_to(eta)
    computer_tasks.bot_move_apply(match_id, version, command)
    kati = MatchEvent.objects.get(match_id=match_id, seq=answered.version + 1)
    assert kati.command == command and kati.recorded_at == eta
    applied = Match.objects.get(pk=match_id).version
    computer_tasks.bot_move_apply(match_id, version, command)  # delivered twice: applied once
    assert Match.objects.get(pk=match_id).version == applied
