"""Kati's rules of thumb in ``partnership``: how strong a hand is for a trump suit, which card
to call, when to double, and which card to play from what the seat can see.

The strength of a hand for trump suit ``s`` (``strength``) weighs its trumps, the trump ace and
ten, a trump marriage (40), side aces, side marriages and side ace–ten pairs; fitted by hand to
how often the caller's side wins a double-dummy search of random layouts (docs/bots.md). The
called card is the highest trump the hand lacks, so that the partner holds a strong trump.

Play (``card``): the leader (always on the caller's side: an opposing trick ends the hand) leads
a card no unseen card can beat, a trump before a side card, announcing a marriage when it may;
else its highest trump. A follower whose side holds the trick gives it points; else it takes the
trick if it can (last to play: as cheaply as it may, else with its highest winning card), and
otherwise gives as few points as it can. A seat counts another as its partner only when it
knows (``friend``): an unknown seat is treated as an opponent.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cardbits import ABOVE, POINTS, SUIT_MASK, members
from .world import SEATS, World, beats, marriage_points, winner_index

ACE, TEN, KING, QUEEN = 5, 4, 3, 2
HEARTS = 0
BID_AT = 48  # club bids with this strength or more
SOLO_AT = 70  # and plays alone from here
SNAPSZER, DURCHMARSCH = 50, 150


def table_value(card: int, durchmarsch: bool) -> int:
    base = DURCHMARSCH if durchmarsch else SNAPSZER
    return 2 * base if card // 6 == HEARTS else base


def strength(hand: int, s: int) -> int:
    """How strong ``hand`` is with ``s`` as trump (about 40: the caller's side wins most
    layouts; 66 and up: alone too)."""
    t = hand & SUIT_MASK[s]
    score = 10 * t.bit_count()
    score += 12 * (t >> (6 * s + ACE) & 1) + 7 * (t >> (6 * s + TEN) & 1)
    score += 18 * (t >> (6 * s + KING) & t >> (6 * s + QUEEN) & 1)
    for u in range(4):
        if u != s:
            a = hand >> (6 * u + ACE) & 1
            score += 9 * a + 4 * (a & hand >> (6 * u + TEN))
            score += 6 * (hand >> (6 * u + KING) & hand >> (6 * u + QUEEN) & 1)
    return score


def call_for(hand: int, s: int, solo: bool) -> int:
    """The card to call with trump ``s``: the highest trump the hand lacks, or (``solo``, or
    holding every trump) its own highest."""
    suit = SUIT_MASK[s]
    missing = suit & ~hand
    if solo or not missing:
        return (hand & suit).bit_length() - 1 if hand & suit else 6 * s + ACE
    return missing.bit_length() - 1


def best_suit(hand: int) -> tuple[int, int]:
    """The strongest trump suit for ``hand`` and its strength."""
    return max(((strength(hand, s), s) for s in range(4)), key=lambda x: (x[0], -x[1]))[::-1]


def doubling_strength(hand: int, trump: int) -> bool:
    """Strong trumps, the rule of thumb for a Kontra or Subkontra: three trumps, or two with
    the ace or the ten."""
    t = hand & SUIT_MASK[trump]
    top = t >> (6 * trump + ACE) & 1 or t >> (6 * trump + TEN) & 1
    return t.bit_count() >= 3 or (t.bit_count() >= 2 and bool(top))


Friend = Callable[[int], bool | None]


def card(
    hand: int,
    allowed: int,
    table: list[int],
    *,
    leader: int,
    seat: int,
    trump: int,
    friend: Friend,
    outstanding: int,
    durchmarsch: bool,
) -> int:
    """The card ``seat`` plays by the rules of thumb (``allowed``: its legal cards;
    ``outstanding``: the cards it cannot see; ``friend``: whether a seat is on its side)."""
    if not table:
        return _lead(hand, allowed, trump, outstanding, durchmarsch)
    best = winner_index(table, trump)
    holding = (leader + best) % SEATS
    last = len(table) == SEATS - 1
    cards = members(allowed)
    winners = [c for c in cards if beats(c, table[best], trump)]
    if friend(holding) is True and not winners:
        return max(cards, key=lambda c: (POINTS[c], -c))  # partner holds it: give points
    if friend(holding) is True and (last or _safe(table[best], outstanding, trump)):
        return max(cards, key=lambda c: (POINTS[c], -c))
    if winners:
        if last:
            return max(winners, key=lambda c: (POINTS[c], -c))
        return max(winners)
    return min(cards, key=lambda c: (POINTS[c], c))


def _safe(c: int, outstanding: int, trump: int) -> bool:
    """No unseen card can beat ``c``."""
    above = outstanding & ABOVE[c]
    if c // 6 != trump:
        above |= outstanding & SUIT_MASK[trump]
    return not above


def _lead(hand: int, allowed: int, trump: int, outstanding: int, durchmarsch: bool) -> int:
    cards = members(allowed)
    trumps = [c for c in cards if c // 6 == trump]
    masters = [c for c in cards if not outstanding & ABOVE[c]]
    marriage = [c for c in masters if marriage_points(hand, c, trump, durchmarsch)]
    if marriage:
        return max(marriage, key=lambda c: (c // 6 == trump, c))
    trump_masters = [c for c in masters if c // 6 == trump]
    if trump_masters:
        return max(trump_masters)
    if masters:
        return max(masters, key=lambda c: (POINTS[c], c))
    if trumps:
        return max(trumps)
    return max(cards, key=lambda c: (POINTS[c], c))


def world_card(w: World) -> int:
    """The rule-of-thumb card of the seat on turn in a world where every card is known (the
    rollouts of the sampling levels)."""
    seat = w.turn
    mine = w.on_side(seat)
    outstanding = 0
    for s in range(SEATS):
        if s != seat:
            outstanding |= w.hands[s]
    return card(
        w.hands[seat],
        w.legal(),
        w.table,
        leader=w.leader,
        seat=seat,
        trump=w.trump,
        friend=lambda other: w.on_side(other) == mine,
        outstanding=outstanding,
        durchmarsch=w.durchmarsch,
    )


def rollout(w: World) -> World:
    """``w`` played to its end by the rules of thumb, every seat knowing every card."""
    while w.result is None:
        w.play(world_card(w))
    return w
