"""The exact solver: perfect-information endgames of a klub deal, by alpha-beta on game points.

Once the talon is exhausted or closed nobody draws again, so with both hands known the rest of
the deal is a finite two-player game of at most ten cards. ``solve`` returns its minimax value
in game points (from the point of view of a given seat: +3 … -3) under the strict follow
rules, marriages, the 66 rule and the closing rules, with a transposition table that stores
bounds (the value set is tiny, so windows close fast).

This is the reference implementation, and it lives with the tests: the levels use its C twin
(``apps/bots/fastsearch.py`` over ``apps/bots/_search.c``), which ``test_fastsearch.py`` holds
to exactly these values. This one is the readable specification, checked itself against plain
minimax (``test_solver.py``). ``bench/fastsearch.py`` and ``bench/bots.py --solver`` time the
C search against it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from apps.bots.bitgame import WIN, BitGame, by_loser_state, for_failed_close
from apps.bots.cardbits import ABOVE, POINTS, SUIT_MASK, members, partner

INF = 4


Table = dict[tuple[int, ...], tuple[int, int]]


def alphabeta(
    table: Table,
    key: tuple[int, ...],
    alpha: int,
    beta: int,
    *,
    maximise: bool,
    moves: Iterable[int],
    value_of: Callable[[int, int, int], int],
) -> int:
    """One node of both reference searches: the value for seat 0 of the position ``key``, the
    best of ``value_of(move, alpha, beta)`` over ``moves`` (seat 0 maximises), with the
    transposition table's bounds (lower and upper) narrowing the window and stored after."""
    entry = table.get(key)
    lo, hi = entry if entry is not None else (-INF, INF)
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    alpha = max(alpha, lo)
    beta = min(beta, hi)
    a0, b0 = alpha, beta
    best = -INF if maximise else INF
    for m in moves:
        v = value_of(m, alpha, beta)
        if maximise:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    # failed low: an upper bound; failed high: a lower bound; otherwise exact
    if best <= a0:
        table[key] = (lo, best)
    elif best >= b0:
        table[key] = (best, hi)
    else:
        table[key] = (best, best)
    return best


class EndgameSolver:
    """Solves one endgame family: fixed trump and closing facts, any hands and scores."""

    def __init__(
        self, trump: int, closed_by: int, closed_at: tuple[tuple[int, int], ...] | None
    ) -> None:
        self.trump = trump
        self.trump_mask = SUIT_MASK[trump]
        self.closed_by = closed_by
        self.closed_at = closed_at
        self.table: Table = {}
        self.nodes = 0

    def end_66(self, seat: int, p: tuple[int, int], t: tuple[int, int]) -> int:
        """The value for seat 0 when ``seat`` reaches 66 with a trick."""
        other = 1 - seat
        closer = self.closed_by
        if closer < 0:
            gp = by_loser_state(p[other], t[other])
        elif closer == seat:
            assert self.closed_at is not None
            gp = by_loser_state(*self.closed_at[other])
        else:
            return self.failed_close()
        return gp if seat == 0 else -gp

    def failed_close(self) -> int:
        assert self.closed_at is not None
        other = 1 - self.closed_by
        gp = for_failed_close(self.closed_at[other][1])
        return gp if other == 0 else -gp

    def last_trick(self, winner: int) -> int:
        if self.closed_by < 0:
            return 1 if winner == 0 else -1
        return self.failed_close()

    def search(  # noqa: PLR0917 (the hot path: plain ints, no tuples)
        self,
        h0: int,
        h1: int,
        led: int,
        turn: int,
        p0: int,
        p1: int,
        t0: int,
        t1: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value for seat 0 of the position (``led`` = the card on the table or -1)."""
        self.nodes += 1
        hand = h0 if turn == 0 else h1
        if led < 0:
            moves = hand
        else:
            same = hand & SUIT_MASK[led // 6]
            moves = ((same & ABOVE[led]) or same) if same else ((hand & self.trump_mask) or hand)
        return alphabeta(
            self.table,
            (h0, h1, led, turn, p0, p1, t0 > 0, t1 > 0),
            alpha,
            beta,
            maximise=turn == 0,
            moves=reversed(members(moves)),  # high cards first
            value_of=lambda c, a, b: self.child(h0, h1, led, turn, p0, p1, t0, t1, c, a, b),
        )

    def child(  # noqa: PLR0917
        self,
        h0: int,
        h1: int,
        led: int,
        turn: int,
        p0: int,
        p1: int,
        t0: int,
        t1: int,
        c: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value after the player on turn plays ``c``."""
        bc = 1 << c
        if led < 0:
            hand = h0 if turn == 0 else h1
            p = partner(c)
            if p >= 0 and hand >> p & 1:
                bonus = 40 if c // 6 == self.trump else 20
                if turn == 0:
                    p0 += bonus
                    if t0 and p0 >= WIN:
                        return self.end_66(0, (p0, p1), (t0, t1))
                else:
                    p1 += bonus
                    if t1 and p1 >= WIN:
                        return self.end_66(1, (p0, p1), (t0, t1))
            if turn == 0:
                return self.search(h0 & ~bc, h1, c, 1, p0, p1, t0, t1, alpha, beta)
            return self.search(h0, h1 & ~bc, c, 0, p0, p1, t0, t1, alpha, beta)
        if turn == 0:
            h0 &= ~bc
        else:
            h1 &= ~bc
        if c // 6 == led // 6:
            winner = turn if c > led else 1 - turn
        else:
            winner = turn if c // 6 == self.trump else 1 - turn
        gained = POINTS[c] + POINTS[led]
        if winner == 0:
            p0 += gained
            t0 += 1
            if p0 >= WIN:
                return self.end_66(0, (p0, p1), (t0, t1))
        else:
            p1 += gained
            t1 += 1
            if p1 >= WIN:
                return self.end_66(1, (p0, p1), (t0, t1))
        if not h0 and not h1:
            return self.last_trick(winner)
        return self.search(h0, h1, -1, winner, p0, p1, t0, t1, alpha, beta)


def solver_for(g: BitGame) -> EndgameSolver:
    return EndgameSolver(g.trump, g.closed_by, g.closed_at)


def solve(g: BitGame, seat: int) -> int:
    """The exact value in game points for ``seat`` of ``g`` (strict phase, deal running)."""
    assert g.strict and g.result is None
    s = solver_for(g)
    v = s.search(g.hands[0], g.hands[1], g.led, g.turn, *g.pts, *g.tricks, -INF, INF)
    return v if seat == 0 else -v


def action_values(g: BitGame, solver: EndgameSolver | None = None) -> dict[int, int]:
    """The exact value of each legal card for the player on turn (strict phase)."""
    assert g.strict and g.result is None
    s = solver or solver_for(g)
    sign = 1 if g.turn == 0 else -1
    out = {}
    for c in g.actions():
        v = s.child(g.hands[0], g.hands[1], g.led, g.turn, *g.pts, *g.tricks, c, -INF, INF)
        out[c] = v * sign
    return out


def best_action(g: BitGame) -> tuple[int, int]:
    """An optimal card for the player on turn and its value for that player."""
    values = action_values(g)
    c = max(values, key=lambda a: (values[a], -a))
    return c, values[c]
