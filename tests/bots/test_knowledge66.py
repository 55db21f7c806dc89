"""What Kati knows of a sixty-six deal (``Knowledge.read``): only public facts in the history,
and every inference true of the real hidden cards on random deals; the 24-card deck, the card
points the count compares, the bonus, and the worlds it samples (``BitGame66``, auto)."""

from __future__ import annotations

import random

from apps.bots.bitgame66 import BitGame66, from_deal66
from apps.bots.cardbits import DECK_24, INDEX, NINES, mask
from apps.bots.knowledge import Knowledge
from apps.matches.engine import CloseTalon, ExchangeTrump
from tests.bots.helpers import assert_history_names_no_hidden_card, bot_view, random_positions
from tests.engine.builders_sixty_six import apply, deck24, p, start

VARIANT = "sixty-six"


def test_history_names_no_hidden_card() -> None:
    rng = random.Random(13)
    for state in random_positions(rng, 150, VARIANT):
        assert_history_names_no_hidden_card(state)


def test_knowledge_is_true_of_the_hidden_cards() -> None:
    rng = random.Random(14)
    positions = 0
    for state in random_positions(rng, 200, VARIANT):
        deal = state.deal
        for seat in (0, 1):
            k = Knowledge.read(bot_view(state, seat))
            opp_hand = mask(c.code for c in deal.hands[1 - seat])
            assert k.variant == VARIANT
            assert k.pts == (deal.points(0), deal.points(1))
            assert k.cp == deal.card_points
            assert k.tricks == (deal.trick_count(0), deal.trick_count(1))
            assert k.closed_at == deal.closed_at
            assert k.bonus == deal.bonus
            assert k.facedown == len(deal.talon)
            assert k.trump_card == INDEX[deal.trump_card.code]
            assert k.opp_known & ~opp_hand == 0
            assert k.opp_forbidden & opp_hand == 0
            assert opp_hand & ~(k.unseen | k.opp_known) == 0
            assert k.opp_size == opp_hand.bit_count()
            assert (k.hand | k.played | k.unseen | k.opp_known) & ~DECK_24 == 0
            world = k.sample_world(rng)
            assert isinstance(world, BitGame66) and world.auto
            assert world.hands[seat] == k.hand
            assert world.hands[1 - seat].bit_count() == k.opp_size
            assert len(world.talon) == len(deal.talon)
            assert world.hands[1 - seat] & k.opp_forbidden == 0
            assert world.cp == list(deal.card_points) and world.turn == deal.turn
            real = from_deal66(deal)
            assert world.actions() == [a for a in real.actions() if a < 27] or seat != deal.turn
            if k.perfect and k.facedown == 0:
                assert world.hands[1 - seat] == opp_hand
            positions += 1
    assert positions > 3000


def test_the_deck_has_the_nines() -> None:
    state = start(deck24(forehand="P9 PA PX TK TO ZU", dealer="M9 ZO ZK TA TX T9", trump="MA"))
    k = Knowledge.read(bot_view(state, 0))
    assert k.hand == mask(["P9", "PA", "PX", "TK", "TO", "ZU"])
    assert k.opp_size == 6 and k.facedown == 11
    assert k.unseen == DECK_24 & ~k.hand & ~mask(["MA"])
    assert k.unseen & NINES == mask(["T9", "Z9", "M9"])


def test_the_exchanged_trump_card_is_known_and_a_marriage_reveals_the_partner() -> None:
    # Seat 0 wins the first trick (PA over P9), exchanges the trump nine M9 for the face-up
    # MA, and leads ZK holding ZO: seat 1 now knows MA and ZO are in seat 0's hand.
    d = deck24(forehand="PA M9 ZK ZO TU TO", dealer="P9 PU TK TA ZU ZX", trump="MA")
    state, _ = apply(start(d), p(0, "PA"), p(1, "P9"), ExchangeTrump(0), p(0, "ZK"))
    k = Knowledge.read(bot_view(state, 1))
    assert k.opp_known & mask(["MA", "ZO"]) == mask(["MA", "ZO"])
    assert k.trump_card == INDEX["M9"]
    assert k.pts[0] == 11 + 20 and k.cp[0] == 11


def test_a_strict_phase_void_is_remembered() -> None:
    # Seat 0 closes and leads PA; seat 1 has no P and no trump (M): it discards ZU.
    state = start(deck24(forehand="PA PX PK TU TO T9", dealer="ZU ZO ZK TA TX Z9", trump="MU"))
    state, _ = apply(state, CloseTalon(0), p(0, "PA"), p(1, "ZU"))
    k = Knowledge.read(bot_view(state, 0))
    p_and_m = mask(["P9", "PU", "PO", "PK", "PX", "PA", "M9", "MU", "MO", "MK", "MX", "MA"])
    assert k.opp_forbidden == p_and_m & k.unseen
