"""The full-deal solver: alpha-beta through the open talon, draws included, for one world.

With the talon order fixed (a sampled world), the whole deal is a deterministic
perfect-information game: after each open trick the winner draws the next face-down card and
the loser the one after it (or the trump card under the talon). ``DealSolver`` searches it on
game points (+3 … -3, for seat 0), with the leader's exchange of the trump jack and closing as
moves of the tree. Once the talon is exhausted or closed the strict-phase ``EndgameSolver``
takes over (one per closing state, each with its own transposition table), so its exact
values are reused across the open-phase branches that reach the same endgame.

This is the reference implementation, and it lives with the tests: the levels use its C twin
(``apps/bots/fastsearch.py`` over ``apps/bots/_search.c``), hundreds of times faster, which
``test_fastsearch.py`` holds to exactly these values (``test_dealsolver.py`` checks this one
against plain minimax). In pure Python the median world costs about 1 ms with one open trick
left, 5 ms with two, 25-50 ms with three, 130 ms with four and 0.3-0.4 s from the first trick
with its loop written out; with the shared node (``reference_solver.alphabeta``) about 4 times that.
"""

from __future__ import annotations

from apps.bots.bitgame import WIN, BitGame, by_loser_state
from apps.bots.cardbits import CLOSE, EXCHANGE, JACK, POINTS, SUIT_MASK, partner
from tests.bots.reference_solver import INF, EndgameSolver, Table, alphabeta


class Endgames:
    """The strict-phase solvers of one world, by closing state (the talon exhausted, or closed
    by a seat at given points and tricks), created on first use."""

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.exhausted = EndgameSolver(trump, -1, None)
        self.closed: dict[tuple[int, int, int, int, int], EndgameSolver] = {}

    def closer(self, seat: int, p0: int, t0: int, p1: int, t1: int) -> EndgameSolver:
        """The solver for the talon closed by ``seat`` at these points and tricks."""
        key = (seat, p0, t0, p1, t1)
        s = self.closed.get(key)
        if s is None:
            s = self.closed[key] = EndgameSolver(self.trump, seat, ((p0, t0), (p1, t1)))
        return s


