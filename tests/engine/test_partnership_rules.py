"""The rules of ``partnership`` (rules §4 and the partnership rulings of §6), one test per rule,
played through ``decide`` from hands laid out by the test."""

from __future__ import annotations

import pytest

from apps.matches.engine import DECK_24, RuleViolation, card, cards, history_for, view_for
from apps.matches.engine.cards import sorted_codes
from apps.matches.engine.variants.partnership.commands import (
    Bid,
    EndDoubling,
    Kontra,
    NoDouble,
    Pass,
    Play,
    Rekontra,
    ShowCards,
    Subkontra,
)
from apps.matches.engine.variants.partnership.events import PartnerRevealed
from apps.matches.engine.variants.partnership.evolve import layout
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough

from .builders_partnership import Table, registered  # noqa: F401 (the autouse fixture)

# dealer 3: seat 0 bids first and, calling, leads
FOLLOWING = ["ZU ZA PA PX PK PO", "MU TA TX TK TO T9", "ZK ZO ZX Z9 TU P9", "MA MX MK MO M9 PU"]
BEATING = ["ZU PA PX PK PO P9", "ZX TA TX TK TO T9", "ZA ZO MU TU PU ZK", "MA MX MK MO M9 Z9"]
# seat 0 calls PA (seat 1): trump piros, value 100
HEARTS = ["PK PO PX ZA ZX T9", "PA P9 PU MA MX TX", "ZK ZO ZU Z9 TK TO", "MK MO MU M9 TA TU"]
LOST_MARRIAGE = ["ZK ZO PX PK TA TX", "PA P9 PU MA MX T9", "ZA ZX ZU Z9 TK TO", "MK MO MU M9 PO TU"]


def refused(table: Table, command: object, code: str) -> None:
    before = table.state
    with pytest.raises(RuleViolation) as refusal:
        table.do(command)  # type: ignore[arg-type]
    assert refusal.value.code == code
    assert table.state is before


def called(hands: list[str], code: str, *, durchmarsch: bool = False) -> Table:
    """Seat 0 calls ``code``, the others pass, and nobody doubles."""
    table = Table(hands)
    table.do(Bid(0, card(code), durchmarsch))
    for seat in (1, 2, 3):
        table.do(Pass(seat))
    for seat in (1, 2, 3):
        table.do(NoDouble(seat))
    assert table.deal_state.phase == "play"
    return table


def reason(table: Table) -> str:
    return table.deal_state.result.reason


# --- dealing -------------------------------------------------------------------------------


def test_dealing_in_packets_of_three_from_the_dealers_left() -> None:
    d = DECK_24
    for dealer in range(4):
        hands = layout(d, dealer)
        for k in range(1, 5):
            seat = (dealer + k) % 4
            assert hands[seat] == d[3 * (k - 1) : 3 * k] + d[12 + 3 * (k - 1) : 12 + 3 * k]


def test_dealer_and_first_bidder_move_one_seat_per_hand() -> None:
    table = Table(HEARTS, dealer=1)
    assert table.deal_state.dealer == 1 and table.deal_state.turn == 2
    for seat in (2, 3, 0, 1):
        table.do(Pass(seat))
    table.deal(HEARTS)
    assert table.deal_state.dealer == 2 and table.deal_state.turn == 3


# --- bidding -------------------------------------------------------------------------------


def test_bidding_goes_clockwise_and_only_the_seat_in_turn_bids() -> None:
    table = Table(HEARTS)
    refused(table, Bid(1, card("TA")), "not_your_turn")
    table.do(Bid(0, card("TA")))
    refused(table, Pass(0), "not_your_turn")
    assert table.deal_state.turn == 1


def test_a_bid_needs_a_strictly_higher_table_value() -> None:
    table = Table(HEARTS)
    table.do(Bid(0, card("TA")))  # 50
    refused(table, Bid(1, card("ZA")), "bid_too_low")  # another card, the same 50
    table.do(Bid(1, card("P9")))  # hearts: 100
    refused(table, Bid(2, card("MA")), "bid_too_low")
    table.do(Bid(2, card("MA"), durchmarsch=True))  # 150
    refused(table, Bid(3, card("ZA"), durchmarsch=True), "bid_too_low")
    table.do(Bid(3, card("PA"), durchmarsch=True))  # 300: nothing is higher
    assert [a.type for a in _actions(table, 0)] == ["pass"]


