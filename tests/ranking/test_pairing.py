"""The pairing rule (pure, no database): closest ratings first, a gap that widens with waiting,
blocked pairs never, nobody twice."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from apps.ranking.rules.matchmaking import Gap, Waiting, pairs

NOW = datetime(2026, 10, 15, 12, 0, tzinfo=UTC)
GAP = Gap(base=100, per_second=10, maximum=600)


def waiting(ticket_id: int, rating: int, waited: float = 0.0) -> Waiting:
    return Waiting(ticket_id, 1000 + ticket_id, rating, NOW - timedelta(seconds=waited))


def never(a: int, b: int) -> bool:
    return False


def ids(found: list[tuple[Waiting, Waiting]]) -> list[tuple[int, int]]:
    return [(a.ticket_id, b.ticket_id) for a, b in found]


def test_the_accepted_gap_is_100_plus_10_per_second_waited_up_to_600() -> None:
    assert [GAP.accepted(s) for s in (0, 1, 20, 50, 3600)] == [100, 110, 300, 600, 600]


def test_the_closest_ratings_are_paired_first() -> None:
    found = pairs(
        [waiting(1, 1500, 30), waiting(2, 1700, 20), waiting(3, 1540), waiting(4, 1690)],
        now=NOW,
        gap=GAP,
        blocked=never,
    )
    assert sorted(ids(found)) == [(1, 3), (2, 4)]


def test_a_gap_too_wide_now_is_accepted_after_waiting() -> None:
    two = [waiting(1, 1500), waiting(2, 1750)]
    assert pairs(two, now=NOW, gap=GAP, blocked=never) == []
    assert pairs(two, now=NOW + timedelta(seconds=14), gap=GAP, blocked=never) == []
    later = pairs(two, now=NOW + timedelta(seconds=15), gap=GAP, blocked=never)
    assert ids(later) == [(1, 2)]


def test_blocked_players_are_never_paired() -> None:
    two = [waiting(1, 1500, 3600), waiting(2, 1500, 3600)]
    assert pairs(two, now=NOW, gap=GAP, blocked=lambda a, b: True) == []
    three = [*two, waiting(3, 1900)]
    found = pairs(three, now=NOW, gap=GAP, blocked=lambda a, b: {a, b} == {1001, 1002})
    assert ids(found) == [(1, 3)]


@given(
    st.lists(st.integers(min_value=800, max_value=2600), max_size=30),
    st.lists(st.integers(min_value=0, max_value=120), min_size=30, max_size=30),
)
def test_nobody_is_in_two_pairs_and_every_pair_is_within_its_gap(
    rating_list: list[int], waits: list[int]
) -> None:
    queue = [waiting(i, r, waits[i]) for i, r in enumerate(rating_list)]
    found = pairs(queue, now=NOW, gap=GAP, blocked=lambda a, b: (a + b) % 7 == 0)
    seen = [w.ticket_id for pair in found for w in pair]
    assert len(seen) == len(set(seen))
    for a, b in found:
        longest = max(waits[a.ticket_id], waits[b.ticket_id])
        assert abs(a.rating - b.rating) <= GAP.accepted(longest)
        assert (a.user_id + b.user_id) % 7 != 0
