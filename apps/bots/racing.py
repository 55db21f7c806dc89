"""Spending the expert's sampling time where it decides something.

- ``Race``: the candidates' values world by world, on the same worlds. A candidate whose mean
  is clearly behind the leader's (its paired difference ``RACE_Z`` standard errors below 0,
  after ``RACE_FROM`` worlds) leaves the race, so later worlds search only the candidates
  still in it. One world's search costs about as much per candidate, so from the first trick
  a world with the two best candidates left takes under half the time of one with all of
  them (research/log.md, "Spending the clock").
- ``Clock``: stops sampling before a world that would end past the deadline, predicted from
  the longest of the last few worlds, instead of at a fixed share of the budget that leaves
  the rest unused whatever a world costs on this machine.

Kati's budget is CPU time, the deciding thread's (``cpu_time``): what a decision costs the
machine, the same on a busy one, where the wall clock also counts the other processes' turns.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

RACE_FROM = 8  # worlds every candidate is searched in before any may leave the race
RACE_EVERY = 4  # ... and how often after that the race is judged
RACE_Z = 3.0  # standard errors behind the leader that make a candidate leave
RECENT = 4  # worlds whose longest predicts the next one's cost

cpu_time: Callable[[], float] = time.thread_time  # the clock of Kati's budgets (seconds)


class Race:
    """Values of ``candidates`` per world (``add``), with the clearly worse ones dropped."""

    __slots__ = ("live", "seen")

    def __init__(self, candidates: list[int]) -> None:
        self.live = list(candidates)
        self.seen: dict[int, list[float]] = {a: [] for a in candidates}

    def add(self, values: dict[int, float]) -> None:
        """One world's value of every live candidate."""
        for a in self.live:
            self.seen[a].append(values[a])

    def means(self) -> dict[int, float]:
        """The mean value of every live candidate over the worlds it was searched in."""
        return {a: sum(self.seen[a]) / len(self.seen[a]) for a in self.live}

    def judge(self) -> None:
        """Drop every candidate whose paired difference to the leader is ``RACE_Z``
        standard errors below 0 (at the ``RACE_EVERY``-th worlds from ``RACE_FROM`` on)."""
        n = len(self.seen[self.live[0]]) if self.live else 0
        if len(self.live) < 2 or n < RACE_FROM or n % RACE_EVERY:
            return
        means = self.means()
        leader = max(self.live, key=lambda a: means[a])
        best = self.seen[leader]
        self.live = [a for a in self.live if a == leader or not behind(self.seen[a], best)]


def behind(values: list[float], best: list[float]) -> bool:
    """Whether ``values`` are clearly below ``best`` on the same worlds."""
    diffs = [v - b for v, b in zip(values, best, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean < 0 and mean + RACE_Z * math.sqrt(var / n) < 0


class Clock:
    """Whether another world fits before ``deadline`` (seconds of ``now``, by default
    ``cpu_time``): the next world is predicted to cost as much as the longest of the last
    ``RECENT``."""

    __slots__ = ("deadline", "last", "now", "recent")

    def __init__(self, deadline: float, now: Callable[[], float] = cpu_time) -> None:
        self.deadline = deadline
        self.now = now
        self.last = now()
        self.recent: deque[float] = deque(maxlen=RECENT)

    def tick(self) -> None:
        """A world was searched."""
        now = self.now()
        self.recent.append(now - self.last)
        self.last = now

    def has_time(self) -> bool:
        return self.now() + max(self.recent, default=0.0) < self.deadline