def _actions(table: Table, seat: int) -> list:
    from apps.matches.engine import legal_actions  # noqa: PLC0415

    return [a for a in legal_actions(table.state, seat) if a.type not in ("leave", "resign")]


def test_a_seat_that_passed_may_bid_again() -> None:
    table = Table(HEARTS)
    table.do(Pass(0))
    table.do(Bid(1, card("TA")))
    table.do(Pass(2))
    table.do(Pass(3))
    table.do(Bid(0, card("PA")))
    assert table.deal_state.bid.seat == 0


def test_three_passes_after_a_bid_end_the_bidding_the_called_suit_is_trump() -> None:
    table = Table(HEARTS)
    table.do(Bid(0, card("TA")))
    table.do(Pass(1))
    table.do(Bid(2, card("PA")))
    for seat in (3, 0, 1):
        table.do(Pass(seat))
    deal = table.deal_state
    assert deal.phase == "doubling" and deal.caller == 2 and deal.trump == "P"
    view = view_for(table.state, 0)["deal"]
    assert view["caller"] == 2 and view["called_card"] == "PA" and view["value"] == 100


def test_all_pass_pays_fifty_each_into_the_pot_and_deals_again() -> None:
    table = Table(HEARTS)
    for seat in (0, 1, 2, 3):
        table.do(Pass(seat))
    deal = table.deal_state
    assert reason(table) == "all_passed"
    assert deal.settlement.chips == (2950,) * 4 and deal.settlement.pot == 200
    assert table.state.awaiting_deal
    table.deal(HEARTS)
    assert table.deal_state.pot == 200 and table.deal_state.dealer == 0


def test_the_pot_goes_to_the_winners_of_the_next_played_hand() -> None:
    table = Table(HEARTS)
    for seat in (0, 1, 2, 3):
        table.do(Pass(seat))
    table.deal(LOST_MARRIAGE)  # dealer 0 now: seat 1 bids first
    table.do(Pass(1))
    table.do(Pass(2))
    table.do(Pass(3))
    table.do(Bid(0, card("PA")))  # seat 1 holds it
    for seat in (1, 2, 3):
        table.do(Pass(seat))
    for seat in (1, 2, 3):
        table.do(NoDouble(seat))
    _lose_with_the_marriage(table)
    settled = table.deal_state.settlement
    assert settled.winners == (2, 3)
    assert settled.chips == (2850, 2850, 2950 + 100 + 100, 2950 + 100 + 100)
    assert settled.pot == 0


# --- solo ----------------------------------------------------------------------------------


def test_calling_a_card_of_ones_own_hand_is_a_solo_paid_three_times() -> None:
    table = called(HEARTS, "PK")  # seat 0's own card: a solo, 100
    deal = table.deal_state
    assert deal.solo
    # nobody else learns it is a solo before the partner is public
    assert view_for(table.state, 1)["deal"]["partner"] is None
    assert view_for(table.state, 0)["deal"]["partner"] == 0
    table.do(Play(0, card("T9")))  # seat 3 takes it with TA: the first opposing trick
    table.do(Play(1, card("TX")))
    table.do(Play(2, card("TK")))
    table.do(Play(3, card("TA")))
    settled = table.deal_state.settlement
    assert reason(table) == "opposing_trick"
    assert settled.changes == (-300, 100, 100, 100)


# --- doubling ------------------------------------------------------------------------------


def _bid_ta(table: Table) -> None:
    table.do(Bid(0, card("PA")))  # seat 1 holds PA
    for seat in (1, 2, 3):
        table.do(Pass(seat))


