"""The bitmask model of a sixty-six deal (``apps.bots.bitgame66``) against the engine, move by
move.

Random deals with random exchanges of the trump nine, closes, plays, declarations (right and
wrong, on one's turn and right after leading a marriage card), surrenders and, after the last
trick, the winner's word: after every action both must list the same legal actions (for the
seat on turn, and the declaration of the other seat), hold the same hands, scores, card points,
tricks and talon, and end the deal the same way (winner and game points, the bonus included).
The ``auto`` model, where every seat declares as soon as it is right and never wrongly, is held
to the engine played that way.
"""

from __future__ import annotations

import random

import pytest

from apps.bots.bitgame66 import COUNT, DECLARE, BitGame66, from_deal66
from apps.bots.cardbits import CLOSE, EXCHANGE
from apps.matches.engine import (
    MatchState,
    Surrender,
    decide,
    replay,
)
from apps.matches.engine.state import copy_with
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount
from tests.bots.helpers import engine_actions, engine_command, new_deal, same_deal

VARIANT = "sixty-six"


def with_bonus(state: MatchState, bonus: int) -> MatchState:
    """The deal as if ``bonus`` draws came before it."""
    return copy_with(state, deal=copy_with(state.deal, bonus=bonus))


def step(g: BitGame66, rng: random.Random) -> tuple[int, int | str]:
    """A random move: (seat, action), or (seat, "surrender")."""
    turn = g.turn
    other = 1 - turn
    actions = g.actions()
    if g.all_played:
        return turn, rng.choice(actions)
    if g.may_declare(other) and rng.random() < 0.3:
        return other, DECLARE  # right after leading a marriage card
    roll = rng.random()
    if roll < 0.005:
        return rng.randrange(2), "surrender"
    if roll < 0.02 or (g.right(turn) and roll < 0.3):
        return turn, DECLARE
    others = [a for a in actions if a in (EXCHANGE, CLOSE)]
    if others and roll < 0.2:
        return turn, rng.choice(others)
    return turn, rng.choice([a for a in actions if a < EXCHANGE])


@pytest.mark.parametrize("seed", range(6))
def test_bitgame66_follows_the_engine_on_random_deals(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        state = with_bonus(new_deal(rng, VARIANT), rng.choice((0, 0, 1, 2)))
        g = from_deal66(state.deal)  # type: ignore[arg-type]
        while not state.deal.over:  # type: ignore[union-attr]
            turn = g.turn
            assert set(g.actions()) == engine_actions(state, turn)
            assert g.may_declare(1 - turn) == (DECLARE in engine_actions(state, 1 - turn))
            same_deal(g, state)
            seat, action = step(g, rng)
            if action == "surrender":
                state = replay(decide(state, Surrender(seat, confirm=True)), state)
                g.surrender(seat)
            elif seat != turn:
                state = replay(decide(state, DeclareEnough(seat)), state)
                g.declare(seat)
            else:
                state = replay(decide(state, engine_command(action, seat)), state)  # type: ignore[arg-type]
                g.apply(action)  # type: ignore[arg-type]
        same_deal(g, state)


def declare_as_auto(state: MatchState) -> MatchState:
    """The engine played as ``auto`` plays: a seat declares as soon as it is right (the leader
    right after its marriage lead first, else the seat on turn), and after the last trick its
    winner declares if right, else lets the count decide."""
    while not state.deal.over:  # type: ignore[union-attr]
        g = from_deal66(state.deal)  # type: ignore[arg-type]
        if g.led >= 0 and g.marriage_led() and g.right(g.leader):
            seat = g.leader
        elif g.right(g.turn):
            seat = g.turn
        elif g.all_played:
            state = replay(decide(state, LetCount(g.turn)), state)
            continue
        else:
            return state
        state = replay(decide(state, DeclareEnough(seat)), state)
    return state


@pytest.mark.parametrize("seed", range(3))
def test_auto_declares_as_soon_as_right_and_never_wrongly(seed: int) -> None:
    rng = random.Random(100 + seed)
    reasons: set[str] = set()
    for _ in range(200):
        state = with_bonus(new_deal(rng, VARIANT), rng.choice((0, 1)))
        g = from_deal66(state.deal, auto=True)  # type: ignore[arg-type]
        while g.result is None:
            same_deal(g, state)
            assert DECLARE not in g.actions() and COUNT not in g.actions()
            actions = g.actions()
            others = [a for a in actions if a in (EXCHANGE, CLOSE)]
            cards = [a for a in actions if a < EXCHANGE]
            action = rng.choice(others) if others and rng.random() < 0.15 else rng.choice(cards)
            state = replay(decide(state, engine_command(action, g.turn)), state)
            state = declare_as_auto(state)
            g.apply(action)
        same_deal(g, state)
        result = state.deal.result  # type: ignore[union-attr]
        assert result.reason != "wrong_declaration"
        reasons.add(result.reason)
    assert {"declared", "count", "close_succeeded", "close_failed"} <= reasons


def test_clone_is_independent() -> None:
    state = new_deal(random.Random(1), VARIANT)
    g = from_deal66(state.deal)  # type: ignore[arg-type]
    h = g.clone()
    assert isinstance(h, BitGame66)
    h.apply(h.actions()[0])
    assert g.hands != h.hands or g.led != h.led
    assert g.cp == [0, 0] and g.auto is False and h.auto is False


def test_the_count_after_the_last_trick_and_the_draw() -> None:
    """Cards only, no declaration before the last trick: the card points decide (60:60 a
    draw, no winner, no game points, whatever the bonus), or the last trick's winner
    declares."""
    rng = random.Random(7)
    reasons: set[str] = set()
    for _ in range(400):
        state = with_bonus(new_deal(rng, VARIANT), rng.choice((0, 2)))
        g = from_deal66(state.deal)  # type: ignore[arg-type]
        while not state.deal.over:  # type: ignore[union-attr]
            actions = g.actions()
            if g.all_played:
                action = rng.choice(actions)
            else:
                action = rng.choice([a for a in actions if a < EXCHANGE])
            state = replay(decide(state, engine_command(action, g.turn)), state)
            g.apply(action)
            same_deal(g, state)
        reasons.add(state.deal.result.reason)  # type: ignore[union-attr]
        if g.result == (None, 0):
            assert g.cp == [60, 60]
    assert {"count", "draw", "declared", "wrong_declaration"} <= reasons
