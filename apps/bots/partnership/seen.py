"""What Kati's seat knows in a ``partnership`` hand, read from its view and the public history
only, and worlds dealt consistently with it.

``Seen.read(view)`` keeps the seat's own hand, the bids, the caller, the called card and
trump, the doublings, the cards played (tricks and table), the caller's side's points, and what
the play proves about the unseen cards: a seat that did not follow the suit led holds none of
it; one that did not trump while void holds no trump; one that did not beat (or over-trump)
when the rules made it holds nothing that would; the Kontra and Subkontra seats do not hold the
called card; a public partner holds it until it plays it; a seat that announced a marriage
holds the other card of the pair until it plays it. The partner is known only when the view
says so (``deal.partner``: public, or the seat holds the called card itself).

``deal(rng)`` lays the unseen cards out with the other seats, each as many as it holds, within
all of that. The called card goes to a seat other than the caller when one may hold it: callers
call a card they lack (a solo is the rare exception).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cardbits import ABOVE, INDEX, SUIT_MASK, SUITS, mask, members
from .world import SEATS, World, beats

View = dict[str, Any]
ATTEMPTS = 40


@dataclass(frozen=True)
class Seen:
    seat: int
    phase: str
    hand: int
    sizes: tuple[int, ...]
    standing: int  # the standing bid's table value (0: none)
    caller: int | None
    called: int | None  # card index
    trump: int | None  # suit index
    durchmarsch: bool
    value: int  # the hand's value now (0 before the bidding ends)
    doublings: tuple[int, ...]  # the seats that doubled, in order
    partner: int | None  # the holder of the called card, if this seat knows it
    leader: int
    table: tuple[int, ...]  # cards on the table, from the leader
    played: int
    points: int  # the caller's side's points (counted marriages included)
    pending: int  # marriage points announced on the trick on the table
    cannot: tuple[int, ...]  # per seat: cards it certainly does not hold
    holds: tuple[int, ...]  # per seat: unplayed cards it certainly holds
    by: tuple[int, ...]  # per seat: the cards it has played
    passed: tuple[int, ...]  # the seats that passed before anyone bid

    @staticmethod
    def read(view: View) -> Seen:
        deal = view["deal"]
        history = view["history"]
        seat = view["seat"]
        hand = mask(deal["hand"])
        called = None if deal["called_card"] is None else INDEX[deal["called_card"]]
        trump = None if deal["trump_suit"] is None else SUITS.index(deal["trump_suit"])
        cannot = [0] * SEATS
        by = [0] * SEATS
        played = 0
        for trick in history["tricks"]:
            played |= _learn(trick["cards"], trump, cannot, by)
        table = deal["table"]
        played |= _learn(table, trump, cannot, by)
        holds = [0] * SEATS
        partner = deal["partner"]
        doublings = tuple(d["seat"] for d in deal["doublings"])
        if called is not None and not (played | hand) >> called & 1:
            if partner is not None:
                holds[partner] |= 1 << called
            else:
                for s in doublings[0::2]:  # Kontra, Subkontra: the opposing side
                    cannot[s] |= 1 << called
        pending = 0
        tricks_done = len(history["tricks"])
        for m in deal["marriages"]:
            pair = mask([m["suit"] + "K", m["suit"] + "O"]) & ~played & ~hand
            holds[m["seat"]] |= pair
            if m["trick"] == tricks_done:
                pending = m["points"]
        return Seen(
            seat=seat,
            phase=deal["phase"],
            hand=hand,
            sizes=tuple(deal["hand_sizes"]),
            standing=max((b["value"] for b in deal["bids"]), default=0),
            caller=deal["caller"],
            called=called,
            trump=trump,
            durchmarsch=deal["level"] == "durchmarsch",
            value=deal["value"] or 0,
            doublings=doublings,
            partner=partner,
            leader=deal["leader"],
            table=tuple(INDEX[t["card"]] for t in table),
            played=played,
            points=deal["side_points"],
            pending=pending,
            cannot=tuple(cannot),
            holds=tuple(holds),
            by=tuple(by),
            passed=_passed(deal["bids"]),
        )

    @property
    def unseen(self) -> int:
        return ((1 << 24) - 1) & ~self.hand & ~self.played

    def friend(self, seat: int) -> bool | None:
        """Whether ``seat`` is on this seat's side, if it knows (None: it cannot tell yet)."""
        if seat == self.seat:
            return True
        if self.caller is None:
            return None
        me_side = self.seat in (self.caller, self.partner)
        if self.partner is not None:
            return (seat in (self.caller, self.partner)) == me_side
        if self.seat == self.caller:  # the caller, its partner unknown: nobody is sure
            return None
        # an opponent that does not know the partner: the caller is not on its side
        return None if seat != self.caller else False

    def deal(self, rng: random.Random) -> list[int]:
        """The hands of every seat in one layout of the unseen cards consistent with what this
        seat knows."""
        for _ in range(ATTEMPTS):
            hands = self._try(rng, strict=True)
            if hands is not None:
                return hands
        hands = self._try(rng, strict=False)
        assert hands is not None
        return hands

    def _try(self, rng: random.Random, *, strict: bool) -> list[int] | None:
        others = [s for s in range(SEATS) if s != self.seat]
        hands = [0] * SEATS
        hands[self.seat] = self.hand
        room = {s: self.sizes[s] for s in others}
        rest = self.unseen
        for s in others:
            fixed = self.holds[s] & rest
            hands[s] |= fixed
            room[s] -= fixed.bit_count()
            rest &= ~fixed
        cards = members(rest)
        rng.shuffle(cards)
        if self.called is not None and rest >> self.called & 1:
            cards.remove(self.called)
            cards.insert(0, self.called)
        if strict:  # the most constrained first
            cards.sort(key=lambda c: sum(1 for s in others if not self.cannot[s] >> c & 1))
        for c in cards:
            seats = [
                s for s in others if room[s] > 0 and (not strict or not self.cannot[s] >> c & 1)
            ]
            if c == self.called and len(seats) > 1 and self.caller in seats:
                seats.remove(self.caller)
            if not seats:
                return None
            s = rng.choice(seats)
            hands[s] |= 1 << c
            room[s] -= 1
        return hands

    def world(self, rng: random.Random, hands: list[int] | None = None) -> World:
        """A world of the running hand (after the bidding) for the search: ``hands`` (by
        default a fresh ``deal``) with the hand's state."""
        assert self.trump is not None and self.caller is not None and self.called is not None
        if hands is None:
            hands = self.deal(rng)
        holder = next((s for s in range(SEATS) if hands[s] >> self.called & 1), None)
        if holder is None:  # played already
            holder = self.partner if self.partner is not None else self.caller
        return World(
            hands,
            self.trump,
            self.caller,
            holder,
            durchmarsch=self.durchmarsch,
            leader=self.leader,
            table=list(self.table),
            points=self.points,
            pending=self.pending,
        )


