"""``history_for`` and ``Knowledge``: only public facts, and every inference true of the real
hidden cards on random deals."""

from __future__ import annotations

import random

import pytest

from apps.bots.cardbits import INDEX, mask
from apps.bots.knowledge import Knowledge, MissingHistory
from apps.matches.engine import CloseTalon, ExchangeTrump, history_for, view_for
from tests.bots.helpers import assert_history_names_no_hidden_card, bot_view, random_positions
from tests.engine.builders import apply, deck, p, start


def test_history_names_no_hidden_card() -> None:
    rng = random.Random(3)
    for state in random_positions(rng, 200):
        assert_history_names_no_hidden_card(state)


def test_knowledge_is_true_of_the_hidden_cards() -> None:
    rng = random.Random(4)
    for state in random_positions(rng, 250):
        deal = state.deal
        for seat in (0, 1):
            k = Knowledge.read(bot_view(state, seat))
            opp_hand = mask(c.code for c in deal.hands[1 - seat])
            assert k.pts == (deal.points(0), deal.points(1))
            assert k.tricks == (deal.trick_count(0), deal.trick_count(1))
            assert k.closed_at == deal.closed_at
            assert k.facedown == len(deal.talon)
            assert k.trump_card == INDEX[deal.trump_card.code]
            assert k.opp_known & ~opp_hand == 0
            assert k.opp_forbidden & opp_hand == 0
            assert opp_hand & ~(k.unseen | k.opp_known) == 0
            assert k.opp_size == opp_hand.bit_count()
            world = k.sample_world(rng)
            assert world.hands[seat] == k.hand
            assert world.hands[1 - seat].bit_count() == k.opp_size
            assert len(world.talon) == len(deal.talon)
            assert world.hands[1 - seat] & k.opp_forbidden == 0
            if k.perfect and k.facedown == 0:
                assert world.hands[1 - seat] == opp_hand


def test_a_strict_phase_void_is_remembered() -> None:
    # Trump M. Seat 0 closes at once and leads PA; seat 1 has no P and no trump: it discards ZU,
    # which tells seat 0 it holds neither piros nor makk.
    state = start(deck(forehand="PA PX PK TU TO", dealer="ZU ZO ZK TA TX", trump="MU"))
    state, _ = apply(state, CloseTalon(0), p(0, "PA"), p(1, "ZU"))
    k = Knowledge.read(bot_view(state, 0))
    p_and_m = mask(["PU", "PO", "PK", "PX", "PA", "MU", "MO", "MK", "MX", "MA"])
    assert k.opp_forbidden == p_and_m & k.unseen
    assert k.opp_forbidden == mask(["PU", "PO", "MO", "MK", "MX", "MA"])


def test_a_marriage_reveals_the_partner() -> None:
    # Seat 0 leads PK holding PO: 20 announced, PO is now known to seat 1.
    state = start(deck(forehand="PK PO ZU ZO TU", dealer="ZK TA TX PA PX", trump="MU"))
    state, _ = apply(state, p(0, "PK"))
    k = Knowledge.read(bot_view(state, 1))
    assert k.opp_known == mask(["PO"])
    assert k.opp_forbidden == 0
    assert k.pts[0] == 20


def test_a_king_led_without_announcement_shows_the_queen_is_not_held() -> None:
    # Seat 0 leads PK without PO: the engine announces automatically, so no 20 means seat 0
    # does not hold PO. After the trick both draw, and PO may come from the talon: forgotten.
    state = start(
        deck(forehand="PK ZU ZO TU TO", dealer="ZK TA TX PA PX", trump="MU", talon="MA MX")
    )
    state, _ = apply(state, p(0, "PK"))
    k = Knowledge.read(bot_view(state, 1))
    assert k.opp_forbidden == mask(["PO"])
    state, _ = apply(state, p(1, "PA"), p(1, "TA"))
    k = Knowledge.read(bot_view(state, 0))
    assert k.opp_forbidden == 0  # seat 1 led TA: no K or O
    k = Knowledge.read(bot_view(state, 1))
    assert k.opp_forbidden == 0  # seat 0 drew since leading PK


def test_after_a_close_an_unannounced_queen_lead_is_remembered() -> None:
    # Seat 0 closes and leads ZO without ZK; no one draws after a close, so seat 1 still knows
    # seat 0 has no ZK a trick later.
    state = start(deck(forehand="ZO PU PO TU TO", dealer="ZA PA PX TA TX", trump="MU"))
    state, _ = apply(state, CloseTalon(0), p(0, "ZO"), p(1, "ZA"), p(1, "PA"))
    k = Knowledge.read(bot_view(state, 0))
    assert k.opp_forbidden & mask(["ZK"]) == 0  # about seat 1, which led PA: nothing
    state, _ = apply(state, p(0, "PU"))
    k = Knowledge.read(bot_view(state, 1))
    assert k.opp_forbidden & mask(["ZK"]) == mask(["ZK"])


def test_without_history_the_bot_refuses() -> None:
    state = start(deck(forehand="PK PO ZU ZO TU", dealer="ZK TA TX PA PX", trump="MU"))
    with pytest.raises(MissingHistory):
        Knowledge.read(view_for(state, 0))


def test_history_records_exchange_close_and_strict_tricks() -> None:
    # Seat 0 exchanges MU for the face-up MA, leads ZU (seat 1 takes with ZA), seat 1 closes
    # and leads PA: that second trick is strict, the first was not.
    state = start(
        deck(forehand="MU PU ZU TO TU", dealer="ZA PA PX TA TX", trump="MA", talon="ZO ZK")
    )
    state, _ = apply(
        state, ExchangeTrump(0), p(0, "ZU"), p(1, "ZA"), CloseTalon(1), p(1, "PA"), p(0, "PU")
    )
    history = history_for(state, 0)
    assert history["trump_card_dealt"] == "MA"
    assert history["exchange"] == {"seat": 0, "card": "MU", "taken": "MA"}
    assert history["closed"] == {"seat": 1, "after_tricks": 1}
    assert [t["strict"] for t in history["tricks"]] == [False, True]
    assert history["trump_card_taken_by"] is None
    k = Knowledge.read(bot_view(state, 1))
    assert k.opp_known == mask(["MA"])  # seat 1 knows seat 0 holds the old trump card
    assert k.closed_at == ((0, 0), (13, 1))
