"""The analysis's all-cards-known values against a brute-force minimax over the rules engine
itself (not the search's model, not its search): every choice of every decision in random
endgames small enough to enumerate, the talon closed or exhausted and at most four cards in
each hand, in klub and in sixty-six (where both play the search's convention: "enough" as
soon as it is right, never wrongly; after the last trick its winner declares if right, else
the count)."""

from __future__ import annotations

import random

import pytest

from apps.bots import analysis
from apps.bots.actions import to_int
from apps.matches.engine import MatchState, decide, legal_actions, replay
from apps.matches.engine.variants.klub.commands import PlayCard
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount
from tests.bots.helpers import bot_view, engine_command, random_positions
from tests.sizes import size


def _right(state: MatchState, seat: int) -> bool:
    deal = state.deal
    return deal.trick_count(seat) > 0 and deal.points(seat) >= 66  # type: ignore[union-attr]


def _step(state: MatchState, command: object) -> MatchState:
    return replay(decide(state, command), state)  # type: ignore[arg-type]


def brute(state: MatchState, seat: int) -> int:
    """Plain minimax over the engine: the deal's game points for ``seat`` under best play."""
    deal = state.deal
    assert deal is not None
    if deal.over:
        result = deal.result
        assert result is not None
        if result.winner is None:
            return 0
        return result.game_points if result.winner == seat else -result.game_points
    turn = deal.turn
    if state.variant.name == "sixty-six":  # type: ignore[union-attr]
        for s in dict.fromkeys((deal.leader, turn)):
            words = [a for a in legal_actions(state, s) if isinstance(a, DeclareEnough)]
            if words and _right(state, s):
                return brute(_step(state, words[0]), seat)
        if any(isinstance(a, LetCount) for a in legal_actions(state, turn)):
            return brute(_step(state, LetCount(turn)), seat)
    plays = [a for a in legal_actions(state, turn) if isinstance(a, PlayCard)]
    values = [brute(_step(state, a), seat) for a in plays]
    return max(values) if turn == seat else min(values)


def small_endgames(variant: str, deals: int, seed: int) -> list[MatchState]:
    rng = random.Random(seed)
    out = []
    for state in random_positions(rng, deals, variant):
        deal = state.deal
        assert deal is not None
        if deal.strict and max(len(h) for h in deal.hands) <= 4:
            out.append(state)
    return out


@pytest.mark.parametrize("variant", ["klub", "sixty-six"])
def test_every_choice_is_valued_as_plain_minimax_over_the_engine_values_it(variant: str) -> None:
    positions = small_endgames(variant, size(30, 300), seed=39)
    assert len(positions) > size(60, 600)
    compared = 0
    for state in positions:
        deal = state.deal
        assert deal is not None
        seat = deal.turn
        view = bot_view(state, seat)
        g = analysis.game_of(state)
        made = next(n for a in view["legal_actions"] if (n := to_int(a)) is not None)
        choices = analysis.choices_of(view, g, seat, made)
        values = analysis.exact_values(g, seat, choices)
        for action in choices:
            if action >= analysis.SURRENDER:
                expected = brute(_step(state, analysis_command(action, seat)), seat)
            else:
                expected = brute(_step(state, engine_command(action, seat)), seat)
            assert values[action] == expected, (variant, deal, action)
            compared += 1
    assert compared > size(100, 1000)


def analysis_command(action: int, seat: int) -> object:
    from apps.matches.engine import Surrender  # noqa: PLC0415

    if action == analysis.SURRENDER:
        return Surrender(seat, confirm=True)
    return engine_command(action, seat)
