"""The C search against a blind opponent (``FastDealSolver.model_values``) against a plain
expectimax over ``BitGame``: the follows of the blind seat in the first open tricks are chance
nodes weighted by ``replies.reply_weights``, its leads a mix of a random card and its best
lead, every other move a choice, and the exact search decides the rest. Also: with no
modelled trick it is the exact search, with one it is the expert's earlier lead valuation
(the expected exact value over the modelled replies), a more random leader is never
worth less to the other seat, and weighing the searching seat's losses is the same
expectimax over weighed leaves."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from apps.bots import _search, fastsearch
from apps.bots.cardbits import EXCHANGE
from apps.bots.replies import reply_weights
from tests.bots.helpers import modelled_values
from tests.bots.test_fastsearch import open_world


def assert_close(got: dict[int, float], want: dict[int, float]) -> None:
    assert got.keys() == want.keys()
    for a, value in want.items():
        assert got[a] == pytest.approx(value, abs=1e-9), (a, got, want)


@pytest.mark.parametrize(("open_tricks", "tricks", "worlds"), [(1, 1, 40), (2, 2, 40), (3, 2, 8)])
def test_equals_plain_expectimax(open_tricks: int, tricks: int, worlds: int) -> None:
    rng = random.Random(open_tricks * 10 + tricks)
    chance_nodes = 0
    for _ in range(worlds):
        g = open_world(rng, open_tricks)
        for blind in (0, 1):
            got = fastsearch.FastDealSolver(g).model_values(blind=blind, tricks=tricks)
            assert_close(got, modelled_values(g, blind, tricks))
        chance_nodes += g.led >= 0
    assert chance_nodes >= 2  # roots where a card is led, for either follower


@pytest.mark.parametrize(
    ("open_tricks", "model", "worlds"),
    [  # model: tricks, lead_tricks, random_lead, loss_weight
        (2, (1, 2, 0.5, 1), 30),
        (2, (0, 2, 1.0, 1), 30),
        (3, (1, 2, 0.3, 1), 8),
        (3, (2, 3, 0.5, 1), 6),
        (2, (1, 2, 0.5, 3), 30),
        (3, (2, 2, 0.5, 3), 6),
    ],
)
def test_mixed_leads_equal_plain_expectimax(
    open_tricks: int, model: tuple[int, int, float, float], worlds: int
) -> None:
    """Also with the searching seat's losses weighed: the expectations, the chance nodes'
    bounds and the exact search's window mapped back stay the expectimax over weighed leaves."""
    tricks, lead_tricks, random_lead, loss_weight = model
    rng = random.Random(open_tricks * 100 + tricks * 10 + lead_tricks + loss_weight)
    changed = 0
    for _ in range(worlds):
        g = open_world(rng, open_tricks)
        for blind in (0, 1):
            fast = fastsearch.FastDealSolver(g)
            mixed = {"lead_tricks": lead_tricks, "random_lead": random_lead}
            got = fast.model_values(blind=blind, tricks=tricks, loss_weight=loss_weight, **mixed)
            want = modelled_values(g, blind, tricks, **mixed, loss_weight=loss_weight)
            assert_close(got, want)
            best_leads = fast.model_values(blind=blind, tricks=tricks, loss_weight=loss_weight)
            changed += any(abs(got[a] - best_leads[a]) > 1e-9 for a in got)
    assert changed >= worlds // 3  # the mixed leads are reached, and matter


def test_a_more_random_leader_is_worth_more_to_the_other_seat() -> None:
    """A random lead can only be worse for the blind seat than its best one, so no action of
    the other seat loses value as ``random_lead`` grows, and with it 0 the leads are the
    exact search's."""
    rng = random.Random(8)
    gained = 0
    for _ in range(20):
        g = open_world(rng, 4)
        fast = fastsearch.FastDealSolver(g)
        by_share = [
            fast.model_values(blind=1 - g.turn, tricks=1, lead_tricks=2, random_lead=share)
            for share in (0.0, 0.5, 1.0)
        ]
        assert by_share[0] == fast.model_values(blind=1 - g.turn, tricks=1)
        for lower, higher in pairwise(by_share):
            assert all(higher[a] >= lower[a] - 1e-9 for a in lower)
        gained += any(by_share[1][a] > by_share[0][a] + 1e-9 for a in by_share[0])
    assert gained >= 5


