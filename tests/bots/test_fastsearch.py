"""The C search (``apps.bots._search`` through ``fastsearch``) against the Python solvers it
replaces: the same value for every action of random open-talon worlds (from the first trick
down to the last open trick), of random strict positions (talon exhausted, or closed by
either seat, failed closes included) and of the leads after closing; and bad input refused
with an exception rather than a crash or a made-up value."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.bots import _search, fastsearch
from apps.bots.bitgame import BitGame, from_deal
from apps.bots.cardbits import CLOSE, EXCHANGE, INDEX, JACK, NCARDS, mask, partner
from tests.bots.helpers import endgame, new_deal, play_randomly, strict_position
from tests.bots.reference_dealsolver import DealSolver
from tests.bots.reference_solver import action_values, solve
from tests.sizes import size


def has_marriage(hand: int) -> bool:
    return any(hand >> c & 1 and hand >> partner(c) & 1 for c in range(NCARDS) if partner(c) >= 0)


def open_world(rng: random.Random, open_tricks: int) -> BitGame:
    """A random open-talon position with ``open_tricks`` tricks left to draw after (5: the
    first trick), sometimes with a card led."""
    while True:
        g = from_deal(new_deal(rng).deal)  # type: ignore[arg-type]
        while g.result is None and len(g.talon) > 2 * open_tricks - 1:
            play_randomly(g, rng)
        if g.result is None and g.talon and g.led < 0 and rng.random() < 0.4:
            g.apply(rng.choice([a for a in g.actions() if a < EXCHANGE]))
        if g.result is None and g.talon and g.closed_by < 0:
            return g


def check_open(g: BitGame) -> None:
    """Every fast open-talon value against ``DealSolver``."""
    fast = fastsearch.FastDealSolver(g)
    expected = DealSolver(g).action_values()
    assert fast.action_values() == expected
    assert fastsearch.deal_values(g) == expected
    best = max(expected.values())
    assert fast.value(g.turn) == best == DealSolver(g).value(g.turn)
    assert fast.value(1 - g.turn) == -best
    if g.led < 0:
        assert fast.close_lead_values() == DealSolver(g).close_lead_values()


def test_open_worlds_equal_the_deal_solver() -> None:
    """The last three open tricks (Python is fast there): 120, 80 and 20 worlds (nightly)."""
    rng = random.Random(100)
    seen = {"led": 0, "exchange": 0, "marriage": 0, "near_66": 0}
    for open_tricks, worlds in ((1, size(40, 120)), (2, size(25, 80)), (3, size(6, 20))):
        for _ in range(worlds):
            g = open_world(rng, open_tricks)
            check_open(g)
            seen["led"] += g.led >= 0
            seen["exchange"] += EXCHANGE in g.actions()
            seen["marriage"] += g.led < 0 and has_marriage(g.hands[g.turn])
            seen["near_66"] += max(g.pts) >= 50
    assert min(seen.values()) >= 5, seen  # every kind of position compared


def test_the_first_trick_equals_the_deal_solver() -> None:
    """A few whole deals from the first trick (0.1-0.5 s each in Python)."""
    rng = random.Random(1)
    for _ in range(size(2, 5)):
        g = from_deal(new_deal(rng).deal)  # type: ignore[arg-type]
        assert len(g.talon) == 9
        assert fastsearch.deal_values(g) == DealSolver(g).action_values()


def test_the_first_trick_with_a_card_led_and_an_exchange() -> None:
    rng = random.Random(8)
    g = open_world(rng, 5)
    while g.led < 0:
        g = open_world(rng, 5)
    assert fastsearch.deal_values(g) == DealSolver(g).action_values()
    # the trump jack in the leader's hand at the first trick: the exchange is an action
    while True:
        g = from_deal(new_deal(rng).deal)  # type: ignore[arg-type]
        if g.hands[g.turn] >> (g.trump * 6 + JACK) & 1:
            break
    values = fastsearch.deal_values(g)
    assert EXCHANGE in values
    assert values == DealSolver(g).action_values()


def test_open_values_of_chosen_actions() -> None:
    rng = random.Random(9)
    for _ in range(20):
        g = open_world(rng, 2)
        actions = rng.sample(g.actions(), rng.randrange(1, len(g.actions()) + 1))
        expected = DealSolver(g).action_values(actions)
        assert fastsearch.FastDealSolver(g).action_values(actions) == expected


def test_strict_positions_equal_the_endgame_solver() -> None:
    rng = random.Random(12)
    closers = {-1: 0, 0: 0, 1: 0}
    failed = 0
    for _ in range(1500):
        g = strict_position(rng)
        expected = action_values(g)
        assert fastsearch.action_values(g) == expected
        for seat in (0, 1):
            assert fastsearch.solve(g, seat) == solve(g, seat)
        closers[g.closed_by] += 1
        if g.closed_by >= 0 and solve(g, g.closed_by) < 0:
            failed += 1
    assert min(closers.values()) > 100, closers
    assert failed > 50  # failed closes scored too


@settings(max_examples=size(30, 60), deadline=None, derandomize=True)
@given(st.integers(0, 2**32 - 1))
def test_random_strict_and_late_open_positions(seed: int) -> None:
    rng = random.Random(seed)
    g = strict_position(rng)
    assert fastsearch.action_values(g) == action_values(g)
    check_open(open_world(rng, rng.choice((1, 2))))


def test_hand_checked_endgames() -> None:
    g = endgame("MA PU", "MX PA", pts=[55, 28], tricks=[3, 2])
    assert fastsearch.action_values(g) == {INDEX["PU"]: 1, INDEX["MA"]: 2}
    g = endgame("PU", "PA", pts=[40, 0], tricks=[4, 0], closed_by=0, closed_at=((30, 3), (0, 0)))
    assert fastsearch.solve(g, 0) == -3
    assert fastsearch.solve(g, 1) == 3
    g = endgame("MK MO PU", "PA PX TU", pts=[30, 50], tricks=[1, 2])
    values = fastsearch.action_values(g)
    assert values[INDEX["MK"]] == values[INDEX["MO"]] == 1
    assert values == action_values(g)


# -- bad input --------------------------------------------------------------------------------

# a valid open world: seat 0 to lead, trump P (PU under the talon)
H0 = mask(["TU", "TO", "TK", "TX", "TA"])  # T suit
H1 = mask(["ZU", "ZO", "ZK", "ZX", "ZA"])  # Z suit
TALON = tuple(INDEX[c] for c in ("MU", "MO", "MK", "MX", "MA", "PO", "PK", "PX", "PA"))
PU, TU, TO, TA, ZU, MU = (INDEX[c] for c in ("PU", "TU", "TO", "TA", "ZU", "MU"))
OPEN = (H0, H1, TALON, PU, -1, 0, 0, 0, 0, 0)
STRICT = (H0, H1, 0, -1, None, -1, 0, 0, 0, 0, 0)
NO_SUCH_ACTION = 99


def test_valid_input_is_accepted() -> None:
    assert len(_search.open_values(*OPEN, [TU, CLOSE])) == 2
    assert _search.open_value(*OPEN) in {-3, -2, -1, 1, 2, 3}
    assert len(_search.strict_values(*STRICT, [TU, TA])) == 2
    assert _search.strict_value(H0, H1, 0, 1, ((0, 0), (0, 0)), -1, 0, 0, 0, 0, 0) in {2, 3}
    assert len(_search.close_lead_values(H0, H1, 0, 0, 0, 0, 0, 0, [TU])) == 1
    assert _search.nodes() >= 0


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((H0, H0, TALON, PU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # overlapping hands
        ((H0 | 1 << MU, H1, TALON, PU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # hand and talon
        ((H0, H1, TALON, TU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # trump card in a hand
        ((H0, H1, (*TALON[:-1], NCARDS), PU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # no card
        ((H0, H1, (*TALON[:-1], -1), PU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),
        ((H0, H1, TALON[:-1], PU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # even talon
        ((H0, H1, (), PU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # no talon
        ((H0, H1, TALON, PU, -1, 0, 0, 0, 0, 0, [ZU]), ValueError),  # not in the hand
        ((H0, H1, TALON, PU, -1, 0, 0, 0, 0, 0, [EXCHANGE]), ValueError),  # no jack
        ((H0, H1, TALON, PU, -1, 0, 0, 0, 0, 0, [NO_SUCH_ACTION]), ValueError),
        ((H0, H1, TALON, PU, TU, 1, 0, 0, 0, 0, [ZU]), ValueError),  # led card in a hand
        ((H0 & ~(1 << TU), H1, TALON, PU, -1, 0, 0, 0, 0, 0, [TO]), ValueError),  # sizes
        ((0, 0, TALON, PU, -1, 0, 0, 0, 0, 0, []), ValueError),  # empty hands
        ((H0, H1, TALON, PU, -1, 2, 0, 0, 0, 0, [TU]), ValueError),  # turn
        ((H0, H1, TALON, PU, -1, 0, -5, 0, 0, 0, [TU]), ValueError),  # points
        ((1 << 40, H1, TALON, PU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),
        ((2**100, H1, TALON, PU, -1, 0, 0, 0, 0, 0, [TU]), ValueError),
        (("x", H1, TALON, PU, -1, 0, 0, 0, 0, 0, [TU]), TypeError),
        ((1.5, H1, TALON, PU, -1, 0, 0, 0, 0, 0, [TU]), TypeError),
        ((H0, H1, 15, PU, -1, 0, 0, 0, 0, 0, [TU]), TypeError),  # talon not a sequence
        ((H0, H1, "abc", PU, -1, 0, 0, 0, 0, 0, [TU]), TypeError),
        ((H0, H1, TALON, PU, -1, 0, 0, 0, 0, 0, None), TypeError),
        ((H0, H1, TALON, PU, -1, 0, 0, 0, 0, 0, ["5"]), TypeError),
        ((H0, H1, TALON, PU, -1, 0, 0, 0, 0, 0), TypeError),  # too few arguments
    ],
)
def test_bad_open_input_raises(args: tuple, error: type[Exception]) -> None:
    with pytest.raises(error):
        _search.open_values(*args)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((H0, H1, 4, -1, None, -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # trump 4
        ((H0, H1, 0, 2, ((0, 0), (0, 0)), -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # closer 2
        ((H0, H1, 0, 0, None, -1, 0, 0, 0, 0, 0, [TU]), TypeError),  # closed_at missing
        ((H0, H1, 0, 0, ((0, 0),), -1, 0, 0, 0, 0, 0, [TU]), ValueError),
        ((H0, H1, 0, 0, ((0, 0), (0,)), -1, 0, 0, 0, 0, 0, [TU]), ValueError),
        ((H0, H1, 0, 0, ((0, 0), 7), -1, 0, 0, 0, 0, 0, [TU]), TypeError),
        ((H0, H1, 0, -1, ((0, 0), (0, 0)), -1, 0, 0, 0, 0, 0, [TU]), ValueError),
        ((H0, H1, 0, -1, None, -1, 0, 0, 0, 0, 0, [CLOSE]), ValueError),  # strict: no close
        ((H0, H1, 0, -1, None, -1, 0, 0, 0, 0, 0, [NO_SUCH_ACTION]), ValueError),
        ((H0, H1, 0, -1, None, ZU, 0, 0, 0, 0, 0, [TU]), ValueError),  # led card in a hand
        ((H0, H1 | 1 << TU, 0, -1, None, -1, 0, 0, 0, 0, 0, [TU]), ValueError),  # overlap
    ],
)
def test_bad_strict_input_raises(args: tuple, error: type[Exception]) -> None:
    with pytest.raises(error):
        _search.strict_values(*args)


def test_strict_follow_rules_are_checked() -> None:
    # seat 1 led TU; seat 0 holds TO, TA and PU: must beat with TO or TA, not trump
    h0 = mask(["TO", "TA", "PU"])
    h1 = mask(["ZU", "ZO"])
    args = (h0, h1, 0, -1, None, INDEX["TU"], 0, 0, 0, 1, 1)
    assert len(_search.strict_values(*args, [INDEX["TO"], INDEX["TA"]])) == 2
    with pytest.raises(ValueError):
        _search.strict_values(*args, [INDEX["PU"]])
