"""What a seat sees of a sixty-six deal (rules §6 and docs/rules.md): the bonus the deal
carries, its own card points, the declare action exactly when allowed, the revealed
declaration and bonus, the public history with six drawing tricks, 6-card hands in the
redacted deal start; and every view, history and event of random matches holds to the
declared shapes (the OpenAPI union gains the variant's)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from apps.matches.engine import (
    VARIANTS,
    CloseTalon,
    DealCards,
    MatchState,
    Resign,
    Surrender,
    decide,
    evolve,
    history_for,
    redact_event,
    view_for,
)
from apps.matches.engine.events import DealEnded
from apps.matches.engine.variants.klub.events import MarriageAnnounced
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount

from .builders_sixty_six import (
    SALT,
    SIX_TRICKS,
    SIX_TRICKS_DECK,
    apply,
    deal,
    new_match,
    p,
    start,
)
from .test_shapes import errors
from .test_sixty_six_declare import DECK_60, TO_60
from .test_sixty_six_scoring_table import choose, new_facts, observe

SIXTY_SIX = VARIANTS["sixty-six"]


def test_the_deal_view_carries_the_bonus_and_the_seats_card_points() -> None:
    state, _ = apply(start(DECK_60), *TO_60, p(0, "MK"))  # seat 0: 60 + the 40 it announced
    mine = view_for(state, 0)["deal"]
    assert (mine["points"], mine["card_points"], mine["bonus"]) == (100, 60, 0)
    theirs = view_for(state, 1)["deal"]
    assert (theirs["points"], theirs["card_points"]) == (2, 2)
    spectator = view_for(state, None)["deal"]
    assert "card_points" not in spectator and "points" not in spectator
    assert spectator["bonus"] == 0


def test_the_declare_action_is_listed_exactly_when_allowed() -> None:
    state = start(DECK_60)
    assert {"type": "declare_enough"} in view_for(state, 0)["legal_actions"]
    assert {"type": "declare_enough"} not in view_for(state, 1)["legal_actions"]
    assert view_for(state, 0)["legal_actions"][0] == {"type": "declare_enough"}


def test_the_revealed_deal_tells_the_declaration_and_its_outcome() -> None:
    state, _ = apply(start(SIX_TRICKS_DECK), *SIX_TRICKS, DeclareEnough(0))
    revealed = view_for(state, 1)["deal"]["revealed"]
    assert revealed["result"] == {"winner": 0, "game_points": 3, "reason": "declared"}
    assert revealed["declared"] == {"seat": 0, "points": 69, "tricks": 6, "right": True}
    assert revealed["card_points"] == [69, 0]
    assert (revealed["bonus_won"], revealed["bonus_carried"]) == (0, 0)
    assert view_for(state, 0)["status"] == "awaiting_deal"


def test_a_wrong_declaration_is_revealed_as_such() -> None:
    state, _ = apply(start(DECK_60), *TO_60[:4], DeclareEnough(0))
    revealed = view_for(state, 0)["deal"]["revealed"]
    assert revealed["declared"] == {"seat": 0, "points": 11, "tricks": 1, "right": False}
    assert revealed["result"]["reason"] == "wrong_declaration"


def test_the_history_has_six_drawing_tricks_and_the_exchange_of_the_nine() -> None:
    state, _ = apply(start(SIX_TRICKS_DECK), *SIX_TRICKS)
    history = history_for(state, 0)
    assert history is not None
    assert history["trump_card_dealt"] == "MU"
    assert history["trump_card_taken_by"] == 1  # the loser of the sixth trick
    assert [t["strict"] for t in history["tricks"]] == [False] * 6
    state, _ = apply(state, p(0, "PK"), p(1, "PO"))
    history = history_for(state, 0)
    assert history is not None and history["tricks"][6]["strict"] is True


def test_the_deal_start_shows_a_seat_its_six_cards_only() -> None:
    state = new_match()
    (started,) = decide(state, DealCards(SIX_TRICKS_DECK, SALT))
    mine = redact_event(started, seat=0, variant=SIXTY_SIX)
    assert mine["hand"] == ["PX", "PA", "TX", "TA", "ZX", "ZA"]
    assert mine["trump_card"] == "MU" and "deck" not in mine
    assert "hand" not in redact_event(started, seat=None, variant=SIXTY_SIX)


def test_a_marriage_lead_shows_in_the_history() -> None:
    state, events = apply(start(DECK_60), *TO_60, p(0, "MK"))
    assert isinstance(events[-2], MarriageAnnounced)
    history = history_for(state, 1)
    assert history is not None
    assert history["marriages"] == [{"seat": 0, "suit": "M", "points": 40, "trick": 6}]


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_views_histories_and_events_of_random_deals_hold_to_the_declared_shapes(
    seed: int,
) -> None:
    rng = random.Random(seed)
    state = new_match()
    facts = None
    failures: list[str] = []
    while not state.finished and state.deals_played < 3:
        if state.awaiting_deal:
            deck = list(SIXTY_SIX.deck)
            rng.shuffle(deck)
            command = DealCards(tuple(deck), SALT)
        else:
            assert facts is not None
            command = choose(facts, state, rng)
        events = decide(state, command)
        for event in events:
            state = evolve(state, event)
        if events[0].type == "deal_started":
            facts = new_facts(events[0], 0)  # type: ignore[arg-type]
        elif facts is not None:
            observe(facts, events)
        failures += errors("view", view_for(state, 0, online=True))
        history = history_for(state, 0)
        if history is not None:
            failures += errors("history", history)
        for event in events:
            for seat in (0, None):
                shown = redact_event(event, seat=seat, variant=SIXTY_SIX, current=state)
                failures += errors("event", shown)
    assert not failures, failures[:5]


def _endings() -> dict[str, MatchState]:
    """A finished deal for every way a sixty-six deal ends, and a deal carrying a bonus."""
    from . import test_sixty_six_scoring as s  # noqa: PLC0415

    played = {
        "declared": (s.SIX_TRICKS_DECK, *SIX_TRICKS, DeclareEnough(0)),
        "wrong_declaration": (DECK_60, *TO_60[:4], DeclareEnough(0)),
        "close_succeeded": (s.CLOSED_AT_ONCE, CloseTalon(0), *s.SIX_CLOSED[:10], DeclareEnough(0)),
        "close_failed": (s.LAST_TO_THE_OPPONENT, *s.LAST_TO_THE_OPPONENT_PLAY, LetCount(1)),
        "count": (s.SIXTY_TWO.deck, *s.SIXTY_TWO.plays(), LetCount(0)),
        "draw": (s.SIXTY_ALL.deck, *s.SIXTY_ALL.plays(), LetCount(1)),
        "surrendered": (DECK_60, Surrender(1, confirm=True)),
    }
    found = {}
    for reason, (d, *commands) in played.items():
        state, events = apply(start(d), *commands)
        assert [e.reason for e in events if isinstance(e, DealEnded)] == [reason]
        found[reason] = state
    found["resigned"], _ = apply(start(DECK_60), Resign(0))
    found["a bonus at stake"] = deal(found["draw"], DECK_60)
    return found


def test_every_way_a_deal_ends_shows_as_declared() -> None:
    failures = []
    for name, state in _endings().items():
        for seat in (0, 1):
            failures += [f"{name}: {e}" for e in errors("view", view_for(state, seat))]
    assert not failures, failures[:5]
