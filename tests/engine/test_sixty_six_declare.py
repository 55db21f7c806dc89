"""Sixty-six: when "enough" may be declared (rules §3 and §6 "Rulings for sixty-six"): on one's
own turn, leading or following; right after winning a trick; right after leading a marriage
card, counting that marriage; after the last trick, by its winner, who may instead let the
count decide; never on the opponent's turn. The declare action is listed exactly when allowed.

Seat 0 is the forehand of the first deal, seat 1 its dealer. Card points: A 11, X 10, K 4, O 3,
U 2, 9 0. Comments give each trick as ``leader:card follower:card``, its points and the
winner's running score.
"""

from __future__ import annotations

from apps.matches.engine import CloseTalon, MatchState, Resign, Surrender, card, legal_actions
from apps.matches.engine.events import DealEnded
from apps.matches.engine.variants.klub.events import CardPlayed, MarriageAnnounced
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount
from apps.matches.engine.variants.sixty_six.events import CountChosen, EnoughDeclared

from .builders import deal_end, refused
from .builders_sixty_six import (
    SIX_TRICKS,
    SIX_TRICKS_DECK,
    PlayedOut,
    apply,
    deck24,
    p,
    start,
)

# Trump M (trump card MU).
#   T1 0:P9 1:PU -> seat 1 wins 2          draws 1:PK 0:MA
#   T2 1:Z9 0:ZA -> seat 0 wins 11 (11)    draws 0:MX 1:TO
#   T3 0:PA 1:T9 -> 11 (22)                draws 0:MK 1:TK
#   T4 0:PX 1:TU -> 12 (34)                draws 0:MO 1:ZO
#   T5 0:TA 1:ZU -> 13 (47)                draws 0:M9 1:ZK
#   T6 0:TX 1:PO -> 13 (60)                draws 0:ZX, seat 1 takes the trump card MU
# Then seat 0 holds MA MX MK MO M9 ZX, seat 1 PK TO TK ZO ZK MU; seat 1 has 2 points, 1 trick.
DECK_60 = deck24(
    forehand="P9 ZA PA PX TA TX",
    dealer="PU Z9 T9 TU ZU PO",
    trump="MU",
    talon="PK MA MX TO MK TK MO ZO M9 ZK ZX",
)
TO_60 = (
    p(0, "P9"),
    p(1, "PU"),
    p(1, "Z9"),
    p(0, "ZA"),
    p(0, "PA"),
    p(1, "T9"),
    p(0, "PX"),
    p(1, "TU"),
    p(0, "TA"),
    p(1, "ZU"),
    p(0, "TX"),
    p(1, "PO"),
)

# The dealer wins six tricks, gets 69, loses trick 7 and follows in trick 8. Trump M (MU).
#   T1 0:P9 1:PA 11   T2 1:PX 0:PU 12 (23)   T3 1:TA 0:T9 11 (34)   T4 1:TX 0:TU 12 (46)
#   T5 1:ZA 0:Z9 11 (57)   T6 1:ZX 0:ZU 12 (69); seat 1 draws PO TO ZO M9 MK MA, seat 0 PK TK
#   ZK MO MX and the trump card MU.
#   T7 1:PO 0:PK (seat 0 must beat) -> seat 0 wins 7. T8: seat 0 leads MU; seat 1 follows.
FOLLOWER_DECK = deck24(
    forehand="P9 PU T9 TU Z9 ZU",
    dealer="PA PX TA TX ZA ZX",
    trump="MU",
    talon="PO PK TO TK ZO ZK M9 MO MK MX MA",
)
FOLLOWER_PLAY = (
    p(0, "P9"),
    p(1, "PA"),
    p(1, "PX"),
    p(0, "PU"),
    p(1, "TA"),
    p(0, "T9"),
    p(1, "TX"),
    p(0, "TU"),
    p(1, "ZA"),
    p(0, "Z9"),
    p(1, "ZX"),
    p(0, "ZU"),
    p(1, "PO"),
    p(0, "PK"),
    p(0, "MU"),
)

