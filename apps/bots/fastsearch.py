"""The exact searches in C (``_search.c``), on a ``BitGame``: the values of the Python reference
solvers ``tests/bots/reference_dealsolver.py`` and ``tests/bots/reference_solver.py``, which
``tests/bots/test_fastsearch.py`` holds them to, hundreds of times faster.

Their counterparts there, one line each:

- ``FastDealSolver(g)`` for ``DealSolver(g)``: ``action_values(actions=None)``,
  ``close_lead_values()`` and ``value(seat)`` of an open-talon world;
- ``action_values(g)`` for ``reference_solver.action_values(g)`` and ``solve(g, seat)`` for
  ``reference_solver.solve(g, seat)`` in the strict phase (talon exhausted or closed);
- ``deal_values(g)`` for ``reference_dealsolver.deal_values(g)``.

One method has no twin among the reference solvers: ``FastDealSolver.model_values``, the same
search with the follows and leads of a seat that cannot see the other hand as chance nodes
(``replies.py``) for the next open tricks; ``tests/bots/helpers.modelled_values`` is its
plain-expectimax reference.

Sixty-six: the same functions take a ``BitGame66`` in ``auto`` mode (every seat declares as
soon as it is right, never wrongly; the reference solver is
``tests/bots/reference_solver66.py``); its values are game points without the bonus of
earlier draws, a draw worth 0.

A deadline in the calling thread's CPU time (``deadline``) stops a search inside its world:
the call raises ``OutOfTime`` instead of returning, so that a caller keeping a budget is never
held past it by one dear world.

Each call searches one world from scratch (the C table is reused but stamped per call), so
a ``FastDealSolver`` keeps no state beyond its world. The C functions raise ``ValueError`` or
``TypeError`` on inconsistent input (overlapping cards, impossible hand sizes, an illegal
action) instead of returning nonsense.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from . import _search
from .bitgame import BitGame
from .bitgame66 import BitGame66
from .cardbits import EXCHANGE
from .replies import BETA, MARRIAGE_COST, RANDOM_LEAD, TRUMP_COST

OutOfTime = _search.OutOfTime


@contextmanager
def deadline(cpu_seconds: float) -> Iterator[None]:
    """Inside, this thread's searches raise ``OutOfTime`` once its CPU time
    (``time.thread_time``) reaches ``cpu_seconds`` (looked at every 1,024 positions); an
    infinite ``cpu_seconds`` is no deadline."""
    _search.set_deadline(0.0 if math.isinf(cpu_seconds) else cpu_seconds)
    try:
        yield
    finally:
        _search.set_deadline(0.0)


def _open_args(
    g: BitGame,
) -> tuple[int, int, tuple[int, ...], int, int, int, int, int, int, int]:
    assert g.closed_by < 0 and g.talon and g.result is None
    h0, h1 = g.hands
    p0, p1 = g.pts
    t0, t1 = g.tricks
    return (h0, h1, tuple(g.talon), g.trump_card, g.led, g.turn, p0, p1, t0, t1)


def _rules(g: BitGame) -> tuple[int, ...]:
    """The trailing arguments of a sixty-six search: the variant and seat 0's card points."""
    if isinstance(g, BitGame66):
        assert g.auto, "the search plays sixty-six as BitGame66's auto mode"
        return (1, g.cp[0])
    return ()


def _strict_args(
    g: BitGame,
) -> tuple[int, int, int, int, tuple[tuple[int, int], ...] | None, int, int, int, int, int, int]:
    assert g.strict and g.result is None
    h0, h1 = g.hands
    p0, p1 = g.pts
    t0, t1 = g.tricks
    closed_at = g.closed_at if g.closed_by >= 0 else None
    return (h0, h1, g.trump, g.closed_by, closed_at, g.led, g.turn, p0, p1, t0, t1)


class FastDealSolver:
    """``DealSolver`` in C: one open-talon world (both hands, the face-down talon in draw
    order, the trump card), searched exactly with draws, the exchange and closing."""

    __slots__ = ("root",)

    def __init__(self, g: BitGame) -> None:
        self.root = g

    def action_values(self, actions: Iterable[int] | None = None) -> dict[int, int]:
        """The value of each legal action (or of ``actions``) for the player on turn."""
        g = self.root
        acts = g.actions() if actions is None else list(actions)
        got = _search.open_values(*_open_args(g), acts, *_rules(g))
        return dict(zip(acts, got, strict=True))

    def model_values(
        self,
        actions: Iterable[int] | None = None,
        *,
        blind: int,
        tricks: int,
        lead_tricks: int = 0,
        random_lead: float = RANDOM_LEAD,
        loss_weight: float = 1.0,
    ) -> dict[int, float]:
        """The expected value of each legal action (or of ``actions``) for the player on
        turn when, for the next ``tricks`` open tricks, seat ``blind`` answers every lead as
        ``replies.py`` models a follower that cannot see the leader's hand, and for the next
        ``lead_tricks`` it leads a random card with probability ``random_lead``, else its
        best lead. Each game point the other seat can lose counts ``loss_weight`` times."""
        g = self.root
        acts = g.actions() if actions is None else list(actions)
        model = (BETA, TRUMP_COST, MARRIAGE_COST, lead_tricks, random_lead, loss_weight)
        got = _search.model_values(*_open_args(g), acts, blind, tricks, *model, *_rules(g))
        return dict(zip(acts, got, strict=True))

    def value(self, seat: int) -> int:
        """The exact value of the root position for ``seat``."""
        g = self.root
        v = _search.open_value(*_open_args(g), *_rules(g))
        return v if seat == g.turn else -v

    def close_lead_values(self) -> dict[int, int]:
        """Closing at the root, then each lead: its exact value for the closer."""
        g = self.root
        assert g.led < 0
        h0, h1 = g.hands
        p0, p1 = g.pts
        t0, t1 = g.tricks
        leads = [a for a in g.actions() if a < EXCHANGE]
        got = _search.close_lead_values(h0, h1, g.trump, g.turn, p0, p1, t0, t1, leads, *_rules(g))
        return dict(zip(leads, got, strict=True))


def deal_values(g: BitGame) -> dict[int, int]:
    """Each legal action's exact value for the player on turn of an open-talon world."""
    return FastDealSolver(g).action_values()


def action_values(g: BitGame) -> dict[int, int]:
    """The exact value of each legal card for the player on turn (strict phase)."""
    acts = g.actions()
    got = _search.strict_values(*_strict_args(g), acts, *_rules(g))
    return dict(zip(acts, got, strict=True))


def solve(g: BitGame, seat: int) -> int:
    """The exact value in game points for ``seat`` of ``g`` (strict phase, deal running)."""
    v = _search.strict_value(*_strict_args(g), *_rules(g))
    return v if seat == g.turn else -v


def nodes() -> int:
    """Positions searched by the last C call (benchmarks)."""
    return _search.nodes()
