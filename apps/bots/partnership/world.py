"""A ``partnership`` hand with every card known, as the search plays it: bitmask hands, the
strict following rules, marriages, and the end of the hand (rules §4 and §6).

The caller's side wins as soon as it has 66 after a trick (it says "enough"; at Durchmarsch
level it needs every trick), and loses at the first opposing trick without 66. The leader is
always on the caller's side (an opposing trick ends the hand), so a marriage is always worth
announcing when it may be: ``play`` announces it whenever the rules allow.
"""

from __future__ import annotations

from ..cardbits import ABOVE, POINTS, SUIT_MASK, members

SEATS = 4
WINNING = 66
KING, QUEEN = 3, 2


def beats(c: int, best: int, trump: int) -> bool:
    """Whether card ``c`` beats ``best`` (the trick's highest so far)."""
    if c // 6 == best // 6:
        return c > best
    return c // 6 == trump


def legal(hand: int, table: list[int], trump: int) -> int:
    """The cards of ``hand`` the strict rules allow onto ``table`` (rules §6)."""
    if not table:
        return hand
    led = table[0] // 6
    best = table[0]
    for c in table[1:]:
        if beats(c, best, trump):
            best = c
    same = hand & SUIT_MASK[led]
    if same:
        if best // 6 != led:
            return same
        return same & ABOVE[best] or same
    trumps = hand & SUIT_MASK[trump]
    if trumps:
        if best // 6 != trump:
            return trumps
        return trumps & ABOVE[best] or trumps
    return hand


def winner_index(table: list[int], trump: int) -> int:
    """The position in ``table`` of the card that holds the trick."""
    best = 0
    for i in range(1, len(table)):
        if beats(table[i], table[best], trump):
            best = i
    return best


def marriage_points(hand: int, card: int, trump: int, durchmarsch: bool) -> int:
    """What announcing the marriage on leading ``card`` from ``hand`` is worth (0: none)."""
    if durchmarsch or card % 6 not in (KING, QUEEN):
        return 0
    other = card + 1 if card % 6 == QUEEN else card - 1
    if not hand >> other & 1:
        return 0
    return 40 if card // 6 == trump else 20


class World:
    """One layout of the hand: ``hands`` by seat, ``table`` led by ``leader``, the caller's
    side's ``points`` so far (with counted marriages) and ``pending`` marriage points of the
    trick on the table. ``result``: None while running, else whether the caller's side won."""

    __slots__ = (
        "caller",
        "durchmarsch",
        "hands",
        "holder",
        "leader",
        "pending",
        "points",
        "result",
        "table",
        "trump",
    )

    def __init__(
        self,
        hands: list[int],
        trump: int,
        caller: int,
        holder: int,
        *,
        durchmarsch: bool = False,
        leader: int | None = None,
        table: list[int] | None = None,
        points: int = 0,
        pending: int = 0,
    ) -> None:
        self.hands = hands
        self.trump = trump
        self.caller = caller
        self.holder = holder
        self.durchmarsch = durchmarsch
        self.leader = caller if leader is None else leader
        self.table = [] if table is None else table
        self.points = points
        self.pending = pending
        self.result: bool | None = None

    def clone(self) -> World:
        w = World.__new__(World)
        w.hands = list(self.hands)
        w.trump = self.trump
        w.caller = self.caller
        w.holder = self.holder
        w.durchmarsch = self.durchmarsch
        w.leader = self.leader
        w.table = list(self.table)
        w.points = self.points
        w.pending = self.pending
        w.result = self.result
        return w

    @property
    def turn(self) -> int:
        return (self.leader + len(self.table)) % SEATS

    def on_side(self, seat: int) -> bool:
        return seat in (self.caller, self.holder)

    def legal(self) -> int:
        return legal(self.hands[self.turn], self.table, self.trump)

    def play(self, card: int) -> None:
        seat = self.turn
        hand = self.hands[seat]
        if not self.table:
            self.pending = marriage_points(hand, card, self.trump, self.durchmarsch)
        self.hands[seat] = hand & ~(1 << card)
        self.table.append(card)
        if len(self.table) == SEATS:
            self._take()

    def _take(self) -> None:
        table = self.table
        winner = (self.leader + winner_index(table, self.trump)) % SEATS
        if self.on_side(winner):
            self.points += POINTS[table[0]] + POINTS[table[1]] + POINTS[table[2]]
            self.points += POINTS[table[3]] + self.pending
            if not self.hands[winner] or (self.points >= WINNING and not self.durchmarsch):
                self.result = True
        else:
            self.result = not self.durchmarsch and self.points >= WINNING
        self.table = []
        self.pending = 0
        self.leader = winner

    def payoff(self, seat: int, value: int) -> int:
        """The chips ``seat`` wins in the finished hand worth ``value`` (2 v 2 or solo)."""
        assert self.result is not None
        won = self.result == self.on_side(seat)
        solo = self.caller == self.holder
        each = value * (3 if solo and seat == self.caller else 1)
        return each if won else -each