class DealSolver:
    """Searches one world: both hands, the face-down talon in draw order, the trump card."""

    def __init__(self, g: BitGame) -> None:
        assert g.closed_by < 0 and g.talon and g.result is None
        self.trump = g.trump
        self.trump_mask = SUIT_MASK[g.trump]
        self.jack = g.trump * 6 + JACK
        self.talon = tuple(g.talon)
        self.root = g
        self.endgames = Endgames(g.trump)
        self.exhausted = self.endgames.exhausted
        self.closer = self.endgames.closer
        self.table: Table = {}
        self.nodes = 0

    # -- the root -------------------------------------------------------------------------

    def action_values(self, actions: list[int] | None = None) -> dict[int, int]:
        """The value of each legal action (or of ``actions``) for the player on turn."""
        g = self.root
        h0, h1 = g.hands
        p0, p1 = g.pts
        t0, t1 = g.tricks
        ti = 0
        tc = g.trump_card
        sign = 1 if g.turn == 0 else -1
        out: dict[int, int] = {}
        for a in g.actions() if actions is None else actions:
            v = self.move(h0, h1, ti, tc, g.led, g.turn, p0, p1, t0, t1, a, -INF, INF)
            out[a] = v * sign
        return out

    def value(self, seat: int) -> int:
        """The exact value of the root position for ``seat``."""
        g = self.root
        v = self.search(*g.hands, 0, g.trump_card, g.led, g.turn, *g.pts, *g.tricks, -INF, INF)
        return v if seat == 0 else -v

    def close_lead_values(self) -> dict[int, int]:
        """Closing at the root, then each lead: its exact value for the closer."""
        g = self.root
        assert g.led < 0
        h0, h1 = g.hands
        p0, p1 = g.pts
        t0, t1 = g.tricks
        s = self.closer(g.turn, p0, t0, p1, t1)
        sign = 1 if g.turn == 0 else -1
        out = {}
        for c in self.moves(g.hands[g.turn], -1):
            if c < EXCHANGE:
                out[c] = sign * s.child(h0, h1, -1, g.turn, p0, p1, t0, t1, c, -INF, INF)
        return out

    # -- the open phase -------------------------------------------------------------------

    def search(  # noqa: PLR0917 (the hot path: plain ints)
        self,
        h0: int,
        h1: int,
        ti: int,
        tc: int,
        led: int,
        turn: int,
        p0: int,
        p1: int,
        t0: int,
        t1: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value for seat 0 of an open-talon position (``ti``: face-down cards drawn,
        ``tc``: the card under the talon, the trump jack after an exchange)."""
        self.nodes += 1
        return alphabeta(
            self.table,
            (h0, h1, ti, tc, led, turn, p0, p1, t0 > 0, t1 > 0),
            alpha,
            beta,
            maximise=turn == 0,
            moves=self.moves(h0 if turn == 0 else h1, led),
            value_of=lambda a, lo, hi: self.move(
                h0, h1, ti, tc, led, turn, p0, p1, t0, t1, a, lo, hi
            ),
        )

    def moves(self, hand: int, led: int) -> list[int]:
        """Open-phase moves, likely good ones first: the follower tries to win with its
        cheapest winner and to lose with its cheapest card; the leader may also close or
        exchange."""
        cards = []
        m = hand
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        if led >= 0:
            return sorted(cards, key=lambda c: (not self.beats(c, led), POINTS[c]))
        cards.sort(key=lambda c: -POINTS[c])
        extra = [CLOSE]
        if hand >> self.jack & 1:
            extra.insert(0, EXCHANGE)
        return extra + cards

    def beats(self, c: int, led: int) -> bool:
        if c // 6 == led // 6:
            return c > led
        return c // 6 == self.trump

    def move(  # noqa: PLR0917 (one rule per branch)
        self,
        h0: int,
        h1: int,
        ti: int,
        tc: int,
        led: int,
        turn: int,
        p0: int,
        p1: int,
        t0: int,
        t1: int,
        a: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value for seat 0 after the player on turn makes move ``a`` (talon open)."""
        if a == EXCHANGE:
            jack = 1 << self.jack
            if turn == 0:
                h0 = (h0 & ~jack) | (1 << tc)
            else:
                h1 = (h1 & ~jack) | (1 << tc)
            return self.search(h0, h1, ti, self.jack, -1, turn, p0, p1, t0, t1, alpha, beta)
        if a == CLOSE:
            s = self.closer(turn, p0, t0, p1, t1)
            return s.search(h0, h1, -1, turn, p0, p1, t0, t1, alpha, beta)
        bc = 1 << a
        if led < 0:
            hand = h0 if turn == 0 else h1
            q = partner(a)
            if q >= 0 and hand >> q & 1:
                bonus = 40 if a // 6 == self.trump else 20
                if turn == 0:
                    p0 += bonus
                    if t0 and p0 >= WIN:
                        return by_loser_state(p1, t1)
                else:
                    p1 += bonus
                    if t1 and p1 >= WIN:
                        return -by_loser_state(p0, t0)
            if turn == 0:
                return self.search(h0 & ~bc, h1, ti, tc, a, 1, p0, p1, t0, t1, alpha, beta)
            return self.search(h0, h1 & ~bc, ti, tc, a, 0, p0, p1, t0, t1, alpha, beta)
        if turn == 0:
            h0 &= ~bc
        else:
            h1 &= ~bc
        winner = turn if self.beats(a, led) else 1 - turn
        gained = POINTS[a] + POINTS[led]
        talon = self.talon
        first = 1 << talon[ti]
        last = ti + 1 == len(talon)
        second = 1 << (tc if last else talon[ti + 1])
        if winner == 0:
            p0 += gained
            t0 += 1
            if p0 >= WIN:
                return by_loser_state(p1, t1)
            h0 |= first
            h1 |= second
        else:
            p1 += gained
            t1 += 1
            if p1 >= WIN:
                return -by_loser_state(p0, t0)
            h1 |= first
            h0 |= second
        if last:
            return self.exhausted.search(h0, h1, -1, winner, p0, p1, t0, t1, alpha, beta)
        return self.search(h0, h1, ti + 2, tc, -1, winner, p0, p1, t0, t1, alpha, beta)


def deal_values(g: BitGame) -> dict[int, int]:
    """Each legal action's exact value for the player on turn of an open-talon world."""
    return DealSolver(g).action_values()
