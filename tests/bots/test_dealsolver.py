"""The full-deal solver (open talon, draws included): equal to plain minimax over ``BitGame``
on random worlds with a known talon order; and the expert's exhaustive strict-phase average."""

from __future__ import annotations

import random

import pytest

from apps.bots import expert
from apps.bots.actions import moves
from apps.bots.bitgame import BitGame, from_deal
from apps.bots.cardbits import CLOSE, EXCHANGE
from apps.bots.expert import strict_values
from apps.bots.heuristics import SURRENDER
from apps.bots.knowledge import Knowledge
from apps.bots.replies import RANDOM_LEAD
from apps.matches.engine import MatchState, decide, replay
from apps.matches.engine.variants.klub.commands import CloseTalon
from tests.bots.helpers import bot_view, minimax, modelled_values, new_deal, random_step
from tests.bots.reference_dealsolver import DealSolver, deal_values
from tests.bots.reference_solver import action_values, solve, solver_for


def open_world(rng: random.Random, open_tricks: int) -> BitGame:
    """A random open-talon position with ``open_tricks`` tricks left to draw after, reached
    by random cards and exchanges (no close); sometimes with a card already led."""
    while True:
        g = from_deal(new_deal(rng).deal)  # type: ignore[arg-type]
        while g.result is None and len(g.talon) > 2 * open_tricks - 1:
            options = [a for a in g.actions() if a < CLOSE]
            g.apply(rng.choice(options))
        if g.result is None and g.talon and g.led < 0 and rng.random() < 0.4:
            g.apply(rng.choice([a for a in g.actions() if a < EXCHANGE]))
        if g.result is None and g.talon and g.closed_by < 0:
            return g


def open_minimax(g: BitGame, seat: int) -> int:
    """Plain minimax through the open tricks, the (tested) strict solver from there on."""
    return minimax(g, seat, strict=solve)


def test_one_open_trick_equals_plain_minimax() -> None:
    rng = random.Random(21)
    kinds: set[int] = set()
    for _ in range(25):
        g = open_world(rng, 1)
        values = deal_values(g)
        assert sorted(values) == sorted(g.actions())
        for a, v in values.items():
            h = g.clone()
            h.apply(a)
            assert v == minimax(h, g.turn), (a, v)
            kinds.add(a if a >= EXCHANGE else 0)
    assert {0, EXCHANGE, CLOSE} <= kinds  # cards, the exchange and closing all compared


def test_two_open_tricks_equal_minimax_over_the_draws() -> None:
    rng = random.Random(22)
    for _ in range(8):
        g = open_world(rng, 2)
        for a, v in deal_values(g).items():
            h = g.clone()
            h.apply(a)
            assert v == open_minimax(h, g.turn), (a, v)


def test_close_lead_values_are_the_strict_values_after_closing() -> None:
    rng = random.Random(23)
    checked = 0
    while checked < 20:
        g = open_world(rng, rng.choice((1, 2, 3)))
        if g.led >= 0:
            continue
        closed = g.clone()
        closed.apply(CLOSE)
        assert DealSolver(g).close_lead_values() == action_values(closed)
        checked += 1


def early_position(rng: random.Random) -> MatchState:
    """A new deal after 0 to 3 random actions, none of them a close."""
    state = new_deal(rng)
    for _ in range(rng.randrange(4)):
        state = random_step(state, rng, close_rate=0.0)
    return state


def test_the_strict_phase_average_covers_every_possible_hand() -> None:
    """With time to spare, the expert averages over all the opponent's possible hands (its
    losses weighed), and one shared solver gives the same values as a fresh solver per hand."""
    rng = random.Random(24)
    checked = 0
    while checked < 4:
        state = early_position(rng)
        deal = state.deal
        assert deal is not None
        if deal.over or deal.table or deal.closed_by is not None:
            continue
        if not from_deal(deal).can_close():  # type: ignore[arg-type]
            continue
        state = replay(decide(state, CloseTalon(deal.turn)), state)
        k = Knowledge.read(bot_view(state, state.deal.turn))
        plays = sorted(action_values(k.world(k.opponent_hands()[0], [])))
        hands = k.opponent_hands()
        expected = dict.fromkeys(plays, 0.0)
        for hand in hands:
            world = k.world(hand, [])
            for a, v in action_values(world, solver_for(world)).items():
                expected[a] += expert.weigh(v) / len(hands)
        got = strict_values(k, plays, random.Random(1), deadline=float("inf"))
        assert got == {a: pytest.approx(v) for a, v in expected.items()}
        checked += 1