def test_weighed_losses_without_modelled_tricks_are_the_exact_values_weighed() -> None:
    """Minimax commutes with a monotone map of its leaves: with no chance node the weighed
    value of each action is its exact value with the searching seat's losses multiplied by
    the weight (for the player on turn when it searches, its gains when the other seat does)."""
    rng = random.Random(9)
    losses = 0
    for _ in range(15):
        g = open_world(rng, rng.choice((1, 3, 5)))
        fast = fastsearch.FastDealSolver(g)
        exact = fast.action_values()
        weighed = fast.model_values(blind=1 - g.turn, tricks=0, loss_weight=2.5)
        assert weighed == {a: float(v if v >= 0 else 2.5 * v) for a, v in exact.items()}
        as_blind = fast.model_values(blind=g.turn, tricks=0, loss_weight=2.5)
        assert as_blind == {a: float(v if v <= 0 else 2.5 * v) for a, v in exact.items()}
        losses += any(v < 0 for v in exact.values())
    assert losses >= 3


def test_without_modelled_tricks_it_is_the_exact_search() -> None:
    rng = random.Random(3)
    for open_tricks in (1, 3, 5):
        for _ in range(10):
            g = open_world(rng, open_tricks)
            fast = fastsearch.FastDealSolver(g)
            got = fast.model_values(blind=1 - g.turn, tricks=0)
            assert got == {a: float(v) for a, v in fast.action_values().items()}


def test_one_modelled_trick_values_a_lead_by_the_modelled_replies() -> None:
    """From the first trick: a lead is worth the expected exact value over the replies."""
    rng = random.Random(4)
    for _ in range(10):
        g = open_world(rng, 5)
        if g.led >= 0:
            continue
        leads = [a for a in g.actions() if a < EXCHANGE]
        got = fastsearch.FastDealSolver(g).model_values(leads, blind=1 - g.turn, tricks=1)
        for lead in leads:
            n = g.clone()
            n.apply(lead)
            if n.result is not None:
                want = float(n.value(g.turn))
            else:
                replies = fastsearch.FastDealSolver(n).action_values()
                want = -sum(p * replies[r] for r, p in reply_weights(n).items())
            assert got[lead] == pytest.approx(want, abs=1e-9)


def test_a_blind_follower_is_worth_more_to_the_leader_than_a_clairvoyant_one() -> None:
    """Chance replies can only be worse for the follower than its best reply, so no action
    of the leader is worth less against the model; some are worth more."""
    rng = random.Random(5)
    gained = 0
    for _ in range(20):
        g = open_world(rng, 4)
        fast = fastsearch.FastDealSolver(g)
        exact = fast.action_values()
        modelled = fast.model_values(blind=1 - g.turn, tricks=4)
        assert all(modelled[a] >= exact[a] - 1e-9 for a in exact)
        gained += any(modelled[a] > exact[a] + 1e-9 for a in exact)
    assert gained >= 5


def test_bad_model_arguments_are_refused() -> None:
    g = open_world(random.Random(6), 3)
    h0, h1 = g.hands
    base = (h0, h1, tuple(g.talon), g.trump_card, g.led, g.turn, *g.pts, *g.tricks, g.actions())
    with pytest.raises(ValueError, match="blind"):
        _search.model_values(*base, 2, 1, 0.6, 4, 8, 2, 0.5, 1)
    with pytest.raises(ValueError, match="tricks"):
        _search.model_values(*base, 0, 6, 0.6, 4, 8, 2, 0.5, 1)
    with pytest.raises(ValueError, match="beta"):
        _search.model_values(*base, 0, 1, float("nan"), 4, 8, 2, 0.5, 1)
    with pytest.raises(TypeError, match="trump_cost"):
        _search.model_values(*base, 0, 1, 0.6, "4", 8, 2, 0.5, 1)
    with pytest.raises(ValueError, match="lead_tricks"):
        _search.model_values(*base, 0, 1, 0.6, 4, 8, 6, 0.5, 1)
    for share in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="random_lead"):
            _search.model_values(*base, 0, 1, 0.6, 4, 8, 2, share, 1)
    for weight in (0.5, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="loss_weight"):
            _search.model_values(*base, 0, 1, 0.6, 4, 8, 2, 0.5, weight)
    with pytest.raises(TypeError, match="19 arguments"):
        _search.model_values(*base, 0, 1, 0.6, 4, 8, 2, 0.5)


def test_a_very_sharp_model_still_gives_finite_values() -> None:
    """Replies whose weight underflows to zero are never played, not divided by."""
    g = open_world(random.Random(7), 4)
    h0, h1 = g.hands
    base = (h0, h1, tuple(g.talon), g.trump_card, g.led, g.turn, *g.pts, *g.tricks, g.actions())
    values = _search.model_values(*base, 1 - g.turn, 4, 1e9, 4, 8, 0, 0.0, 1)
    assert all(-3 <= v <= 3 for v in values)