def test_kontra_rekontra_subkontra_who_may_and_each_once() -> None:
    table = Table(HEARTS)
    _bid_ta(table)
    refused(table, Kontra(0), "may_not_double")  # the caller
    refused(table, Kontra(1), "may_not_double")  # the holder (told to it alone)
    refused(table, Rekontra(0), "doubling_out_of_order")
    table.do(Kontra(2))
    refused(table, Kontra(3), "already_doubled")
    refused(table, Rekontra(3), "may_not_double")  # opposing side
    refused(table, Rekontra(2), "may_not_double")  # the one who said Kontra
    events = table.do(Rekontra(1))
    assert PartnerRevealed(1, "rekontra") in events
    refused(table, Subkontra(0), "may_not_double")
    refused(table, Subkontra(1), "may_not_double")
    table.do(Subkontra(3))
    deal = table.deal_state
    assert deal.phase == "play" and deal.value == 100 * 8


def test_the_holder_is_offered_the_same_doubling_choice_as_the_opponents() -> None:
    table = Table(HEARTS)
    _bid_ta(table)
    assert view_for(table.state, 1)["deal"]["doubling_offered"] == [1, 2, 3]
    assert [a.type for a in _actions(table, 1)] == ["no_double"]
    assert [a.type for a in _actions(table, 2)] == ["kontra", "no_double"]
    assert _actions(table, 0) == []


def test_the_doubling_window_is_open_until_its_deadline_or_every_seat_lets_it_go() -> None:
    table = Table(HEARTS)
    _bid_ta(table)
    rules = table.state.variant
    assert rules.next_deadline(table.state) == table.now + rules.doubling_window
    refused(table, Play(0, card("PK")), "doubling_in_progress")
    refused(table, EndDoubling(0), "not_due")
    table.wait(5)
    assert rules.due_commands(table.state, table.now) == [EndDoubling(0)]
    refused(table, Kontra(2), "doubling_closed")
    table.do(EndDoubling(0))
    assert table.deal_state.phase == "play"
    refused(table, Kontra(2), "doubling_closed")  # and after it closed, in the play


def test_a_doubling_reopens_the_window_for_the_answer() -> None:
    table = Table(HEARTS)
    _bid_ta(table)
    table.wait(3)
    table.do(Kontra(3))
    rules = table.state.variant
    assert rules.next_deadline(table.state) == table.now + rules.doubling_window
    for seat in (0, 1, 2):
        table.do(NoDouble(seat))
    assert table.deal_state.phase == "play" and table.deal_state.value == 200


# --- following (§6) ------------------------------------------------------------------------


def test_beat_the_tricks_highest_card_whoever_played_it() -> None:
    table = called(BEATING, "MA")
    table.do(Play(0, card("ZU")))
    table.do(Play(1, card("ZX")))
    refused(table, Play(2, card("ZK")), "must_beat")  # ZK beats ZU but not ZX
    table.do(Play(2, card("ZA")))


def test_after_a_trump_any_card_of_the_suit_led_and_a_void_seat_over_trumps() -> None:
    table = called(FOLLOWING, "MA")
    table.do(Play(0, card("ZU")))
    refused(table, Play(1, card("TA")), "must_trump")  # void in zöld, holding a trump
    table.do(Play(1, card("MU")))
    refused(table, Play(2, card("TU")), "must_follow_suit")
    table.do(Play(2, card("ZO")))  # ZX would beat ZU, but the trick is trumped
    refused(table, Play(3, card("M9")), "must_beat")  # must over-trump MU
    refused(table, Play(3, card("PU")), "must_trump")
    table.do(Play(3, card("MX")))
    assert table.deal_state.tricks[-1].winner == 3


# --- marriages, the end of the hand, enough ------------------------------------------------


def _hearts_two_tricks(table: Table, marriage: bool = True) -> None:
    table.do(Play(0, card("PK"), marriage=marriage))  # 40 in trump
    table.do(Play(1, card("PA")))
    table.do(Play(2, card("Z9")))
    table.do(Play(3, card("M9")))
    table.do(Play(1, card("MA")))
    table.do(Play(2, card("ZU")))
    table.do(Play(3, card("MU")))
    table.do(Play(0, card("PX")))