def test_the_root_value_is_the_best_action_value() -> None:
    rng = random.Random(25)
    for _ in range(15):
        g = open_world(rng, rng.choice((1, 2)))
        values = deal_values(g)
        assert DealSolver(g).value(g.turn) == max(values.values())
        assert DealSolver(g).value(1 - g.turn) == -max(values.values())


def test_the_expert_averages_exact_full_deal_values_over_its_worlds() -> None:
    """At an open talon the expert's value of an action is its mean value over the sampled
    worlds, each world searched with the opponent's replies in the modelled tricks as chance
    nodes and its next lead mixed with a random one (the C search, checked here against the
    plain expectimax helpers.modelled_values); closing is worth the best single lead's mean
    after it. Every value counts the expert's losses ``LOSS_WEIGHT`` times."""
    rng = random.Random(26)
    checked = 0
    while checked < 3:
        state = new_deal(rng)
        while state.deal is not None and not state.deal.over and len(state.deal.talon) > 3:
            state = random_step(state, rng, close_rate=0.0)
        deal = state.deal
        assert deal is not None
        if deal.over or deal.table or deal.closed_by is not None:
            continue
        view = bot_view(state, deal.turn)
        k = Knowledge.read(view)
        plays = [a for a in moves(view) if a != SURRENDER]
        if CLOSE not in plays:
            continue
        got = expert.open_values(
            k, plays, random.Random(7), deadline=float("inf"), worlds=12, racing=False
        )
        worlds_rng = random.Random(7)
        worlds = [k.sample_world(worlds_rng) for _ in range(12)]
        solvers = [DealSolver(w) for w in worlds]
        modelled = [
            modelled_values(
                w,
                k.opp,
                expert.MODELLED_TRICKS,
                expert.MODELLED_LEAD_TRICKS,
                RANDOM_LEAD,
                loss_weight=expert.LOSS_WEIGHT,
            )
            for w in worlds
        ]
        for a in plays:
            if a != CLOSE:
                assert got[a] == pytest.approx(sum(m[a] for m in modelled) / 12), a
        leads = [s.close_lead_values() for s in solvers]
        best_lead = max(sum(expert.weigh(values[c]) for values in leads) / 12 for c in leads[0])
        assert got[CLOSE] == pytest.approx(best_lead)
        checked += 1


def test_losses_weigh_more_than_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the same worlds, weighing the expert's losses never raises an action's value
    (every search is monotone in its leaves) and lowers the value of the actions that can
    lose; with a weight of 1 the values are plain game points."""
    rng = random.Random(27)
    checked = lowered = 0
    while checked < 4:
        state = early_position(rng)
        deal = state.deal
        assert deal is not None
        if deal.over or deal.closed_by is not None or len(deal.talon) < 3:
            continue
        view = bot_view(state, deal.turn)
        k = Knowledge.read(view)
        plays = [a for a in moves(view) if a != SURRENDER]

        by_weight = {}
        for weight in (3.0, 1.0):
            monkeypatch.setattr(expert, "LOSS_WEIGHT", weight)
            by_weight[weight] = expert.open_values(
                k, plays, random.Random(5), float("inf"), 6, racing=False
            )
        weighed, plain = by_weight[3.0], by_weight[1.0]
        worlds_rng = random.Random(5)
        worlds = [k.sample_world(worlds_rng) for _ in range(6)]
        plays_no_close = [a for a in plays if a != CLOSE]
        models = [
            modelled_values(
                w, k.opp, expert.MODELLED_TRICKS, expert.MODELLED_LEAD_TRICKS, RANDOM_LEAD
            )
            for w in worlds
        ]
        for a in plays_no_close:
            assert plain[a] == pytest.approx(sum(m[a] for m in models) / 6)
        assert all(weighed[a] <= plain[a] + 1e-9 for a in plays)
        lowered += sum(weighed[a] < plain[a] - 1e-9 for a in plays)
        checked += 1
    assert lowered >= 4
