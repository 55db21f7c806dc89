"""One klub deal with every card known, on bitmasks: the search's model of the game.

The same rules as ``apps/matches/engine/variants/klub/play.py`` (tests/bots/test_bitgame.py
checks the two agree move by move on random deals), but mutable and about fifty times faster:
hands are ``int`` masks, the talon a list of card indices, actions ints (a card index,
``EXCHANGE`` or ``CLOSE``). A search builds a ``BitGame`` for one *sampled* world; the real
hidden cards are never read by the levels (``from_deal`` exists for tests and benchmarks only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cardbits import (
    ABOVE,
    CLOSE,
    DECK_20,
    EXCHANGE,
    INDEX,
    JACK,
    POINTS,
    SUIT_MASK,
    mask,
    members,
    partner,
)

if TYPE_CHECKING:
    from apps.matches.engine.cards import Card
    from apps.matches.engine.variants.klub.state import KlubDeal

WIN = 66


def by_loser_state(points: int, tricks: int) -> int:
    if tricks == 0:
        return 3
    return 2 if points < 33 else 1


def for_failed_close(tricks_at_close: int) -> int:
    return 3 if tricks_at_close == 0 else 2


class BitGame:
    """A running deal with both hands and the talon order known."""

    DECK = DECK_20  # the cards of the variant (sixty-six's model, ``BitGame66``, has 24)

    __slots__ = (
        "closed_at",
        "closed_by",
        "hands",
        "leader",
        "led",
        "played",
        "pts",
        "result",
        "talon",
        "tricks",
        "trump",
        "trump_card",
        "trump_taken",
        "turn",
    )

    def __init__(
        self,
        hands: list[int],
        talon: list[int],
        trump_card: int,
        leader: int,
        *,
        trump_taken: bool = False,
        led: int = -1,
        pts: list[int] | None = None,
        tricks: list[int] | None = None,
        closed_by: int = -1,
        closed_at: tuple[tuple[int, int], tuple[int, int]] | None = None,
        played: int = 0,
    ) -> None:
        self.hands = hands
        self.talon = talon  # face-down cards in draw order; the trump card comes after them
        self.trump_card = trump_card
        self.trump = trump_card // 6
        self.trump_taken = trump_taken
        self.leader = leader
        self.turn = leader if led < 0 else 1 - leader
        self.led = led  # the card on the table, or -1
        self.pts = pts if pts is not None else [0, 0]  # card points + marriages
        self.tricks = tricks if tricks is not None else [0, 0]
        self.closed_by = closed_by
        self.closed_at = closed_at
        self.played = played  # every card played to a trick (or lying on the table)
        self.result: tuple[int, int] | None = None  # (winner, game points)

    def clone(self) -> BitGame:
        g = object.__new__(type(self))
        g.hands = self.hands[:]
        g.talon = self.talon[:]
        g.trump_card = self.trump_card
        g.trump = self.trump
        g.trump_taken = self.trump_taken
        g.leader = self.leader
        g.turn = self.turn
        g.led = self.led
        g.pts = self.pts[:]
        g.tricks = self.tricks[:]
        g.closed_by = self.closed_by
        g.closed_at = self.closed_at
        g.played = self.played
        g.result = self.result
        return g

    @property
    def strict(self) -> bool:
        return self.closed_by >= 0 or not self.talon

    @property
    def can_draw(self) -> bool:
        return self.closed_by < 0 and bool(self.talon)

    def playable(self) -> int:
        """The mask of cards the player on turn may play."""
        hand = self.hands[self.turn]
        led = self.led
        if led < 0 or not (self.closed_by >= 0 or not self.talon):
            return hand
        same = hand & SUIT_MASK[led // 6]
        if same:
            return (same & ABOVE[led]) or same
        return (hand & SUIT_MASK[self.trump]) or hand

    def can_exchange(self) -> bool:
        return (
            self.led < 0
            and self.closed_by < 0
            and bool(self.talon)
            and bool(self.hands[self.turn] >> (self.trump * 6 + JACK) & 1)
        )

    def can_close(self) -> bool:
        return self.led < 0 and self.closed_by < 0 and bool(self.talon)

    def actions(self) -> list[int]:
        """Every legal action: card indices, then ``EXCHANGE`` and ``CLOSE`` when allowed."""
        out = members(self.playable())
        if self.led < 0 and self.closed_by < 0 and self.talon:
            if self.hands[self.turn] >> (self.trump * 6 + JACK) & 1:
                out.append(EXCHANGE)
            out.append(CLOSE)
        return out

    def apply(self, action: int) -> None:
        """Play ``action`` for the player on turn (trusting it is legal)."""
        if action == EXCHANGE:
            seat = self.turn
            jack = self.trump * 6 + JACK
            self.hands[seat] = (self.hands[seat] & ~(1 << jack)) | (1 << self.trump_card)
            self.trump_card = jack
            return
        if action == CLOSE:
            self.closed_by = self.turn
            self.closed_at = ((self.pts[0], self.tricks[0]), (self.pts[1], self.tricks[1]))
            return
        self.play(action)

    def play(self, c: int) -> None:
        seat = self.turn
        hands = self.hands
        if self.led < 0:
            p = partner(c)
            if p >= 0 and hands[seat] >> p & 1:
                self.pts[seat] += 40 if c // 6 == self.trump else 20
                if self.tricks[seat] and self.pts[seat] >= WIN:
                    self._end_66(seat)
                    return
            hands[seat] &= ~(1 << c)
            self.played |= 1 << c
            self.led = c
            self.turn = 1 - seat
            return
        hands[seat] &= ~(1 << c)
        self.played |= 1 << c
        led = self.led
        if c // 6 == led // 6:
            winner = seat if c > led else 1 - seat
        else:
            winner = seat if c // 6 == self.trump else 1 - seat
        self.pts[winner] += POINTS[c] + POINTS[led]
        self.tricks[winner] += 1
        self.led = -1
        self.leader = self.turn = winner
        if self.pts[winner] >= WIN:
            self._end_66(winner)
            return
        if self.closed_by < 0 and self.talon:
            talon = self.talon
            hands[winner] |= 1 << talon.pop(0)
            if talon:
                hands[1 - winner] |= 1 << talon.pop(0)
            else:
                hands[1 - winner] |= 1 << self.trump_card
                self.trump_taken = True
        if not hands[0] and not hands[1]:
            if self.closed_by < 0:
                self.result = (winner, 1)
            else:
                self._end_failed_close()

    def surrender(self, seat: int) -> None:
        self.result = (1 - seat, by_loser_state(self.pts[seat], self.tricks[seat]))

    def _end_66(self, seat: int) -> None:
        other = 1 - seat
        closer = self.closed_by
        if closer < 0:
            self.result = (seat, by_loser_state(self.pts[other], self.tricks[other]))
        elif closer == seat:
            assert self.closed_at is not None
            self.result = (seat, by_loser_state(*self.closed_at[other]))
        else:
            self._end_failed_close()

    def _end_failed_close(self) -> None:
        self.result = (1 - self.closed_by, self.failed_close_points())

    def failed_close_points(self) -> int:
        """What the closer's opponent wins if the close fails: klub counts the opponent's
        tricks when the talon was closed (3 if it had none, else 2)."""
        assert self.closed_at is not None
        return for_failed_close(self.closed_at[1 - self.closed_by][1])

    def value(self, seat: int) -> int:
        """The finished deal's game points from ``seat``'s side (+ won, - lost)."""
        assert self.result is not None
        winner, gp = self.result
        return gp if winner == seat else -gp


def from_deal(deal: KlubDeal, game: type[BitGame] = BitGame, **extra: object) -> BitGame:
    """The engine's ``KlubDeal`` (hidden cards included) as a ``game`` (``BitGame``, or
    ``BitGame66`` with its ``extra`` state: ``bitgame66.from_deal66``). Tests and benchmarks
    only: a level that called this would be reading hidden state."""

    def m(cards: tuple[Card, ...]) -> int:
        return mask(c.code for c in cards)

    played = m(tuple(c for t in deal.tricks for c in t.cards)) | m(deal.table)
    g = game(
        [m(h) for h in deal.hands],
        [INDEX[c.code] for c in deal.talon],
        INDEX[deal.trump_card.code],
        deal.leader,
        **extra,
        trump_taken=deal.trump_card_taken,
        led=INDEX[deal.table[0].code] if deal.table else -1,
        pts=[deal.points(0), deal.points(1)],
        tricks=[deal.trick_count(0), deal.trick_count(1)],
        closed_by=-1 if deal.closed_by is None else deal.closed_by,
        closed_at=deal.closed_at,  # type: ignore[arg-type]
        played=played,
    )
    if deal.result is not None:
        g.result = (deal.result.winner, deal.result.game_points)  # type: ignore[assignment]
    return g