def _passed(calls: list[dict[str, Any]]) -> tuple[int, ...]:
    """The seats that passed while no bid stood (on the bidding's first round)."""
    out: list[int] = []
    for call in calls:
        if call["card"] is not None:
            break
        out.append(call["seat"])
    return tuple(out)


def _learn(cards: list[dict[str, Any]], trump: int | None, cannot: list[int], by: list[int]) -> int:
    """The cards of one trick (``{"seat", "card"}`` from its leader); records in ``cannot``
    what each follower proved it does not hold, and in ``by`` who played what. Returns the
    cards as a mask."""
    seen = 0
    best = -1
    led = -1
    for i, entry in enumerate(cards):
        c = INDEX[entry["card"]]
        seen |= 1 << c
        by[entry["seat"]] |= 1 << c
        if i == 0:
            best, led = c, c // 6
            continue
        if trump is not None:
            cannot[entry["seat"]] |= _not_held(c, led, best, trump)
            if beats(c, best, trump):
                best = c
    return seen


def _not_held(c: int, led: int, best: int, trump: int) -> int:
    """What playing ``c`` onto a trick led in suit ``led`` and held by ``best`` proves."""
    proven = 0
    if c // 6 != led:
        proven |= SUIT_MASK[led]
        if c // 6 != trump:
            proven |= SUIT_MASK[trump]
        elif best // 6 == trump and c < best:
            proven |= ABOVE[best]
    elif best // 6 == led and c < best:
        proven |= ABOVE[best]
    return proven
