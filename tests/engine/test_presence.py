"""Presence and time rules (``engine/presence.py``): the reconnect window, pauses with a computer
stand-in, and showing one's hand, all with an explicit clock."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from apps.matches.engine import (
    INITIAL,
    VARIANTS,
    Abandon,
    Event,
    PlayCard,
    Resign,
    RuleViolation,
    StartMatch,
    Surrender,
    TechnicalLoss,
    card,
    decide,
    evolve,
    redact_event,
    replay,
    view_for,
)
from apps.matches.engine.commands import (
    BeginStandIn,
    Disconnect,
    HideHand,
    Pause,
    Reconnect,
    Resume,
    ShowHand,
)
from apps.matches.engine.events import (
    HandShown,
    MatchEnded,
    PauseEnded,
    PlayerDisconnected,
    PlayerReconnected,
    StandInStarted,
)
from apps.matches.engine.presence import (
    PAUSES_PER_MATCH,
    due_commands,
    next_deadline,
    stand_ins_to_play,
)
from apps.matches.engine.state import MatchState
from apps.matches.engine.variants.klub.events import CardPlayed
from apps.matches.simulation import random_action, random_play
from tests.sizes import size

from .builders import DL, FH, PLAYED_OUT, deal, hand, start
from .test_properties import assert_cards_conserved, assert_not_shown, hidden_from

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
KLUB = VARIANTS["klub"]


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def run(state: MatchState, command: object, seconds: float = 0) -> MatchState:
    return replay(decide(state, command, now=at(seconds)), state)  # type: ignore[arg-type]


def refused_at(state: MatchState, command: object, seconds: float = 0) -> str:
    try:
        decide(state, command, now=at(seconds))  # type: ignore[arg-type]
    except RuleViolation as error:
        return error.code
    raise AssertionError(f"{command} was accepted")


def apply_due(state: MatchState, seconds: float) -> tuple[MatchState, list[object]]:
    """Apply every deadline run out at ``seconds``, as the service does; the commands applied."""
    applied: list[object] = []
    while commands := due_commands(state, at(seconds)):
        state = run(state, commands[0], seconds)
        applied.append(commands[0])
    return state, applied


# --- reconnect window -------------------------------------------------------------------------


def test_a_disconnected_seat_has_sixty_seconds_and_the_opponent_sees_the_deadline() -> None:
    state = run(start(PLAYED_OUT), Disconnect(FH), seconds=0)
    assert state.away_until[FH] == at(60)
    opponent_view = view_for(state, DL)
    assert opponent_view["presence"]["away_until"] == [at(60).isoformat(), None]
    assert next_deadline(state) == at(60)
    assert refused_at(state, Disconnect(FH)) == "already_away"


def test_back_at_59_seconds_keeps_the_match() -> None:
    state = run(start(PLAYED_OUT), Disconnect(FH), seconds=0)
    state, applied = apply_due(state, 59)
    assert applied == []
    state = run(state, Reconnect(FH), seconds=59)
    assert state.away_until == (None, None)
    state, applied = apply_due(state, 61)
    assert applied == [] and state.running
    assert refused_at(state, Reconnect(FH)) == "not_away"


def test_gone_at_61_seconds_is_a_technical_loss() -> None:
    state = run(start(PLAYED_OUT), Disconnect(FH), seconds=0)
    state, applied = apply_due(state, 61)
    assert applied == [TechnicalLoss(FH)]
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (DL, "technical_loss")
    assert due_commands(state, at(1000)) == []  # applying it again has no second effect


def test_an_own_move_of_an_away_seat_brings_it_back() -> None:
    state = run(start(PLAYED_OUT), Disconnect(FH), seconds=0)
    events = decide(state, PlayCard(FH, card("ZU")), now=at(30))
    assert events[:2] == [PlayerReconnected(FH), CardPlayed(FH, card("ZU"))]


def test_both_gone_when_a_window_runs_out_voids_the_match() -> None:
    state = run(start(PLAYED_OUT), Disconnect(FH), seconds=0)
    state = run(state, Disconnect(DL), seconds=30)
    state, applied = apply_due(state, 60)
    assert applied == [Abandon()]
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (None, "abandoned")


def test_abandoned_means_every_seat_held_by_a_person_is_away() -> None:
    """At a table where only seat FH is a person (the other is the computer's), that person's
    window running out voids the match: every person is gone. Where both are people, one
    seat away is a technical loss."""
    state = run(start(PLAYED_OUT), Disconnect(FH), seconds=0)
    assert due_commands(state, at(60), people=frozenset({FH})) == [Abandon()]
    assert due_commands(state, at(60), people=frozenset({FH, DL})) == [TechnicalLoss(FH)]
    assert due_commands(state, at(59), people=frozenset({FH})) == []  # not yet run out


def test_the_other_seat_back_in_time_makes_it_a_technical_loss_again() -> None:
    state = run(start(PLAYED_OUT), Disconnect(FH), seconds=0)
    state = run(state, Disconnect(DL), seconds=10)
    state = run(state, Reconnect(DL), seconds=50)
    state, applied = apply_due(state, 60)
    assert applied == [TechnicalLoss(FH)]


# --- pause and stand-in -----------------------------------------------------------------------


def test_a_pause_runs_out_into_a_stand_in_that_plays_flagged_cards_until_ok() -> None:
    state = run(start(PLAYED_OUT), Pause(FH), seconds=0)
    assert view_for(state, DL)["presence"]["paused"][FH] == {
        "until": at(20).isoformat(),
        "stand_in": False,
    }
    assert stand_ins_to_play(state) == []
    assert refused_at(state, PlayCard(FH, card("ZU"), stand_in=True)) == "not_standing_in"
    state, applied = apply_due(state, 19)
    assert applied == []
    state, applied = apply_due(state, 20)
    assert applied == [BeginStandIn(FH)]
    assert stand_ins_to_play(state) == [FH]
    events = decide(state, PlayCard(FH, card("ZU"), stand_in=True), now=at(21))
    assert events[0] == CardPlayed(FH, card("ZU"), stand_in=True)
    state = replay(events, state)
    state = run(state, PlayCard(DL, card("MX")), seconds=22)  # seat 1 takes; seat 1 leads next
    assert stand_ins_to_play(state) == []  # not seat 0's turn
    state = run(state, Resume(FH), seconds=23)
    assert state.paused == (None, None)
    assert refused_at(state, Resume(FH)) == "not_paused"


def test_an_own_move_ends_the_pause_first() -> None:
    state = run(start(PLAYED_OUT), Pause(FH), seconds=0)
    events = decide(state, PlayCard(FH, card("ZU")), now=at(5))
    assert events[:2] == [PauseEnded(FH), CardPlayed(FH, card("ZU"))]
    # a refused move changes nothing: the pause goes on
    assert refused_at(state, PlayCard(FH, card("MA"))) == "card_not_in_hand"


def test_a_pause_once_per_deal_and_three_times_a_match() -> None:
    state = run(start(PLAYED_OUT), Pause(FH), seconds=0)
    assert refused_at(state, Pause(FH)) == "already_paused"
    state = run(state, Resume(FH), seconds=1)
    assert refused_at(state, Pause(FH)) == "pause_limit"
    assert view_for(state, FH)["presence"]["pauses_left"] == [0, 1]
    for number in range(2, PAUSES_PER_MATCH + 2):
        state = _next_deal(state)
        if number <= PAUSES_PER_MATCH:
            state = run(state, Pause(FH), seconds=number)
            state = run(state, Resume(FH), seconds=number)
        else:
            assert refused_at(state, Pause(FH)) == "pause_limit"
            assert view_for(state, FH)["presence"]["pauses_left"][FH] == 0


def _next_deal(state: MatchState) -> MatchState:
    """End the running deal by a surrender and deal the next one."""
    assert state.deal is not None
    state = run(state, Surrender(state.deal.turn, confirm=True))
    return deal(state, PLAYED_OUT)


# --- showing one's hand -----------------------------------------------------------------------


def test_a_shown_hand_is_in_the_opponents_view_for_ten_seconds() -> None:
    state = start(PLAYED_OUT)
    events = decide(state, ShowHand(FH), now=at(0))
    state = replay(events, state)
    (shown,) = view_for(state, DL)["deal"]["shown_hands"]
    assert (shown["seat"], set(shown["cards"]), shown["until"]) == (
        FH,
        hand(state, FH),
        at(10).isoformat(),
    )
    assert view_for(state, FH)["deal"]["shown_hands"] == []  # one's own hand is not "shown"
    assert "shown_hands" not in (view_for(state, None)["deal"] or {})  # spectators: nothing
    assert refused_at(state, ShowHand(FH)) == "already_shown"
    assert refused_at(state, HideHand(FH), seconds=9) == "not_due"
    # a card played while shown leaves the shown set; the rest stays visible
    state = run(state, PlayCard(FH, card("ZU")), seconds=3)
    assert "ZU" not in view_for(state, DL)["deal"]["shown_hands"][0]["cards"]
    state, applied = apply_due(state, 10)
    assert applied == [HideHand(FH)]
    assert view_for(state, DL)["deal"]["shown_hands"] == []
    # the event: the opponent's push (no current state) carries the cards, the feed after the
    # show does not; a spectator never gets them
    (shown_event,) = [e for e in events if isinstance(e, HandShown)]
    assert "cards" in redact_event(shown_event, seat=DL, variant=KLUB)
    assert "cards" not in redact_event(shown_event, seat=DL, variant=KLUB, current=state)
    assert "cards" not in redact_event(shown_event, seat=None, variant=KLUB)
    assert "cards" in redact_event(shown_event, seat=FH, variant=KLUB, current=state)


def test_a_new_deal_hides_a_shown_hand_and_needs_no_deadline() -> None:
    state = run(start(PLAYED_OUT), ShowHand(DL), seconds=0)
    state = _next_deal(state)
    assert state.shown == (None, None)
    assert due_commands(state, at(30)) == [] and next_deadline(state) is None


def test_the_end_of_the_match_stops_every_clock() -> None:
    state = run(start(PLAYED_OUT), Disconnect(DL), seconds=0)
    state = run(state, ShowHand(FH), seconds=1)
    state = run(state, Pause(FH), seconds=2)
    events = decide(state, Resign(FH), now=at(3))
    assert events[0] == PauseEnded(FH)  # resigning is an own move too
    state = replay(events, state)
    assert isinstance(state.result, MatchEnded)
    assert next_deadline(state) is None and due_commands(state, at(999)) == []
    assert state.away_until == (None, None) and state.shown == (None, None)


def test_presence_commands_need_the_clock() -> None:
    state = start(PLAYED_OUT)
    try:
        decide(state, Disconnect(FH))
    except ValueError as error:
        assert "clock" in str(error)
    else:
        raise AssertionError("a deadline without a clock was accepted")


def test_deadline_events_replay_to_the_same_state() -> None:
    state = start(PLAYED_OUT)
    log = []
    for command, seconds in [
        (Disconnect(DL), 0),
        (ShowHand(FH), 1),
        (Pause(FH), 2),
        (BeginStandIn(FH), 22),
        (HideHand(FH), 22),
    ]:
        new = decide(state, command, now=at(seconds))
        log += new
        state = replay(new, state)
    assert isinstance(log[0], PlayerDisconnected) and StandInStarted(FH) in log
    assert replay(log, start(PLAYED_OUT)) == state


# --- random matches with a clock ----------------------------------------------------------------


def _presence_move(state: MatchState, rng: random.Random) -> object | None:
    """A random presence command that the rules accept now, or None."""
    seat = rng.randrange(state.seats)
    options: list[object] = [
        Reconnect(seat) if state.away_until[seat] else Disconnect(seat),
        Resume(seat) if state.paused[seat] else Pause(seat),
        ShowHand(seat),
    ]
    command = rng.choice(options)
    try:
        decide(state, command, now=T0)  # type: ignore[arg-type]
    except RuleViolation:
        return None
    return command


@settings(max_examples=size(40, 150), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_random_matches_with_a_clock_keep_every_invariant(seed: int) -> None:
    """Disconnects, pauses, stand-ins and shown hands at random moments: cards are conserved,
    replay equals the live state, stand-in cards come only from a stand-in, applying the due
    deadlines leaves nothing due, and no seat sees a hidden card that was not shown to it."""
    rng = random.Random(seed)
    clock = 0.0
    log: list[Event] = []
    state = INITIAL

    def apply(events: list[Event]) -> None:
        nonlocal state
        for event in events:
            if isinstance(event, CardPlayed) and event.stand_in:
                paused = state.paused[event.seat]
                assert paused is not None and paused.stand_in
            state = evolve(state, event)
        log.extend(events)

    apply(decide(state, StartMatch("klub", first_dealer=rng.randrange(2))))
    while not state.finished:
        clock += rng.choice([0, 0, 1, 5, 15, 45])
        while commands := due_commands(state, at(clock)):
            apply(decide(state, commands[0], now=at(clock)))
        assert due_commands(state, at(clock)) == []
        if state.finished:
            break
        presence_move = _presence_move(state, rng) if rng.random() < 0.15 else None
        if presence_move is not None:
            command = presence_move
        elif seats := stand_ins_to_play(state):
            seat = seats[0]
            command = PlayCard(seat, random_play(state, rng).card, stand_in=True)
        else:
            command = random_action(state, rng)
        apply(decide(state, command, now=at(clock)))  # type: ignore[arg-type]
        deal_now = state.deal
        if deal_now is None or deal_now.over:
            continue
        assert_cards_conserved(deal_now)
        for seat in range(state.seats):
            shown_to_seat = {
                c for other, s in enumerate(state.shown) if s and other != seat for c in s.cards
            }
            public = {deal_now.trump_card} | shown_to_seat
            hidden = hidden_from(deal_now, seat, public) - set(deal_now.deck[10:11])
            assert_not_shown(view_for(state, seat), hidden)
            feed = [redact_event(e, seat=seat, variant=KLUB, current=state) for e in log[-3:]]
            assert_not_shown([f for f in feed if f["type"] == "hand_shown"], hidden)
    assert state.result is not None
    assert state.result.reason in ("points", "technical_loss", "abandoned")
    assert replay(log) == state
