"""One sixty-six deal with every card known, on bitmasks: the search's model of the 24-card game.

The rules of ``apps/matches/engine/variants/sixty_six`` (rules §3 and §6) on klub's ``BitGame``
(tests/bots/test_bitgame66.py checks the two agree move by move on random deals): 6 cards each,
the trump *nine* exchanged by a leader who has won a trick in the deal, closing and the strict
rules as in klub, automatic marriages; but 66 ends nothing by itself. A seat says "enough"
(``DECLARE``) on its own turn, or right after leading a marriage card (``declare(seat)``): right
with 66 and a trick, else wrong. After the last trick its winner declares or lets the count
decide (``COUNT``): the card points, 60:60 a draw (``result`` ``(None, 0)``). Every decided
deal's winner also takes ``bonus`` (the game points of the draws before it).

``auto``: the model the searches and rollouts play. Nobody declares wrongly and every seat
declares as soon as it is right (when it gets the turn, and right after leading a marriage card
that takes it to 66): that is never worse for it, since a right declaration scores the loser's
state, which only grows, or a close's state, which is fixed. So ``DECLARE`` and ``COUNT`` are
no actions there; the last trick's winner declares if it is right and lets the count decide
otherwise. A wrong declaration can cost less than losing by the count or than surrendering
(2 instead of 3); ``auto`` never tries it, and neither does Kati.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bitgame import WIN, BitGame, by_loser_state, from_deal
from .cardbits import CLOSE, COUNT, DECK_24, DECLARE, EXCHANGE, NINE, POINTS, members, partner

if TYPE_CHECKING:
    from apps.matches.engine.variants.sixty_six.state import SixtySixDeal

__all__ = ["COUNT", "DECLARE", "BitGame66", "from_deal66"]


def for_wrong_declaration(opponent_tricks: int) -> int:
    """Game points to the opponent of a wrong declaration: 3 if it has no trick, else 2."""
    return 3 if opponent_tricks == 0 else 2


def for_failed_close(closer_tricks_at_close: int) -> int:
    """Game points to the closer's opponent when the close fails: 3 only if the closer had no
    trick when closing, else 2."""
    return 3 if closer_tricks_at_close == 0 else 2


class BitGame66(BitGame):
    """A running sixty-six deal with both hands and the talon order known. ``pts`` are the
    scores (card points plus marriages), ``cp`` the card points alone (what the count
    compares)."""

    __slots__ = ("auto", "bonus", "cp")

    DECK = DECK_24

    def __init__(
        self,
        hands: list[int],
        talon: list[int],
        trump_card: int,
        leader: int,
        *,
        cp: list[int] | None = None,
        bonus: int = 0,
        auto: bool = False,
        **kw: object,
    ) -> None:
        super().__init__(hands, talon, trump_card, leader, **kw)  # type: ignore[arg-type]
        self.cp = cp if cp is not None else [0, 0]
        self.bonus = bonus
        self.auto = auto

    def clone(self) -> BitGame66:
        g = super().clone()
        assert isinstance(g, BitGame66)
        g.cp = self.cp[:]
        g.bonus = self.bonus
        g.auto = self.auto
        return g

    # --- what may be done ------------------------------------------------------------------

    @property
    def all_played(self) -> bool:
        """Every card is played: the last trick's winner (on turn) has the word."""
        return self.led < 0 and not self.hands[0] and not self.hands[1]

    def right(self, seat: int) -> bool:
        """Whether a declaration by ``seat`` would be right: 66 or more and a trick."""
        return self.tricks[seat] > 0 and self.pts[seat] >= WIN

    def marriage_led(self) -> bool:
        """The leader has just led a marriage card: its partner is still in the leader's hand
        (only a marriage lead leaves it so)."""
        if self.led < 0:
            return False
        mate = partner(self.led)
        return mate >= 0 and bool(self.hands[self.leader] >> mate & 1)

    def may_declare(self, seat: int) -> bool:
        """Whether ``seat`` may say "enough" now: on its turn, or right after leading a
        marriage card (before the follower plays)."""
        if self.result is not None:
            return False
        return seat == self.turn or (seat == self.leader and self.marriage_led())

    def can_exchange(self) -> bool:
        return (
            self.led < 0
            and self.closed_by < 0
            and bool(self.talon)
            and self.tricks[self.turn] > 0
            and bool(self.hands[self.turn] >> (self.trump * 6 + NINE) & 1)
        )

    def actions(self) -> list[int]:
        """Every legal action of the seat on turn: card indices, then ``EXCHANGE`` and
        ``CLOSE`` when allowed, then ``DECLARE`` (not in ``auto``); after the last trick
        ``DECLARE`` and ``COUNT`` (none in ``auto``, where the deal is over then)."""
        if self.result is not None:
            return []
        if self.all_played:
            return [] if self.auto else [DECLARE, COUNT]
        out = members(self.playable())
        if self.led < 0 and self.closed_by < 0 and self.talon:
            if self.can_exchange():
                out.append(EXCHANGE)
            out.append(CLOSE)
        if not self.auto:
            out.append(DECLARE)
        return out

    # --- doing it ----------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Play ``action`` for the player on turn (trusting it is legal)."""
        if action == DECLARE:
            self.declare(self.turn)
        elif action == COUNT:
            self.count()
        elif action == EXCHANGE:
            seat = self.turn
            nine = self.trump * 6 + NINE
            self.hands[seat] = (self.hands[seat] & ~(1 << nine)) | (1 << self.trump_card)
            self.trump_card = nine
        elif action == CLOSE:
            self.closed_by = self.turn
            self.closed_at = ((self.pts[0], self.tricks[0]), (self.pts[1], self.tricks[1]))
        else:
            self.play(action)

    def play(self, c: int) -> None:
        seat = self.turn
        hands = self.hands
        hands[seat] &= ~(1 << c)
        self.played |= 1 << c
        if self.led < 0:
            p = partner(c)
            marriage = p >= 0 and bool(hands[seat] >> p & 1)
            if marriage:
                self.pts[seat] += 40 if c // 6 == self.trump else 20
            self.led = c
            self.turn = 1 - seat
            if self.auto:
                if marriage and self.right(seat):
                    self.declare(seat)  # right after leading the marriage card
                elif self.right(1 - seat):
                    self.declare(1 - seat)  # the follower, on its turn
            return
        led = self.led
        if c // 6 == led // 6:
            winner = seat if c > led else 1 - seat
        else:
            winner = seat if c // 6 == self.trump else 1 - seat
        points = POINTS[c] + POINTS[led]
        self.pts[winner] += points
        self.cp[winner] += points
        self.tricks[winner] += 1
        self.led = -1
        self.leader = self.turn = winner
        if self.closed_by < 0 and self.talon:
            talon = self.talon
            hands[winner] |= 1 << talon.pop(0)
            if talon:
                hands[1 - winner] |= 1 << talon.pop(0)
            else:
                hands[1 - winner] |= 1 << self.trump_card
                self.trump_taken = True
        if self.auto:
            if self.right(winner):
                self.declare(winner)
            elif not hands[0] and not hands[1]:
                self.count()

    def _settle(self, winner: int | None, game_points: int) -> None:
        if winner is not None:
            game_points += self.bonus
        self.result = (winner, game_points)  # type: ignore[assignment]

    def declare(self, seat: int) -> None:
        """``seat`` says "enough" (trusting it may, ``may_declare``), and the deal ends.

        Talon not closed: right, it wins by the loser's score and tricks (3 / 2 / 1); wrong,
        the opponent wins 2, or 3 if it has no trick. After a close: the closer's right
        declaration is a successful close (the opponent's state at closing), the closer's
        wrong one or the opponent's right one a failed close, the opponent's wrong one a wrong
        declaration."""
        other = 1 - seat
        right = self.right(seat)
        closer = self.closed_by
        if closer < 0:
            if right:
                self._settle(seat, by_loser_state(self.pts[other], self.tricks[other]))
            else:
                self._settle(other, for_wrong_declaration(self.tricks[other]))
        elif seat == closer:
            if right:
                assert self.closed_at is not None
                self._settle(seat, by_loser_state(*self.closed_at[other]))
            else:
                self._settle(other, self.failed_close_points())
        elif right:
            self._settle(seat, self.failed_close_points())
        else:
            self._settle(other, for_wrong_declaration(self.tricks[other]))

    def count(self) -> None:
        """Every card is played and nobody declared: after a close, the close failed; else the
        more card points win, scored by the loser's score and tricks; 60:60 is a draw."""
        if self.closed_by >= 0:
            self._settle(1 - self.closed_by, self.failed_close_points())
            return
        if self.cp[0] == self.cp[1]:
            self._settle(None, 0)
            return
        winner = 0 if self.cp[0] > self.cp[1] else 1
        loser = 1 - winner
        self._settle(winner, by_loser_state(self.pts[loser], self.tricks[loser]))

    def surrender(self, seat: int) -> None:
        self._settle(1 - seat, by_loser_state(self.pts[seat], self.tricks[seat]))

    def failed_close_points(self) -> int:
        """Sixty-six counts the *closer's* tricks when it closed: 3 if it had none, else 2."""
        assert self.closed_at is not None
        return for_failed_close(self.closed_at[self.closed_by][1])


def from_deal66(deal: SixtySixDeal, *, auto: bool = False) -> BitGame66:
    """The engine's ``SixtySixDeal`` (hidden cards included) as a ``BitGame66``. Tests and
    benchmarks only: a level that called this would be reading hidden state."""
    g = from_deal(deal, BitGame66, cp=list(deal.card_points), bonus=deal.bonus, auto=auto)
    assert isinstance(g, BitGame66)
    return g