def test_a_marriage_counts_when_the_caller_side_wins_its_trick() -> None:
    table = called(HEARTS, "PA")
    _hearts_two_tricks(table)
    deal = table.deal_state
    assert deal.side_card_points == 15 + 25 and deal.side_points == 80
    assert view_for(table.state, 2)["deal"]["marriages"][0]["counted"] is True


def _lose_with_the_marriage(table: Table) -> None:
    table.do(Play(0, card("ZK"), marriage=True))
    table.do(Play(1, card("P9")))  # void: trump
    table.do(Play(2, card("ZA")))
    table.do(Play(3, card("PO")))  # over-trumps: the opposing side's first trick


def test_a_marriage_led_to_an_opposing_trick_does_not_count() -> None:
    table = called(LOST_MARRIAGE, "PA")
    _lose_with_the_marriage(table)
    assert reason(table) == "opposing_trick"
    assert table.deal_state.settlement.winners == (2, 3)
    assert table.deal_state.counted_marriage_points == 0


def test_marriages_only_by_the_leader_at_snapszer_level() -> None:
    table = called(HEARTS, "PA", durchmarsch=True)
    refused(table, Play(0, card("PK"), marriage=True), "marriage_not_allowed")
    table = called(HEARTS, "PA")
    refused(table, Play(0, card("PX"), marriage=True), "marriage_not_allowed")


def test_the_first_opposing_trick_ends_the_hand_won_with_66() -> None:
    table = called(HEARTS, "PA")
    _hearts_two_tricks(table)
    table.do(Play(0, card("T9")))
    table.do(Play(1, card("TX")))
    table.do(Play(2, card("TK")))
    table.do(Play(3, card("TA")))
    assert reason(table) == "opposing_trick"
    assert table.deal_state.settlement.changes == (100, 100, -100, -100)


def test_the_first_opposing_trick_ends_the_hand_lost_without_66() -> None:
    table = called(HEARTS, "PA")
    _hearts_two_tricks(table, marriage=False)  # 40 card points only
    table.do(Play(0, card("T9")))
    table.do(Play(1, card("TX")))
    table.do(Play(2, card("TK")))
    table.do(Play(3, card("TA")))
    assert table.deal_state.settlement.changes == (-100, -100, 100, 100)


def test_enough_by_the_caller_side_between_tricks() -> None:
    table = called(HEARTS, "PA")
    refused(table, DeclareEnough(0), "enough_not_now")  # no trick yet
    _hearts_two_tricks(table)
    refused(table, DeclareEnough(2), "enough_not_allowed")
    table.do(DeclareEnough(1))  # the holder, not on lead: 80
    assert reason(table) == "enough"
    assert table.deal_state.settlement.winners == (0, 1)


def test_enough_below_66_loses() -> None:
    table = called(HEARTS, "PA")
    _hearts_two_tricks(table, marriage=False)
    table.do(DeclareEnough(0))
    assert table.deal_state.settlement.winners == (2, 3)


def test_reaching_66_alone_does_not_end_the_hand() -> None:
    table = called(HEARTS, "PA")
    _hearts_two_tricks(table)
    assert not table.deal_state.over and table.deal_state.side_points >= 66


# --- Durchmarsch ---------------------------------------------------------------------------


def test_durchmarsch_is_lost_at_the_first_opposing_trick_and_has_no_enough() -> None:
    table = called(HEARTS, "PA", durchmarsch=True)
    _hearts_two_tricks(table, marriage=False)
    refused(table, DeclareEnough(0), "enough_not_allowed")
    table.do(Play(0, card("T9")))
    table.do(Play(1, card("TX")))
    table.do(Play(2, card("TK")))
    table.do(Play(3, card("TA")))
    assert table.deal_state.settlement.changes == (-300, -300, 300, 300)