# Twelve tricks, trump M: the forehand wins the six piros and tök tricks (60), the dealer the
# zöld and makk ones (60), and leads the zöld king holding the queen: 20 more, 80.
#   T1 PA+PX 21  T2 PK+PO 7  T3 PU+P9 2  T4 TA+TX 21  T5 TK+TO 7  T6 TU+T9 2      forehand 60
#   T7 0:ZX 1:ZA 21  T8 1:ZK(+20) 0:ZU 6  T9 1:ZO 0:Z9 3  T10 1:MA 0:MX 21  T11 1:MK 0:MO 7
#   T12 1:MU 0:M9 2                                                               dealer 60+20
MARRIED_DRAW = PlayedOut(
    "PA PX, PK PO, PU P9, TA TX, TK TO, TU T9, ZX ZA, ZK ZU, ZO Z9, MA MX, MK MO, MU M9", "M"
)


def _declared(state: MatchState, seat: int) -> DealEnded:
    assert DeclareEnough(seat) in legal_actions(state, seat)
    _, events = apply(state, DeclareEnough(seat))
    assert events[0] == EnoughDeclared(seat)
    return deal_end(events)


def _result(ended: DealEnded) -> tuple[int | None, int, str]:
    return ended.winner, ended.game_points, ended.reason


# --- own turn, leading ---------------------------------------------------------------------------


def test_declare_on_own_lead_even_on_the_first_lead_without_a_trick() -> None:
    state = start(DECK_60)
    assert legal_actions(state, 0)[0] == DeclareEnough(0)  # listed first
    # seat 0 has no trick: wrong; seat 1 has none either: 3 to seat 1
    assert _result(_declared(state, 0)) == (1, 3, "wrong_declaration")


def test_declare_on_own_lead_after_other_moves_of_that_lead() -> None:
    # After T1 and T2 seat 0 leads with 11; it closes the talon and declares on the same lead.
    state, _ = apply(start(DECK_60), *TO_60[:4], CloseTalon(0))
    assert state.deal is not None and state.deal.turn == 0
    # the closer's wrong declaration: a failed close, 2 (the closer had a trick when closing)
    assert _result(_declared(state, 0)) == (1, 2, "close_failed")


# --- right after winning a trick -----------------------------------------------------------------


def test_declare_right_after_winning_a_trick() -> None:
    state, events = apply(start(SIX_TRICKS_DECK), *SIX_TRICKS)  # seat 0: 69, six tricks
    assert not any(isinstance(e, DealEnded) for e in events)  # never automatic
    assert _result(_declared(state, 0)) == (0, 3, "declared")  # seat 1 without a trick


def test_the_loser_of_a_trick_may_not_declare_on_the_winners_turn() -> None:
    state, _ = apply(start(DECK_60), *TO_60[:2])  # seat 1 won T1 and leads
    assert DeclareEnough(0) not in legal_actions(state, 0)
    assert refused(state, DeclareEnough(0)) == "declare_not_allowed"
    assert DeclareEnough(1) in legal_actions(state, 1)


# --- own turn, following -----------------------------------------------------------------------


def test_declare_while_following_before_playing() -> None:
    state, _ = apply(start(FOLLOWER_DECK), *FOLLOWER_PLAY)
    deal = state.deal
    assert deal is not None and deal.turn == 1 and deal.table == (card("MU"),)
    assert deal.points(1) == 69 and deal.points(0) == 7
    # right: 69 with six tricks; seat 0 has one trick and 7 points: 2
    assert _result(_declared(state, 1)) == (1, 2, "declared")


def test_the_leader_may_not_declare_after_leading_a_card_that_is_no_marriage() -> None:
    state, _ = apply(start(DECK_60), *TO_60[:4], p(0, "PA"))  # seat 0 led, seat 1 to follow
    assert refused(state, DeclareEnough(0)) == "declare_not_allowed"
    assert DeclareEnough(0) not in legal_actions(state, 0)
    assert DeclareEnough(1) in legal_actions(state, 1)  # the follower's own turn


# --- right after leading a marriage card ---------------------------------------------------------


def test_declare_right_after_leading_a_marriage_card_counting_that_marriage() -> None:
    state, _ = apply(start(DECK_60), *TO_60)  # seat 0: 60, five tricks; holds MK MO
    state, events = apply(state, p(0, "MK"))
    assert events == [MarriageAnnounced(0, "M", 40), CardPlayed(0, card("MK"))]
    deal = state.deal
    assert deal is not None and deal.turn == 1 and deal.points(0) == 100
    # the follower's turn, yet the leader may declare: the 40 counts (60 alone would be wrong)
    assert legal_actions(state, 0)[0] == DeclareEnough(0)
    assert _result(_declared(state, 0)) == (0, 2, "declared")  # seat 1: a trick, 2 points


