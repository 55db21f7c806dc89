"""The exact sixty-six search's reference: alpha-beta over ``BitGame66`` in ``auto`` mode.

A sampled world of sixty-six (both hands and the face-down talon order known) is a
deterministic perfect-information game, whether the talon is open, closed or exhausted.
``BitGame66`` plays it by the rules, held move by move to the engine
(``test_bitgame66.py``); in ``auto`` mode every seat says "enough" as soon as it is right and
never wrongly, which is never worse for it (``apps/bots/bitgame66.py``). So the value of a
world is plain minimax over ``BitGame66.actions()`` (cards, the exchange of the trump nine,
closing), in game points for seat 0 (+3 … -3, a draw 0, without the bonus of earlier draws),
with one more rule the model leaves to the caller: a seat that is right when it gets the turn
declares (only a position taken from a real deal, where a seat let a right declaration pass,
can start so).

This is deliberately the plainest search: each node a clone of the game, the transposition
table keyed by the whole state, the shared alpha-beta node of ``reference_solver``. It is the
readable specification the C search (``_search.c`` with ``variant`` 1) is held to in
``test_fastsearch66.py``, and is checked itself against plain minimax (``test_solver66.py``).
"""

from __future__ import annotations

from apps.bots.bitgame66 import BitGame66
from apps.bots.cardbits import CLOSE, EXCHANGE
from tests.bots.reference_solver import INF, Table, alphabeta


class Solver66:
    """Searches one sixty-six world (any phase): one table for every position reached."""

    def __init__(self) -> None:
        self.table: Table = {}
        self.nodes = 0

    def search(self, g: BitGame66, alpha: int, beta: int) -> int:
        """The value for seat 0 of ``g`` (fail-soft in the window (alpha, beta))."""
        self.nodes += 1
        if g.result is None and g.right(g.turn):  # right on its turn: it declares
            g = g.clone()
            g.declare(g.turn)
        if g.result is not None:
            return g.value(0)
        return alphabeta(
            self.table,
            key(g),
            alpha,
            beta,
            maximise=g.turn == 0,
            moves=g.actions(),
            value_of=lambda a, lo, hi: self.child(g, a, lo, hi),
        )

    def child(self, g: BitGame66, action: int, alpha: int, beta: int) -> int:
        """The value for seat 0 after the player on turn in ``g`` plays ``action``."""
        h = g.clone()
        h.apply(action)
        return self.search(h, alpha, beta)


def key(g: BitGame66) -> tuple[object, ...]:
    """Everything of the position the rest of the deal depends on."""
    return (
        g.hands[0],
        g.hands[1],
        tuple(g.talon),
        g.trump_card,
        g.trump_taken,
        g.led,
        g.turn,
        g.pts[0],
        g.pts[1],
        g.cp[0],
        g.cp[1],
        g.tricks[0],
        g.tricks[1],
        g.closed_by,
        g.closed_at,
    )


def _checked(g: BitGame66) -> BitGame66:
    assert g.auto and g.result is None and g.bonus == 0
    return g


def value(g: BitGame66, seat: int) -> int:
    """The exact value of the world ``g`` for ``seat``."""
    v = Solver66().search(_checked(g), -INF, INF)
    return v if seat == 0 else -v


def action_values(g: BitGame66, actions: list[int] | None = None) -> dict[int, int]:
    """The exact value of each legal action (or of ``actions``) for the player on turn."""
    s = Solver66()
    sign = 1 if _checked(g).turn == 0 else -1
    return {
        a: sign * s.child(g, a, -INF, INF) for a in g.actions() if actions is None or a in actions
    }


def close_lead_values(g: BitGame66) -> dict[int, int]:
    """Closing now, then each lead: its exact value for the closer (the player on turn)."""
    closed = _checked(g).clone()
    closed.apply(CLOSE)
    s = Solver66()
    sign = 1 if g.turn == 0 else -1
    return {c: sign * s.child(closed, c, -INF, INF) for c in closed.actions() if c < EXCHANGE}
