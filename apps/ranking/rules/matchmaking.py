"""Pairing of waiting tickets, pure Python (no Django): who plays whom at one stake.

A pair is acceptable when the two ratings differ by at most the gap accepted for the pair: that
of the player who has waited longer, ``min(GAP_BASE + GAP_PER_SECOND * seconds_waited,
GAP_MAX)``. Among acceptable pairs the closest ratings go first (then the longest waiting), and
pairs are taken greedily so that nobody is in two of them. Blocked pairs are never acceptable.
The numbers are passed in (settings ``RANKING``) and explained in docs/ranking.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

STAKES = (20, 50, 100, 200, 500, 1000)


@dataclass(frozen=True, slots=True)
class Gap:
    """The accepted rating gap: ``base`` at once, ``per_second`` more each second, at most
    ``maximum``."""

    base: float = 100.0
    per_second: float = 10.0
    maximum: float = 600.0

    def accepted(self, waited_seconds: float) -> float:
        return min(self.base + self.per_second * max(waited_seconds, 0.0), self.maximum)


@dataclass(frozen=True, slots=True)
class Waiting:
    """One waiting ticket, as the pairing sees it."""

    ticket_id: int
    user_id: int
    rating: int
    since: datetime


def pairs(
    waiting: Sequence[Waiting],
    *,
    now: datetime,
    gap: Gap,
    blocked: Callable[[int, int], bool],
) -> list[tuple[Waiting, Waiting]]:
    """Disjoint pairs among ``waiting`` (all at one stake), closest ratings first.

    ``blocked(a, b)`` is asked only about pairs that are otherwise acceptable, in the order they
    would be taken."""
    candidates: list[tuple[int, datetime, int, int, Waiting, Waiting]] = []
    for i, a in enumerate(waiting):
        for b in waiting[i + 1 :]:
            if a.user_id == b.user_id:
                continue
            difference = abs(a.rating - b.rating)
            earliest = min(a.since, b.since)
            if difference > gap.accepted((now - earliest).total_seconds()):
                continue
            first, second = sorted((a, b), key=lambda w: (w.since, w.ticket_id))
            candidates.append(
                (difference, earliest, first.ticket_id, second.ticket_id, first, second)
            )
    candidates.sort(key=lambda c: c[:4])
    taken: set[int] = set()
    chosen: list[tuple[Waiting, Waiting]] = []
    for *_, a, b in candidates:
        if a.ticket_id in taken or b.ticket_id in taken:
            continue
        if blocked(a.user_id, b.user_id):
            continue
        taken.update((a.ticket_id, b.ticket_id))
        chosen.append((a, b))
    return chosen
