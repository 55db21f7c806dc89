"""How the expert spends its sampling time: the race of candidates and the predicting clock."""

from __future__ import annotations

import random

import pytest

from apps.bots import expert
from apps.bots.actions import moves
from apps.bots.cardbits import CLOSE
from apps.bots.heuristics import SURRENDER
from apps.bots.knowledge import Knowledge
from apps.bots.racing import RACE_EVERY, RACE_FROM, RECENT, Clock, Race
from tests.bots.helpers import bot_view, new_deal
from tests.sizes import size


def fed(race: Race, worlds: list[dict[int, float]]) -> Race:
    for values in worlds:
        race.add(values)
        race.judge()
    return race


def test_a_candidate_clearly_behind_leaves_the_race_and_close_ones_stay() -> None:
    rng = random.Random(1)
    worlds = []
    for _ in range(RACE_FROM):
        base = rng.choice((-2.0, 0.0, 1.0, 3.0))  # the world's luck, shared by every candidate
        noise = rng.choice((-1.0, 0.0, 1.0))
        worlds.append({0: base, 1: base + noise, 2: base - 2.0 + rng.choice((-0.5, 0.5))})
    race = fed(Race([0, 1, 2]), worlds)
    assert race.live == [0, 1]
    means = race.means()
    assert set(means) == {0, 1}
    assert means[0] == pytest.approx(sum(w[0] for w in worlds) / RACE_FROM)


def test_nothing_leaves_before_enough_worlds_or_between_judgements() -> None:
    worse = [{0: 1.0, 1: -3.0}] * (RACE_FROM - 1)
    race = fed(Race([0, 1]), worse)
    assert race.live == [0, 1]  # seven worlds of a 4-point gap are not yet enough
    race.add({0: 1.0, 1: -3.0})
    race.judge()
    assert race.live == [0]
    later = fed(Race([0, 1]), [{0: 0.0, 1: 0.0}] * RACE_FROM + [{0: 3.0, 1: -3.0}])
    assert later.live == [0, 1]  # judged again only at the next multiple of RACE_EVERY
    assert (RACE_FROM + 1) % RACE_EVERY


def test_the_leader_never_leaves_and_noise_is_rarely_taken_for_a_gap() -> None:
    rng = random.Random(2)
    false_alarms = 0
    for _ in range(200):
        race = Race([0, 1, 2])
        for _ in range(40):  # candidates drawn alike: none is truly behind
            race.add({a: rng.choice((-2.0, 0.0, 2.0)) for a in race.live})
            means = race.means()
            leader = max(race.live, key=lambda a: means[a])
            race.judge()
            assert leader in race.live
        false_alarms += 3 - len(race.live)
    assert false_alarms <= 24  # of 400 chances to drop an equal candidate (17 with seed 2)


class FakeClock:
    """A clock that moves only when told (``advance``)."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def test_the_clock_stops_before_a_world_that_would_end_past_the_deadline() -> None:
    now = FakeClock()
    assert not Clock(now() - 1.0, now).has_time()
    assert Clock(now() + 60.0, now).has_time()
    clock = Clock(now() + 0.2, now)
    now.advance(0.12)  # a world that took 0.12 s: another would end past the deadline
    clock.tick()
    assert now() < clock.deadline
    assert not clock.has_time()
    quick = Clock(now() + 0.2, now)
    now.advance(0.01)  # a world of 0.01 s: another fits
    quick.tick()
    assert quick.has_time()


def test_the_clock_predicts_from_the_longest_of_the_last_worlds() -> None:
    now = FakeClock()
    clock = Clock(now() + 0.7, now)
    for cost in (0.3, 0.05, 0.05, 0.05):
        now.advance(cost)
        clock.tick()
    assert not clock.has_time()  # 0.45 s spent, and a world like the first would end at 0.75
    now.advance(0.05)
    clock.tick()  # the 0.3 s world is no longer among the last RECENT
    assert RECENT == 4
    assert clock.has_time()


def first_trick_position(seed: int) -> tuple[Knowledge, list[int]]:
    state = new_deal(random.Random(seed))
    deal = state.deal
    assert deal is not None
    view = bot_view(state, deal.turn)
    return Knowledge.read(view), [a for a in moves(view) if a != SURRENDER]


def test_the_expert_values_the_survivors_over_every_world_it_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the race, the candidates left are worth their mean over all the worlds searched,
    as without it, and the ones dropped are not offered to the choice."""
    dropped_somewhere = False
    for seed in range(size(3, 6)):
        k, plays = first_trick_position(seed)
        raced = expert.open_values(k, plays, random.Random(seed), float("inf"), 24)
        full = expert.open_values(k, plays, random.Random(seed), float("inf"), 24, racing=False)
        assert set(full) == set(plays)
        assert CLOSE not in plays or CLOSE in raced
        survivors = [a for a in raced if a != CLOSE]
        assert survivors
        dropped_somewhere |= len(raced) < len(plays)
        if len(survivors) > 1 or CLOSE in plays:  # searched in all 24 worlds
            for a in raced:
                assert raced[a] == pytest.approx(full[a]), a
    assert dropped_somewhere
