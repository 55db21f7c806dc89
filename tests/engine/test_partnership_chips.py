"""Chips of ``partnership`` (rules §4, §6): each payment row, the pot shared in whole chips with
the remainder kept, no seat paying more than it holds, and the game's end at 0 chips."""

from __future__ import annotations

from dataclasses import replace

from apps.matches.engine import DECK_24, card
from apps.matches.engine.rules import LOST, VOID, WON
from apps.matches.engine.state import MatchState
from apps.matches.engine.variants.partnership import PartnershipRules
from apps.matches.engine.variants.partnership.scoring import hand_settlement
from apps.matches.engine.variants.partnership.state import PLAY, Call, PartnershipDeal

from .builders_partnership import registered  # noqa: F401 (the autouse fixture)


def deal(
    *,
    holder: int = 1,
    chips: tuple[int, ...] = (3000,) * 4,
    pot: int = 0,
    doublings: tuple[int, ...] = (),
) -> PartnershipDeal:
    """Seat 0 called TA (50) held by ``holder``."""
    return PartnershipDeal(
        number=1,
        dealer=3,
        deck=DECK_24,
        salt="",
        commitment="",
        hands=((),) * 4,
        chips=chips,
        pot=pot,
        phase=PLAY,
        bid=Call(0, card("TA")),
        holder=holder,
        doublings=doublings,
    )


def test_two_against_two_each_loser_pays_each_winner_receives_the_value() -> None:
    assert hand_settlement(deal(), won=True).changes == (50, 50, -50, -50)
    assert hand_settlement(deal(), won=False).changes == (-50, -50, 50, 50)


def test_each_doubling_doubles_the_value() -> None:
    assert hand_settlement(deal(doublings=(2, 1, 3)), won=True).changes == (400, 400, -400, -400)


def test_solo_the_caller_pays_or_receives_three_times() -> None:
    assert hand_settlement(deal(holder=0), won=True).changes == (150, -50, -50, -50)
    assert hand_settlement(deal(holder=0), won=False).changes == (-150, 50, 50, 50)


def test_the_pot_is_shared_in_whole_chips_and_the_remainder_stays() -> None:
    settled = hand_settlement(deal(holder=0, pot=200), won=False)  # three winners
    assert settled.changes == (-150, 50 + 66, 50 + 66, 50 + 66) and settled.pot == 2
    solo_won = hand_settlement(deal(holder=0, pot=200), won=True)
    assert solo_won.changes[0] == 150 + 200 and solo_won.pot == 0


def test_no_seat_pays_more_than_it_holds_winners_share_what_was_paid() -> None:
    settled = hand_settlement(deal(chips=(3000, 3000, 30, 1)), won=True)
    # 31 paid: 15 each, 1 to the pot
    assert settled.changes == (15, 15, -30, -1) and settled.pot == 1
    assert settled.chips == (3015, 3015, 0, 0)


def test_the_game_ends_after_the_hand_in_which_a_seat_reaches_zero() -> None:
    rules = PartnershipRules()
    settled = hand_settlement(deal(chips=(3000, 3000, 30, 3000)), won=True)
    state = MatchState(variant=rules, scores=(1, 0, 0, 0), deal=replace(deal(), settlement=settled))
    ended = rules.match_end(state, None)  # type: ignore[arg-type]
    assert ended is not None and ended.reason == "points"
    alive = hand_settlement(deal(), won=True)
    assert rules.match_end(replace(state, deal=replace(deal(), settlement=alive)), None) is None  # type: ignore[arg-type]
    finished = replace(state, result=ended)
    assert rules.results(finished) == (WON, WON, LOST, LOST)
    assert (
        rules.results(replace(finished, result=replace(ended, reason="abandoned"))) == (VOID,) * 4
    )