def sweeps(hands: list[int], leader: int, trump: int) -> bool:
    """Whether ``leader`` surely takes every remaining trick, whatever the others play: its
    trumps are the highest ones left and as many as any other seat's (leading them draws
    every other trump, each seat having to follow), and in every other suit its cards are the
    highest ones left (led after the trumps, no one can beat or ruff them). The caller's side
    then wins the hand (every trick). A shortcut of the search, held to a plain minimax over
    the engine by tests/analysis/test_partnership.py."""
    mine = hands[leader]
    rest = 0
    for seat, hand in enumerate(hands):
        if seat != leader:
            rest |= hand
    for suit in range(4):
        own = mine & SUIT_MASK[suit]
        theirs = rest & SUIT_MASK[suit]
        if own and theirs and (own & -own).bit_length() < theirs.bit_length():
            return False  # the leader's lowest card of the suit is below one of theirs
        if suit == trump:
            longest = max((h & theirs).bit_count() for s, h in enumerate(hands) if s != leader)
            if own.bit_count() < longest:
                return False
    return True


def solve(w: World) -> bool:
    """Whether the caller's side wins ``w`` with every card known and best play by both sides
    (a double-dummy search; an opposing trick ends the hand, so the tree is small)."""
    return _Solver(w.trump, w.caller, w.holder, w.durchmarsch).wins(
        list(w.hands), list(w.table), w.leader, w.points, w.pending
    )


class _Solver:
    def __init__(self, trump: int, caller: int, holder: int, durchmarsch: bool) -> None:
        self.trump = trump
        self.side = (caller, holder)
        self.durchmarsch = durchmarsch
        self.memo: dict[tuple[int, ...], bool] = {}

    def wins(self, hands: list[int], table: list[int], leader: int, points: int, pend: int) -> bool:
        if not table:
            if leader in self.side and sweeps(hands, leader, self.trump):
                return True
            key = (*hands, leader, points)
            known = self.memo.get(key)
            if known is not None:
                return known
        seat = (leader + len(table)) % SEATS
        mine = seat in self.side
        hand = hands[seat]
        result = not mine
        for card in reversed(members(legal(hand, table, self.trump))):
            hands[seat] = hand & ~(1 << card)
            table.append(card)
            p = pend
            if len(table) == 1:
                p = marriage_points(hand, card, self.trump, self.durchmarsch)
            if len(table) == SEATS:
                r = self._after_trick(hands, table, leader, points, p)
            else:
                r = self.wins(hands, table, leader, points, p)
            table.pop()
            hands[seat] = hand
            if r == mine:
                result = mine
                break
        if not table:
            self.memo[(*hands, leader, points)] = result
        return result

    def _after_trick(
        self, hands: list[int], table: list[int], leader: int, points: int, pend: int
    ) -> bool:
        winner = (leader + winner_index(table, self.trump)) % SEATS
        if winner not in self.side:
            return not self.durchmarsch and points >= WINNING
        points += POINTS[table[0]] + POINTS[table[1]] + POINTS[table[2]] + POINTS[table[3]] + pend
        if not hands[winner] or (points >= WINNING and not self.durchmarsch):
            return True
        return self.wins(hands, [], winner, points, 0)
