"""The record of a ``partnership`` hand ended by a claim (rules §6, issue 39 point 5): "the hand's
record counts the cards not yet played as the caller's side's tricks (its final count is what it
would have taken)". The count is derived in the fold, so a stored hand replays to it; every seat
sees it in its view and in the deal's reveal (the deal record), and nobody sees in it, before the
hand is over, a card or a partner it may not know."""

from __future__ import annotations

from apps.matches.engine import INITIAL, card, evolve, view_for
from apps.matches.engine.variants.partnership.commands import Play, ShowCards

from .builders_partnership import Table, registered  # noqa: F401 (the autouse fixture)
from .test_partnership_rules import HEARTS, _hearts_two_tricks, called

# seat 0 calls P9 (seat 1's): trump piros; seat 0 holds every other trump and ZA
CLAIMABLE = ["PA PX PK PO PU ZA", "P9 Z9 TA TX TK TO", "TU T9 ZX ZK ZO ZU", "MA MX MK MO MU M9"]
COUNT_KEYS = ("trick_counts", "side_tricks", "side_card_points", "side_points", "claimed")


def _counts(view: dict) -> dict:
    return {key: view[key] for key in COUNT_KEYS}


def _codes(value: object) -> list[str]:
    """Every string in a JSON value (a card is a code)."""
    if isinstance(value, dict):
        return [c for v in value.values() for c in _codes(v)]
    if isinstance(value, list):
        return [c for v in value for c in _codes(v)]
    return [value] if isinstance(value, str) else []


def _first_trick_then_claim() -> Table:
    """Seat 0 takes a trick with ZA (13 points), then shows its five trumps."""
    table = called(CLAIMABLE, "P9")
    for seat, code in ((0, "ZA"), (1, "Z9"), (2, "ZU"), (3, "M9")):
        table.do(Play(seat, card(code)))
    assert table.deal_state.tricks[-1].winner == 0
    table.do(ShowCards(0))
    return table


def _end_claim(table: Table) -> None:
    table.wait(5)
    (end,) = table.state.variant.due_commands(table.state, table.now)
    table.do(end)


def test_a_claim_counts_the_cards_not_played_as_the_claiming_seats_tricks() -> None:
    table = _first_trick_then_claim()
    _end_claim(table)
    assert table.deal_state.result.reason == "claimed"
    final = {
        "trick_counts": [6, 0, 0, 0],  # one trick played, five claimed with five cards
        "side_tricks": [6, 0],
        "side_card_points": [120, 0],  # every card of the deck
        "side_points": 120,
        "claimed": True,
    }
    for seat in range(4):
        deal = view_for(table.state, seat)["deal"]
        assert _counts(deal) == final  # what each seat sees in its view
        assert _counts(deal["revealed"]) == final  # and in the deal's record
    assert _counts(view_for(table.state, None)["deal"]) == final  # a spectator too


def test_the_claimed_count_is_derived_when_a_stored_hand_replays() -> None:
    table = _first_trick_then_claim()
    _end_claim(table)
    state = INITIAL
    for event in table.log:  # the stored events, folded again: no event of its own needed
        state = evolve(state, event)
    assert state.deal.claimed_by == 0 and state.deal.trick_count(0) == 6
    assert view_for(state, 2)["deal"]["revealed"] == view_for(table.state, 2)["deal"]["revealed"]


def test_while_the_hand_is_shown_the_count_is_what_was_played_and_the_partner_stays_secret() -> (
    None
):
    table = _first_trick_then_claim()
    so_far = {
        "trick_counts": [1, 0, 0, 0],
        "side_tricks": [1, 0],
        "side_card_points": [13, 0],  # ZA 11 + Z9 0 + ZU 2 + M9 0: no unplayed card counted
        "side_points": 13,
        "claimed": False,
    }
    for seat in (2, 3):  # the opponents: they do not know who holds P9
        deal = view_for(table.state, seat)["deal"]
        assert deal["phase"] == "claim"
        assert _counts(deal) == so_far
        assert deal["partner"] is None and "revealed" not in deal
        secret = {c.code for c in table.state.variant.secret(table.state, seat)}
        assert secret and not secret & set(_codes(deal)), "an unseen card in the view"
    assert view_for(table.state, 1)["deal"]["partner"] == 1  # the holder knows it holds it


def test_a_hand_not_claimed_counts_only_the_tricks_played() -> None:
    table = called(HEARTS, "PA")  # seat 1 holds PA
    _hearts_two_tricks(table, marriage=False)  # seat 1 takes 15, seat 0 takes 25
    for seat, code in ((0, "T9"), (1, "TX"), (2, "TK"), (3, "TA")):
        table.do(Play(seat, card(code)))  # the opposing side's first trick ends the hand
    deal = view_for(table.state, 2)["deal"]
    assert deal["revealed"]["result"]["reason"] == "opposing_trick"
    final = {
        "trick_counts": [1, 1, 0, 1],
        "side_tricks": [2, 1],
        "side_card_points": [40, 25],
        "side_points": 40,
        "claimed": False,
    }
    assert _counts(deal) == final and _counts(deal["revealed"]) == final
