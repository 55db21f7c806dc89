"""The sixty-six reference solver (``reference_solver66``): equal to plain minimax over
``BitGame66`` (auto) on random positions, right on hand-checked ones (the count, the 60:60
draw, a failed close after a trickless close, a declaration right after a marriage lead)."""

from __future__ import annotations

import random

from apps.bots.bitgame66 import BitGame66
from apps.bots.cardbits import INDEX, mask
from tests.bots.helpers import minimax, sixty_six_strict, sixty_six_world
from tests.bots.reference_solver66 import action_values, close_lead_values, value


def endgame66(hand0: str, hand1: str, **kw: object) -> BitGame66:
    """Sixty-six, trump M, the talon exhausted, seat 0 to lead unless told otherwise; ``cp``
    defaults to the scores (no marriages)."""
    pts = kw.pop("pts", [0, 0])
    return BitGame66(
        [mask(hand0.split()), mask(hand1.split())],
        [],
        INDEX["M9"],
        kw.pop("leader", 0),  # type: ignore[arg-type]
        trump_taken=True,
        auto=True,
        pts=list(pts),  # type: ignore[call-overload]
        cp=kw.pop("cp", list(pts)),  # type: ignore[arg-type]
        **kw,  # type: ignore[arg-type]
    )


def test_the_reference_equals_minimax_on_random_strict_positions() -> None:
    rng = random.Random(21)
    checked = 0
    while checked < 120:
        g = sixty_six_strict(rng)
        if (g.hands[0] | g.hands[1]).bit_count() > 10:
            continue  # plain minimax is slow with more cards
        for seat in (0, 1):
            assert value(g, seat) == minimax(g, seat)
        for a, v in action_values(g).items():
            h = g.clone()
            h.apply(a)
            assert v == minimax(h, g.turn)
        checked += 1


def test_the_reference_equals_minimax_with_one_open_trick_left() -> None:
    rng = random.Random(22)
    for _ in range(12):
        g = sixty_six_world(rng, 1)
        for a, v in action_values(g).items():  # cards, the exchange and closing
            h = g.clone()
            h.apply(a)
            assert v == minimax(h, g.turn)
        if g.led < 0:
            for c, v in close_lead_values(g).items():
                h = g.clone()
                h.apply(25)  # CLOSE
                h.apply(c)
                assert v == minimax(h, g.turn)


def test_the_count_decides_and_sixty_all_is_a_draw() -> None:
    # (Card points add up to 120 with the cards left, as in a real deal.)
    # Seat 0 leads PX (seat 1 must follow with P9): 65; then T9 takes ZU: 67, right, it
    # declares against 53: 1. Leading T9 first ends the same way.
    g = endgame66("PX T9", "P9 ZU", pts=[55, 53], tricks=[3, 3])
    assert value(g, 0) == 1
    # Nobody reaches 66: the count, 61 against 59 card points, the loser with 33 or more: 1.
    g = endgame66("PX", "P9", pts=[51, 59], tricks=[3, 3])
    assert value(g, 0) == 1
    # 60:60: a draw, worth nothing.
    g = endgame66("PU", "P9", pts=[58, 60], tricks=[3, 3])
    assert value(g, 0) == 0


def test_a_failed_close_costs_three_only_if_the_closer_had_no_trick() -> None:
    # Seat 0 closed with no trick; it cannot reach 66 any more: 3 to seat 1.
    g = endgame66("PU", "PA", pts=[40, 20], tricks=[2, 1], closed_by=0, closed_at=((0, 0), (20, 1)))
    assert value(g, 1) == 3
    # The same with a trick at closing: 2.
    g = endgame66(
        "PU", "PA", pts=[40, 20], tricks=[2, 1], closed_by=0, closed_at=((10, 1), (20, 1))
    )
    assert value(g, 1) == 2


def test_a_declaration_right_after_a_marriage_lead() -> None:
    # Seat 0 has 34 and a trick; leading MO holding MK is 74: it declares before seat 1
    # plays, against 54: 1. Leading PU lets seat 1 take it with PA or PX: 66 or more, and
    # seat 1 declares against 34: 1 to seat 1.
    g = endgame66("MK MO PU", "PA PX TU", pts=[34, 54], tricks=[1, 2])
    values = action_values(g)
    assert values[INDEX["MK"]] == values[INDEX["MO"]] == 1
    assert values[INDEX["PU"]] == -1