def test_durchmarsch_won_with_all_six_tricks() -> None:
    hands = ["PA PX PK PO PU P9", "TA TX TK TO TU T9", "ZA ZX ZK ZO ZU Z9", "MA MX MK MO MU M9"]
    table = called(hands, "P9", durchmarsch=True)  # solo Durchmarsch in hearts: 300 × 3
    for lead, others in zip(
        ["PA", "PX", "PK", "PO", "PU", "P9"],
        [
            ("T9", "Z9", "M9"),
            ("TU", "ZU", "MU"),
            ("TO", "ZO", "MO"),
            ("TK", "ZK", "MK"),
            ("TX", "ZX", "MX"),
            ("TA", "ZA", "MA"),
        ],
        strict=True,
    ):
        if table.deal_state.over:
            break
        table.do(Play(0, card(lead)))
        for seat, c in zip((1, 2, 3), others, strict=True):
            table.do(Play(seat, card(c)))
    assert reason(table) == "all_tricks"
    assert table.deal_state.settlement.changes == (900, -300, -300, -300)


# --- the partner becomes public ------------------------------------------------------------


def _partner_seen_by_others(table: Table, holder: int) -> set[object]:
    return {view_for(table.state, s)["deal"]["partner"] for s in range(4) if s != holder} | {
        str(history_for(table.state, 0)["partner"])
    }


def test_partner_public_by_playing_the_called_card() -> None:
    table = called(FOLLOWING, "MA")
    table.do(Play(0, card("ZU")))
    table.do(Play(1, card("MU")))
    table.do(Play(2, card("ZO")))
    assert _partner_seen_by_others(table, 3) == {None, "None"}
    events = table.do(Play(3, card("MA")))
    assert PartnerRevealed(3, "called_card_played") in events
    assert view_for(table.state, 1)["deal"]["partner"] == 3


def test_partner_public_by_winning_a_trick_that_does_not_end_the_hand() -> None:
    table = called(FOLLOWING, "MA")
    table.do(Play(0, card("ZU")))
    table.do(Play(1, card("MU")))
    table.do(Play(2, card("ZO")))
    events = table.do(Play(3, card("MX")))
    assert PartnerRevealed(3, "trick_won") in events
    assert history_for(table.state, 2)["partner"] == {"seat": 3, "how": "trick_won"}


def test_partner_public_by_rekontra() -> None:
    table = Table(HEARTS)
    _bid_ta(table)
    table.do(Kontra(3))
    assert view_for(table.state, 2)["deal"]["partner"] is None
    table.do(Rekontra(1))
    assert view_for(table.state, 2)["deal"]["partner"] == 1


def test_partner_public_by_the_marriage_holding_the_called_card() -> None:
    table = called(HEARTS, "PK")  # a solo: seat 0 called its own king
    assert view_for(table.state, 2)["deal"]["partner"] is None
    events = table.do(Play(0, card("PO"), marriage=True))
    assert PartnerRevealed(0, "marriage") in events
    assert view_for(table.state, 2)["deal"]["partner"] == 0


# --- the claim -----------------------------------------------------------------------------


def test_the_claim_is_offered_only_when_sure_and_ends_the_hand_after_its_seconds() -> None:
    hands = ["PA PX PK PO PU P9", "TA TX TK TO TU T9", "ZA ZX ZK ZO ZU Z9", "MA MX MK MO MU M9"]
    table = called(hands, "P9")  # every trump: sure from the first lead
    assert ShowCards(0) in _actions(table, 0)
    table.do(ShowCards(0))
    assert view_for(table.state, 1)["deal"]["shown"] == {
        "seat": 0,
        "cards": sorted_codes(cards(hands[0])),
    }
    refused(table, Play(0, card("PA")), "cards_shown")
    refused(table, Kontra(1), "doubling_closed")  # a shown hand is past the window too
    rules = table.state.variant
    assert rules.due_commands(table.state, table.now) == []
    table.wait(5)
    (end,) = rules.due_commands(table.state, table.now)
    table.do(end)
    assert reason(table) == "claimed"
    assert table.deal_state.settlement.changes == (300, -100, -100, -100)


def test_no_claim_when_a_layout_could_beat_a_lead() -> None:
    table = called(HEARTS, "PA")
    refused(table, ShowCards(0), "claim_not_offered")
    refused(table, ShowCards(2), "not_your_turn")
