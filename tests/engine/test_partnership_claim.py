"""The claim decider (``partnership.claim``) held to a brute-force enumerator of layouts: on
random positions, it says the claim holds exactly when the seat on lead, choosing each lead by
what it has seen, wins every remaining trick against every layout of the unseen cards that its
knowledge allows and every legal reply (rules §6). The enumerator lists the layouts one by one
and plays the following rules of §6 as written; it shares no code with the decider."""

from __future__ import annotations

import random
from collections import defaultdict
from itertools import combinations

import pytest

from apps.matches.engine import DECK_24, Card, card, cards
from apps.matches.engine.variants.partnership.claim import Knowledge, claim_holds

Layout = tuple[frozenset[Card], frozenset[Card], frozenset[Card]]


def _beats(c: Card, best: Card, trump: str) -> bool:
    if c.suit == best.suit:
        return c.order > best.order
    return c.suit == trump


def _legal(hand: frozenset[Card], table: list[Card], trump: str) -> list[Card]:
    """§6: follow and beat the trick's highest card (after a trump, any card of the suit led);
    void, trump, over-trumping if possible; else anything."""
    led = table[0].suit
    best = table[0]
    for c in table[1:]:
        if _beats(c, best, trump):
            best = c
    same = [c for c in hand if c.suit == led]
    if same:
        if best.suit != led:
            return same
        return [c for c in same if c.order > best.order] or same
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        if best.suit != trump:
            return trumps
        return [c for c in trumps if c.order > best.order] or trumps
    return list(hand)


def layouts(unseen: list[Card], allowed: dict[Card, frozenset[int]], n: int) -> list[Layout]:
    found: list[Layout] = []
    for first in combinations([c for c in unseen if 0 in allowed[c]], n):
        rest = [c for c in unseen if c not in first]
        for second in combinations([c for c in rest if 1 in allowed[c]], n):
            third = [c for c in rest if c not in second]
            if all(2 in allowed[c] for c in third):
                found.append((frozenset(first), frozenset(second), frozenset(third)))
    return found


def brute_force(hand: frozenset[Card], deals: list[Layout], trump: str) -> bool:
    if not hand:
        return True
    for lead in sorted(hand):
        groups: dict[tuple[Card, ...], list[Layout]] = defaultdict(list)
        beaten = False
        for deal in deals:
            stack: list[tuple[list[Card], Layout]] = [([lead], deal)]
            while stack and not beaten:
                table, rest = stack.pop()
                seat = len(table) - 1
                if seat == 3:
                    best = table[0]
                    for c in table[1:]:
                        if _beats(c, best, trump):
                            best = c
                    if best is not lead:
                        beaten = True
                    else:
                        groups[tuple(table[1:])].append(rest)
                    continue
                for c in _legal(rest[seat], table, trump):
                    after = list(rest)
                    after[seat] = rest[seat] - {c}
                    stack.append(([*table, c], (after[0], after[1], after[2])))
            if beaten:
                break
        if not beaten and all(brute_force(hand - {lead}, g, trump) for g in groups.values()):
            return True
    return False


def random_position(rng: random.Random, n: int) -> tuple[Knowledge, list[Card]]:
    trump = rng.choice("PTZM")
    deck = list(DECK_24)
    rng.shuffle(deck)
    # often strong: the claimer takes high cards first, so that both answers come up
    if rng.random() < 0.7:
        deck.sort(key=lambda c: -(c.order + (4 if c.suit == trump else 0) + rng.random() * 4))
    hand = tuple(deck[:n])
    others = deck[n : 4 * n]
    rng.shuffle(others)
    allowed: dict[Card, frozenset[int]] = {}
    for i, c in enumerate(others):
        true_seat = i // n
        extra = {s for s in range(3) if s != true_seat and rng.random() < 0.8}
        allowed[c] = frozenset({true_seat} | extra)
    return Knowledge(hand, trump, allowed), others


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_decider_agrees_with_the_enumerator_on_random_positions(n: int) -> None:
    rng = random.Random(1000 + n)
    answers = []
    for _ in range(150 if n < 3 else 25):
        known, unseen = random_position(rng, n)
        expected = brute_force(
            frozenset(known.hand), layouts(unseen, known.allowed, n), known.trump
        )
        assert claim_holds(known) == expected, known
        answers.append(expected)
    assert any(answers) and not all(answers)  # both answers were tested


def test_a_side_ace_is_not_sure_while_a_void_seat_may_hold_a_trump() -> None:
    unseen = cards("ZX ZK PA TU TO MU")
    free = {c: frozenset({0, 1, 2}) for c in unseen}
    known = Knowledge(cards("ZA PX"), "P", free)
    assert not claim_holds(known)  # PA beats PX, and a seat void in zöld may trump the ace
    # drawing the last trump first makes the ace sure
    sure = Knowledge(
        cards("PA PX ZA"),
        "P",
        {c: frozenset({0, 1, 2}) for c in cards("P9 ZX ZK TU TO MU M9 MO MK")},
    )
    assert claim_holds(sure)


def test_knowledge_that_a_seat_holds_a_suit_makes_a_side_card_sure() -> None:
    # seat 0 holds P9 and ZK (proved), the others hold no trump: ZA is safe, then PA
    unseen = cards("P9 ZK TU TO MU M9")
    allowed = {c: frozenset({1, 2}) for c in unseen}
    allowed[card("P9")] = frozenset({0})
    allowed[card("ZK")] = frozenset({0})
    assert claim_holds(Knowledge(cards("ZA PA"), "P", allowed))
