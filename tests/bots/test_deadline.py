"""Kati's budget holds at every decision: a search still running at its deadline (the deciding
thread's CPU time) is stopped inside its world (``fastsearch.deadline``, ``_search.c``), and
the expert then decides on the worlds it finished, or plays the club player's choice.

Nothing here measures time: a deadline already passed must stop a search at its first look at
the clock (the first position), one far away must change nothing, and the players must still
answer with a legal action. The worst CPU time of real decisions is ``bench/kati_budget.py``'s.
"""

from __future__ import annotations

import random
import threading

import pytest

from apps.bots import _search, expert, fastsearch
from apps.bots.actions import moves
from apps.bots.declaring import without_words
from apps.bots.heuristics import SURRENDER, play_action
from apps.bots.knowledge import Knowledge
from apps.bots.levels import choose_action
from apps.bots.racing import cpu_time
from tests.bots.helpers import bot_view, new_deal, random_step, sixty_six_world

MODEL = {"blind": 1, "tricks": 1, "lead_tricks": 2, "loss_weight": 3.0}


def test_a_passed_deadline_stops_the_search_at_its_first_position() -> None:
    """The dearest world the expert searches (sixty-six, five open tricks, the blind model)
    is stopped at once, and the same world is searched in full without the deadline."""
    g = sixty_six_world(random.Random(5), 5)
    s = fastsearch.FastDealSolver(g)
    with fastsearch.deadline(cpu_time()), pytest.raises(fastsearch.OutOfTime):
        s.model_values(**MODEL)
    assert _search.nodes() == 1
    with fastsearch.deadline(cpu_time()), pytest.raises(fastsearch.OutOfTime):
        fastsearch.deal_values(g)
    full = s.model_values(**MODEL)  # outside: no deadline any more
    assert _search.nodes() > 1_000
    assert set(full) == set(g.actions())
    with fastsearch.deadline(float("inf")):
        assert s.model_values(**MODEL) == full


def test_a_far_deadline_changes_no_value() -> None:
    rng = random.Random(6)
    for open_tricks in (1, 2, 3):
        g = sixty_six_world(rng, open_tricks)
        s = fastsearch.FastDealSolver(g)
        want = (s.action_values(), s.model_values(**MODEL))
        with fastsearch.deadline(cpu_time() + 3600):
            assert (s.action_values(), s.model_values(**MODEL)) == want


def test_a_deadline_is_the_setting_threads_own() -> None:
    """Another thread's searches are not stopped by this thread's deadline."""
    g = sixty_six_world(random.Random(7), 2)
    got: list[dict[int, int]] = []
    with fastsearch.deadline(cpu_time()):
        other = threading.Thread(target=lambda: got.append(fastsearch.deal_values(g)))
        other.start()
        other.join()
        with pytest.raises(fastsearch.OutOfTime):
            fastsearch.deal_values(g)
    assert got == [fastsearch.deal_values(g)]


@pytest.mark.parametrize("variant", ["klub", "sixty-six"])
@pytest.mark.parametrize("seed", range(3))
def test_the_expert_stopped_in_its_first_world_plays_the_club_players_choice(
    variant: str, seed: int
) -> None:
    """No world finished by the stop (``min_worlds`` notwithstanding): the club player's
    choice in a world drawn by the same random source, alone."""
    state = new_deal(random.Random(seed), variant)
    rng = random.Random(seed)
    while len(state.deal.tricks) < 1 or state.deal.table:  # type: ignore[union-attr]
        state = random_step(state, rng, 0.0)
    view = without_words(bot_view(state, state.deal.turn))  # type: ignore[union-attr]
    k = Knowledge.read(view)
    plays = [a for a in moves(view) if a != SURRENDER]
    values = expert.open_values(k, plays, random.Random(1), float("inf"), stop=cpu_time())
    assert list(values) == [play_action(k.sample_world(random.Random(1)))]
    assert next(iter(values)) in plays


@pytest.mark.parametrize("variant", ["klub", "sixty-six"])
@pytest.mark.parametrize("tricks_played", [0, 1, 2])
def test_the_expert_answers_with_no_time_at_all(variant: str, tricks_played: int) -> None:
    """With a budget of 0 every search is stopped at its first position: the expert still
    answers, legally, at the costliest decisions of a deal (the rollouts of sixty-six's first
    trick, its search from the second)."""
    rng = random.Random(40 + tricks_played)
    for _ in range(3):
        state = new_deal(rng, variant)
        while len(state.deal.tricks) < tricks_played or state.deal.table:  # type: ignore[union-attr]
            state = random_step(state, rng, 0.0)
        view = bot_view(state, state.deal.turn)  # type: ignore[union-attr]
        action = choose_action(view, variant=variant, level="expert", rng=rng, budget=0.0)
        assert action in view["legal_actions"]