def test_the_marriage_lead_declaration_ends_when_the_follower_plays() -> None:
    # Trump M (MX). T1 0:PA 1:P9 -> seat 0 11. T2: seat 0 leads MO holding MK (40: 51);
    # seat 1 plays MA and wins the trick (14): seat 1 leads, seat 0 may no longer declare.
    d = deck24(forehand="PA MO MK TA TX ZA", dealer="P9 MA PU T9 TU Z9", trump="MX")
    state, _ = apply(start(d), p(0, "PA"), p(1, "P9"), p(0, "MO"))
    assert DeclareEnough(0) in legal_actions(state, 0)  # its window (a wrong one: 51)
    assert state.variant is not None and state.variant.actors(state) == (1,)
    state, _ = apply(state, p(1, "MA"))
    deal = state.deal
    assert deal is not None and deal.turn == 1 and deal.trick_count(1) == 1
    assert refused(state, DeclareEnough(0)) == "declare_not_allowed"


def test_a_marriage_leader_without_a_trick_declares_wrong_whatever_its_score() -> None:
    # The forehand leads the trump king holding the queen on the first lead: 40, no trick.
    d = deck24(forehand="MK MO PA PX TA TX", dealer="P9 PU T9 TU Z9 ZU", trump="M9")
    state, events = apply(start(d), p(0, "MK"))
    assert events[0] == MarriageAnnounced(0, "M", 40)
    assert _result(_declared(state, 0)) == (1, 3, "wrong_declaration")  # seat 1: no trick


# --- after the last trick ------------------------------------------------------------------------


def _after_the_last_trick(played: PlayedOut) -> MatchState:
    state, events = apply(start(played.deck), *played.plays())
    deal = state.deal
    assert deal is not None and not deal.over and not any(deal.hands)
    assert not any(isinstance(e, DealEnded) for e in events)
    return state


def test_after_the_last_trick_its_winner_has_the_word_declare_or_count() -> None:
    state = _after_the_last_trick(MARRIED_DRAW)
    assert MARRIED_DRAW.winner == 1
    assert legal_actions(state, 1) == [DeclareEnough(1), LetCount(1), Resign(1)]
    assert legal_actions(state, 0) == [Resign(0)]
    assert state.variant is not None and state.variant.actors(state) == (1,)


def test_the_last_tricks_winner_declares_after_it() -> None:
    state = _after_the_last_trick(MARRIED_DRAW)
    deal = state.deal
    assert deal is not None and (deal.points(0), deal.points(1)) == (60, 80)
    # right: 80 with tricks; the forehand has 60: 1
    assert _result(_declared(state, 1)) == (1, 1, "declared")


def test_the_last_tricks_winner_lets_the_count_decide() -> None:
    state = _after_the_last_trick(MARRIED_DRAW)
    _, events = apply(state, LetCount(1))
    assert events[0] == CountChosen(1)
    # card points only: 60:60 is a draw, the dealer's 20 of marriage do not count
    assert _result(deal_end(events)) == (None, 0, "draw")


def test_the_loser_of_the_last_trick_may_neither_declare_nor_count() -> None:
    state = _after_the_last_trick(MARRIED_DRAW)
    assert refused(state, DeclareEnough(0)) == "declare_not_allowed"
    assert refused(state, LetCount(0)) == "not_your_turn"
    assert refused(state, Surrender(0, confirm=True)) == "all_cards_played"


def test_the_count_is_not_a_move_before_the_last_trick() -> None:
    state, _ = apply(start(DECK_60), *TO_60)
    assert refused(state, LetCount(0)) == "count_not_allowed"
    assert LetCount(0) not in legal_actions(state, 0)


def test_only_the_server_declares_or_counts_for_a_seat_the_computer_stands_in_for() -> None:
    state = start(DECK_60)
    assert refused(state, DeclareEnough(0, stand_in=True)) == "not_standing_in"
    state = _after_the_last_trick(MARRIED_DRAW)
    assert refused(state, LetCount(1, stand_in=True)) == "not_standing_in"
