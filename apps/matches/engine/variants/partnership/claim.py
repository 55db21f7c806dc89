"""The claim ("show the cards", rules §6): may the caller or the holder, on its lead, show its
hand? Exactly when, from that seat's own knowledge, it wins every remaining trick itself against
every layout of the unseen cards and every legal reply.

**Knowledge** (:func:`knowledge`): the seat's hand, the played cards, and what the play, the
doublings and the announcements prove: a seat that did not follow the suit led holds none of it;
one that did not trump while void holds no trump; one that did not beat (or over-trump) the
trick's highest card when the rules made it holds nothing that would; the Kontra and Subkontra
seats do not hold the called card; a public partner does (until it plays it); a seat that
announced a marriage holds the other card of the pair (until it plays it). All of it is a set of
seats each unseen card may lie with (``Knowledge.allowed``).

**The search** (:func:`claim_holds`). The seat wins every remaining trick only if it leads each
of them with a card no one can beat, whatever the layout: a lead is *safe* when no unseen card of
its suit ranks higher and (a side suit) no other seat can be void in it while holding a trump —
the rules of §6 would make that seat beat or trump. The seat then wins the trick and leads
again; the others' replies (any card of the suit led, or, void, any card: safety rules out a
trump) tell it more. So the claim holds iff some safe lead leaves, after *every* consistent set
of replies, a position where the claim holds again (it may choose its next lead by what it saw).
The layouts consistent with a position are those where each unseen card lies with an allowed
seat and every seat holds as many cards as the claimer: with three seats, Hall's condition on
the seven sets of seats decides whether one exists. Unseen cards of one suit with the same
allowed seats and the same claimer cards above them are interchangeable (replies never beat the
lead, so their order among themselves never matters): the replies are enumerated once per such
class, and positions are memoised by them. The card points need no search: every trick so far
went to the caller's side (the first opposing trick ends the hand), so winning the rest gives it
all 120, at Snapszer level more than 66.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from ...cards import DECK_24, Card, beats
from .state import PartnershipDeal

INDEX = {c: i for i, c in enumerate(DECK_24)}
SUIT_MASK = {s: sum(1 << INDEX[c] for c in DECK_24 if c.suit == s) for s in "PTZM"}
ABOVE = {
    c: sum(1 << INDEX[x] for x in DECK_24 if x.suit == c.suit and x.order > c.order)
    for c in DECK_24
}
OTHERS = 3


@dataclass(frozen=True)
class Knowledge:
    """What the seat on lead knows: its ``hand``, the ``trump`` suit, and for each unseen card
    the others that may hold it (0, 1, 2: the seats after it in turn order)."""

    hand: tuple[Card, ...]
    trump: str
    allowed: dict[Card, frozenset[int]]


def not_held(played: Card, before: tuple[Card, ...], trump: str) -> set[Card]:
    """The cards a seat proved it did not hold by playing ``played`` onto ``before`` under the
    following rules of §6."""
    led = before[0].suit
    best = before[0]
    for c in before[1:]:
        if beats(c, best, trump):
            best = c
    proven: set[Card] = set()
    if played.suit != led:
        proven |= {c for c in DECK_24 if c.suit == led}
        if played.suit != trump:
            proven |= {c for c in DECK_24 if c.suit == trump}
        elif best.suit == trump and played.order < best.order:
            proven |= {c for c in DECK_24 if c.suit == trump and c.order > best.order}
    elif best.suit == led and played.order < best.order:
        proven |= {c for c in DECK_24 if c.suit == led and c.order > best.order}
    return proven


def knowledge(deal: PartnershipDeal, seat: int) -> Knowledge:
    """What ``seat`` knows at its lead (the table is empty)."""
    trump = deal.trump
    assert trump is not None and not deal.table
    seats = deal.seats
    others = [(seat + i) % seats for i in range(1, seats)]
    hand = deal.hands[seat]
    played = set(deal.played)
    allowed = {c: set(range(OTHERS)) for c in DECK_24 if c not in hand and c not in played}
    for trick in deal.tricks:
        for i in range(1, len(trick.cards)):
            player = (trick.leader + i) % seats
            if player == seat:
                continue
            for c in not_held(trick.cards[i], trick.cards[:i], trump) & allowed.keys():
                allowed[c].discard(others.index(player))
    called = deal.called
    if called in allowed:
        if deal.partner_public and deal.holder is not None:
            allowed[called] &= {others.index(deal.holder)}
        else:
            for doubler in deal.doublings[0::2]:  # Kontra, Subkontra: the opposing side
                if doubler != seat:
                    allowed[called].discard(others.index(doubler))
    for m in deal.marriages:
        if m.seat == seat:
            continue
        for c in allowed.keys() & {x for x in DECK_24 if x.suit == m.suit and x.rank in "KO"}:
            allowed[c] &= {others.index(m.seat)}
    return Knowledge(hand, trump, {c: frozenset(s) for c, s in allowed.items()})


def claim_holds(known: Knowledge) -> bool:
    """Whether the seat wins every remaining trick itself, whatever the layout and replies."""
    hand = 0
    for c in known.hand:
        hand |= 1 << INDEX[c]
    masks = [0, 0, 0]
    for c, seats in known.allowed.items():
        for o in seats:
            masks[o] |= 1 << INDEX[c]
    unseen = sum(1 << INDEX[c] for c in known.allowed)
    if not hand or not _feasible(unseen, masks, len(known.hand)):
        return bool(hand)
    return _Search(known.trump).wins(hand, unseen, tuple(masks))


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _feasible(unseen: int, masks: list[int] | tuple[int, ...], n: int) -> bool:
    """A layout exists: each unseen card with a seat allowed it, ``n`` cards each (Hall)."""
    a, b, c = masks
    if unseen & ~(a | b | c):
        return False
    for only, size in ((unseen & ~(b | c), n), (unseen & ~(a | c), n), (unseen & ~(a | b), n)):
        if only.bit_count() > size:
            return False
    return all(only.bit_count() <= 2 * n for only in (unseen & ~c, unseen & ~b, unseen & ~a))


class _Search:
    def __init__(self, trump: str) -> None:
        self.trump = trump
        self.trumps = SUIT_MASK[trump]
        self.memo: dict[tuple[object, ...], bool] = {}

    def _key(self, hand: int, unseen: int, masks: tuple[int, ...]) -> tuple[object, ...]:
        classes: dict[tuple[int, int, int], int] = {}
        for i in _bits(unseen):
            sig = (masks[0] >> i & 1) | (masks[1] >> i & 1) << 1 | (masks[2] >> i & 1) << 2
            klass = (i // 6, (hand & ABOVE[DECK_24[i]]).bit_count(), sig)
            classes[klass] = classes.get(klass, 0) + 1
        return (hand, tuple(sorted(classes.items())))

    def _safe(self, lead: int, hand: int, unseen: int, masks: tuple[int, ...]) -> bool:
        c = DECK_24[lead]
        if unseen & ABOVE[c]:
            return False
        if c.suit == self.trump:
            return True
        n = hand.bit_count()
        suit = SUIT_MASK[c.suit]
        for o in range(OTHERS):
            void = list(masks)
            void[o] &= ~suit
            if not _feasible(unseen, void, n):
                continue
            for t in _bits(unseen & void[o] & self.trumps):
                forced = [m & ~(1 << t) for m in void]
                forced[o] |= 1 << t
                if _feasible(unseen, forced, n):
                    return False
        return True

    def _replies(
        self, lead: int, hand: int, unseen: int, masks: tuple[int, ...]
    ) -> list[list[tuple[int, bool]]]:
        """Per seat: (card, void in the suit led) it may reply, one card per class."""
        side_suit = DECK_24[lead].suit != self.trump
        suit = SUIT_MASK[DECK_24[lead].suit]
        rest = hand & ~(1 << lead)
        options = []
        for o in range(OTHERS):
            seen: dict[tuple[object, ...], int] = {}
            mine: list[tuple[int, bool]] = []
            for i in _bits(unseen & masks[o]):
                void = not (suit >> i & 1)
                if void and side_suit and self.trumps >> i & 1:
                    continue  # a void seat with a trump would trump: the lead was safe
                sig = tuple(m >> i & 1 for m in masks)
                klass = (i // 6, (rest & ABOVE[DECK_24[i]]).bit_count(), void, sig)
                # interchangeable cards: one is enough, up to one per seat so that several
                # seats may each play one of the class
                if seen.get(klass, 0) < OTHERS:
                    seen[klass] = seen.get(klass, 0) + 1
                    mine.append((i, void))
            options.append(mine)
        return options

    def wins(self, hand: int, unseen: int, masks: tuple[int, ...]) -> bool:
        key = self._key(hand, unseen, masks)
        known = self.memo.get(key)
        if known is not None:
            return known
        result = any(
            self._wins_with(lead, hand, unseen, masks)
            for lead in _bits(hand)
            if self._safe(lead, hand, unseen, masks)
        )
        self.memo[key] = result
        return result

    def _wins_with(self, lead: int, hand: int, unseen: int, masks: tuple[int, ...]) -> bool:
        rest = hand & ~(1 << lead)
        if not rest:
            return True
        suit = SUIT_MASK[DECK_24[lead].suit]
        n = rest.bit_count()
        for replies in product(*self._replies(lead, hand, unseen, masks)):
            cards = [i for i, _ in replies]
            if len(set(cards)) < OTHERS:
                continue
            played = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])
            after = unseen & ~played
            new = []
            for o, (_, void) in enumerate(replies):
                m = masks[o] & ~played
                if void:
                    m &= ~suit & ~self.trumps
                new.append(m)
            if not _feasible(after, new, n):
                continue
            if not self.wins(rest, after, tuple(new)):
                return False
        return True
