"""Klub game points (rules §2): every row of the table, the seed's three binding examples, and
surrender (bedobás). Seat 0 is the forehand, seat 1 the dealer, trump is M in every deck.

Card points: A 11, X 10, K 4, O 3, U 2. Comments give each trick as ``leader:card follower:card``
with the trick's points and the winner's running score.
"""

from __future__ import annotations

from apps.matches.engine import CloseTalon, Command, MatchState, Surrender, card, view_for
from apps.matches.engine.events import DealEnded
from apps.matches.engine.variants.klub.events import (
    CardPlayed,
    DealSurrendered,
    MarriageAnnounced,
    TrickTaken,
)

from .builders import (
    FIRST_FIVE,
    LAST_FIVE,
    PLAYED_OUT,
    SALT,
    apply,
    deal_end,
    deck,
    p,
    refused,
    start,
)


def _ended(d: tuple, *commands: Command) -> tuple[MatchState, DealEnded]:
    """Play ``commands`` from the first deal of ``d``; the deal must end with the last one."""
    state, events = apply(start(d), *commands[:-1])
    assert not any(isinstance(e, DealEnded) for e in events), "the deal ended too early"
    state, events = apply(state, commands[-1])
    ended = deal_end(events)
    assert ended.deck == d and ended.salt == SALT
    return state, ended


def _result(ended: DealEnded) -> tuple[int | None, int, str]:
    return ended.winner, ended.game_points, ended.reason


# --- a player reached 66 ---------------------------------------------------------------------

# Seat 0: PA TA ZA MA ZX; seat 1: PU TU ZU PO TO (never leads, so its PO/TO announce nothing).
#   PA+PU 13 (13)  TA+TU 13 (26)  ZA+ZU 13 (39)  MA+PO 14 (53)  ZX+TO 13 (66): exactly 66.
ROW1 = deck(forehand="PA TA ZA MA ZX", dealer="PU TU ZU PO TO", trump="MU")
ROW1_PLAY = (
    p(0, "PA"),
    p(1, "PU"),
    p(0, "TA"),
    p(1, "TU"),
    p(0, "ZA"),
    p(1, "ZU"),
    p(0, "MA"),
    p(1, "PO"),
    p(0, "ZX"),
    p(1, "TO"),
)


def test_row1_reached_66_loser_without_a_trick_3() -> None:
    state, events = apply(start(ROW1), *ROW1_PLAY[:8])
    assert state.deal is not None and state.deal.points(0) == 53  # not over yet
    assert not any(isinstance(e, DealEnded) for e in events)
    state, events = apply(state, *ROW1_PLAY[8:])
    assert events == [
        CardPlayed(seat=0, card=card("ZX")),
        CardPlayed(seat=1, card=card("TO")),
        TrickTaken(seat=0, points=13),
        # automatic at 66, right after the trick: no drawing, no "enough" needed
        DealEnded(winner=0, game_points=3, reason="reached_66", deck=ROW1, salt=SALT),
    ]
    assert state.deal is not None and state.deal.points(0) == 66
    assert state.scores == (3, 0)


# Seat 0: PA TA PK PO ZU; seat 1: PX TX ZO PU TU.
#   T1 0:ZU 1:ZO -> seat 1 wins 5 (a trick, 5 points)
#   T2 1:PX 0:PA -> 21   T3 0:TA 1:TX -> 21 (42)
#   T4 0 leads PK holding PO: 20 (62); 1:PU -> 6 (68)
ROW2 = deck(forehand="PA TA PK PO ZU", dealer="PX TX ZO PU TU", trump="MA")


def test_row2_reached_66_loser_with_a_trick_under_33_2() -> None:
    state, ended = _ended(
        ROW2,
        p(0, "ZU"),
        p(1, "ZO"),
        p(1, "PX"),
        p(0, "PA"),
        p(0, "TA"),
        p(1, "TX"),
        p(0, "PK"),
        p(1, "PU"),
    )
    assert _result(ended) == (0, 2, "reached_66")
    d = state.deal
    assert d is not None
    assert (d.points(0), d.points(1)) == (68, 5)


# Seat 0: ZX TX PA MK MO; seat 1: ZA TA PU ZU TU; the talon starts with PX (seat 1 draws it).
#   T1 0:ZX 1:ZA -> seat 1 21          draws 1:PX
#   T2 1:TA 0:TX -> seat 1 21 (42)
#   T3 1:PU 0:PA -> seat 0 13
#   T4 0 leads MK holding MO: 40 (53); 1:PX -> 14 (67)
ROW3 = deck(forehand="ZX TX PA MK MO", dealer="ZA TA PU ZU TU", trump="MU", talon="PX")


def test_row3_reached_66_loser_with_33_or_more_1() -> None:
    state, ended = _ended(
        ROW3,
        p(0, "ZX"),
        p(1, "ZA"),
        p(1, "TA"),
        p(0, "TX"),
        p(1, "PU"),
        p(0, "PA"),
        p(0, "MK"),
        p(1, "PX"),
    )
    assert _result(ended) == (0, 1, "reached_66")
    d = state.deal
    assert d is not None
    assert (d.points(0), d.points(1)) == (67, 42)


# --- all cards played with the talon open ----------------------------------------------------


def test_row4_all_cards_played_open_talon_nobody_at_66_1_to_the_last_trick() -> None:
    state, ended = _ended(PLAYED_OUT, *FIRST_FIVE, *LAST_FIVE)
    assert _result(ended) == (1, 1, "last_trick")
    d = state.deal
    assert d is not None
    assert (d.points(0), d.points(1)) == (59, 61)
    assert d.hands == ((), ())


# --- closing ---------------------------------------------------------------------------------

# Seat 0: PU MA MX MK MO; seat 1: PA TU ZU ZO TO (no trump). Seat 0 closes at once: (0, 0) each.
#   T1 0:PU 1:PA (must beat) -> seat 1 13 (its first trick, after the close)
#   T2 1:TU 0:MA (void in T: must trump) -> seat 0 13
#   T3 0 leads MK holding MO: 40 (53); 1:ZU (neither M nor trump: anything) -> 6 (59)
#   T4 0:MX 1:ZO -> 13 (72)
ROW5 = deck(forehand="PU MA MX MK MO", dealer="PA TU ZU ZO TO", trump="MU")
ROW5_PLAY = (
    CloseTalon(0),
    p(0, "PU"),
    p(1, "PA"),
    p(1, "TU"),
    p(0, "MA"),
    p(0, "MK"),
    p(1, "ZU"),
    p(0, "MX"),
    p(1, "ZO"),
)


def test_row5_successful_close_opponent_had_no_trick_when_closed_3() -> None:
    state, ended = _ended(ROW5, *ROW5_PLAY)
    # Seat 1 has a trick and 13 points now, but it had none when the talon was closed.
    assert _result(ended) == (0, 3, "close_succeeded")
    d = state.deal
    assert d is not None
    assert d.closed_at == ((0, 0), (0, 0))
    assert (d.points(0), d.points(1)) == (72, 13)


# Seat 0: PU TA MA MX MK; seat 1: PO TU ZU ZO TO; talon TK MO PA ZK ...
#   T1 0:PU 1:PO -> seat 1 5           draws 1:TK 0:MO
#   T2 1:TU 0:TA -> seat 0 13          draws 0:PA 1:ZK
#   seat 0 closes: (13, 1) and (5, 1)
#   T3 0 leads MK holding MO: 40 (53); 1 (ZU ZO TO TK ZK, no trump):ZU -> 6 (59)
#   T4 0:MA 1:ZO -> 14 (73)
ROW6 = deck(forehand="PU TA MA MX MK", dealer="PO TU ZU ZO TO", trump="MU", talon="TK MO PA ZK")


def test_row6_successful_close_opponent_had_a_trick_under_33_when_closed_2() -> None:
    state, ended = _ended(
        ROW6,
        p(0, "PU"),
        p(1, "PO"),
        p(1, "TU"),
        p(0, "TA"),
        CloseTalon(0),
        p(0, "MK"),
        p(1, "ZU"),
        p(0, "MA"),
        p(1, "ZO"),
    )
    assert _result(ended) == (0, 2, "close_succeeded")
    d = state.deal
    assert d is not None
    assert d.closed_at == ((13, 1), (5, 1))
    assert d.points(0) == 73


# Seat 0: PX TA MK MO MA; seat 1: PA TK TO ZU ZO; talon PU PK TU PO ...
#   T1 0:PX 1:PA -> seat 1 21                                draws 1:PU 0:PK
#   T2 1 leads TK holding TO: 20 (41); 0:TA -> seat 0 15      draws 0:TU 1:PO
#   seat 0 closes: (15, 1) and (41, 1), marriage points included
#   T3 0 leads MK holding MO: 40 (55); 1 (TO ZU ZO PU PO):ZU -> 6 (61)
#   T4 0:MA 1:ZO -> 14 (75)
ROW7 = deck(forehand="PX TA MK MO MA", dealer="PA TK TO ZU ZO", trump="MU", talon="PU PK TU PO")
ROW7_TO_CLOSE = (p(0, "PX"), p(1, "PA"), p(1, "TK"), p(0, "TA"), CloseTalon(0))


def test_row7_successful_close_opponent_had_33_or_more_when_closed_1() -> None:
    state, ended = _ended(ROW7, *ROW7_TO_CLOSE, p(0, "MK"), p(1, "ZU"), p(0, "MA"), p(1, "ZO"))
    assert _result(ended) == (0, 1, "close_succeeded")
    d = state.deal
    assert d is not None
    assert d.closed_at == ((15, 1), (41, 1))
    assert (d.points(0), d.points(1)) == (75, 41)


# Seat 0: PA PX TA TX ZA (53 points in hand); seat 1: PU TU ZU ZO MU. Seat 0 closes at once.
#   T1 0:PA 1:PU -> 13   T2 0:TA 1:TU -> 13 (26)
#   T3 0:PX 1:MU (void in P: must trump) -> seat 1 12
#   T4 1:ZO 0:ZA (must follow and beat) -> seat 0 14 (40)
#   T5 0:TX 1:ZU (neither T nor trump) -> 12 (52): all cards played, the closer is short of 66.
ROW8 = deck(forehand="PA PX TA TX ZA", dealer="PU TU ZU ZO MU", trump="MA")


def test_row8_failed_close_opponent_had_no_trick_when_closed_3() -> None:
    state, events = apply(
        start(ROW8),
        CloseTalon(0),
        p(0, "PA"),
        p(1, "PU"),
        p(0, "TA"),
        p(1, "TU"),
        p(0, "PX"),
    )
    assert refused(state, p(1, "ZO")) == "must_trump"
    state, _ = apply(state, p(1, "MU"), p(1, "ZO"))
    assert refused(state, p(0, "PX")) == "card_not_in_hand"
    assert refused(state, p(0, "TX")) == "must_follow_suit"
    state, events = apply(state, p(0, "ZA"), p(0, "TX"), p(1, "ZU"))
    assert events[-2:] == [
        TrickTaken(seat=0, points=12),
        DealEnded(winner=1, game_points=3, reason="close_failed", deck=ROW8, salt=SALT),
    ]
    d = state.deal
    assert d is not None
    # Seat 1 now has a trick and 12 points; it had no trick when the talon was closed.
    assert (d.points(0), d.points(1)) == (52, 12)
    assert state.scores == (0, 3)


# Seat 0: PU TK ZU ZK PX; seat 1: PO TU MK MO MA; trump card MX; talon PK TA TX PA ...
#   T1 0:PU 1:PO -> seat 1 5          draws 1:PK 0:TA
#   T2 1:TU 0:TK -> seat 0 6          draws 0:TX 1:PA
#   seat 0 closes: (6, 1) and (5, 1)
#   T3 0:ZU 1:MA (void in Z: must trump) -> seat 1 13 (18)
#   T4 1 leads MK holding MO: 40 (58); 0 (PX ZK TA TX, no M):ZK -> 8 (66): the opponent
#      reaches 66 first, so the close failed.
ROW9 = deck(forehand="PU TK ZU ZK PX", dealer="PO TU MK MO MA", trump="MX", talon="PK TA TX PA")


def test_row9_failed_close_opponent_had_a_trick_when_closed_2() -> None:
    state, ended = _ended(
        ROW9,
        p(0, "PU"),
        p(1, "PO"),
        p(1, "TU"),
        p(0, "TK"),
        CloseTalon(0),
        p(0, "ZU"),
        p(1, "MA"),
        p(1, "MK"),
        p(0, "ZK"),
    )
    assert _result(ended) == (1, 2, "close_failed")
    d = state.deal
    assert d is not None
    assert d.closed_at == ((6, 1), (5, 1))
    assert d.points(1) == 66


# --- surrender -------------------------------------------------------------------------------

# Seat 0: MK MO PA TA ZU; seat 1: MA PX TX ZO PO.
#   T1 0 leads MK holding MO: 40 (no trick); 1:MA -> seat 1 15. Seat 0 gives up: 40 points, but
#   no trick.
FORTY_NO_TRICK = deck(forehand="MK MO PA TA ZU", dealer="MA PX TX ZO PO", trump="MU")


def test_row10_surrender_without_a_trick_3_even_with_40_marriage_points() -> None:
    state, _ = apply(start(FORTY_NO_TRICK), p(0, "MK"), p(1, "MA"))
    assert state.deal is not None and state.deal.points(0) == 40
    state, events = apply(state, Surrender(0, confirm=True))
    assert events == [
        DealSurrendered(seat=0),
        DealEnded(winner=1, game_points=3, reason="surrendered", deck=FORTY_NO_TRICK, salt=SALT),
    ]


# Seat 0 leads two tricks that seat 1 throws off-suit cards on:
#   row 11: 0:PX 1:ZX -> 20, 0:TX 1:ZU -> 12: 32 points, two tricks
#   row 12: 0:PA 1:PX -> 21, 0:TX 1:ZU -> 12: 33 points, two tricks
ROW11 = deck(forehand="PX TX PU TU ZO", dealer="ZX ZU PO TO MO", trump="MK")
ROW12 = deck(forehand="PA TX PU TU ZO", dealer="PX ZU PO TO MO", trump="MK")


def test_row11_surrender_with_a_trick_under_33_2() -> None:
    state, _ = apply(start(ROW11), p(0, "PX"), p(1, "ZX"), p(0, "TX"), p(1, "ZU"))
    assert state.deal is not None and state.deal.points(0) == 32
    state, events = apply(state, Surrender(0, confirm=True))
    assert _result(deal_end(events)) == (1, 2, "surrendered")


def test_row12_surrender_with_33_or_more_1() -> None:
    state, _ = apply(start(ROW12), p(0, "PA"), p(1, "PX"), p(0, "TX"), p(1, "ZU"))
    assert state.deal is not None and state.deal.points(0) == 33
    state, events = apply(state, Surrender(0, confirm=True))
    assert _result(deal_end(events)) == (1, 1, "surrendered")


def test_surrender_needs_confirmation() -> None:
    state = start(ROW11)
    assert refused(state, Surrender(0)) == "confirmation_required"
    assert refused(state, Surrender(1, confirm=False)) == "confirmation_required"


def test_surrender_any_time_even_off_turn_and_the_hand_is_shown() -> None:
    state, _ = apply(start(ROW11), p(0, "PX"))  # seat 1 must answer; seat 0 gives up meanwhile
    state, events = apply(state, Surrender(0, confirm=True))
    assert _result(deal_end(events)) == (1, 3, "surrendered")  # seat 0 has no trick yet
    view = view_for(state, 1)["deal"]
    assert view["revealed"]["surrendered_by"] == 0
    assert view["revealed"]["hands"][0] == ["PU", "TU", "TX", "ZO"]  # the remaining hand
    assert refused(state, p(1, "ZX")) == "deal_over"


def test_surrender_by_the_closers_opponent_is_scored_by_its_own_state() -> None:
    # ROW5 after T1: seat 1 (no trick when seat 0 closed) has won PU+PA = 13, one trick.
    # Its own state gives 2 (a successful close would be worth 3 to seat 0).
    state, _ = apply(start(ROW5), *ROW5_PLAY[:3])
    state, events = apply(state, Surrender(1, confirm=True))
    assert _result(deal_end(events)) == (0, 2, "surrendered")


def test_surrender_by_the_closer_is_scored_by_its_own_state() -> None:
    # ROW5 after T2: the closer (seat 0) has one trick and 13 points: 2 to seat 1 (a failed
    # close would be worth 3 to seat 1, which had no trick when the talon was closed).
    state, _ = apply(start(ROW5), *ROW5_PLAY[:5])
    assert state.deal is not None and state.deal.points(0) == 13
    state, events = apply(state, Surrender(0, confirm=True))
    assert _result(deal_end(events)) == (1, 2, "surrendered")


# --- the seed's three binding examples -------------------------------------------------------

# "Szoros végjáték": the deck is out, nobody reached 66, you (seat 1) take the last trick.
# Seat 0: ZA ZO PK TK MO; seat 1: ZK ZX MX MK MA; trump card MU; talon PU PA PO PX TU TA TO TX ZU.
#   T1 0:ZA 1:MX -> 1 21   T2 1:MA 0:ZO -> 1 14 (35)   T3 1:ZK 0:PK -> 1 8 (43)
#   T4 1:MK 0:TK -> 1 8 (51)   T5 1:ZX 0:MO -> 0 13; seat 0 draws ZU, seat 1 takes MU
#   (seat 0 now PA PX TA TX ZU, seat 1 PU PO TU TO MU)
#   T6 0:PA 1:PO 14 (27)  T7 0:PX 1:PU 12 (39)  T8 0:TA 1:TO 14 (53)  T9 0:TX 1:TU 12 (65)
#   T10 0:ZU 1:MU (must trump) -> 1 4 (55). Seat 0 ends on 65, more points, but no 66.
CLOSE_ENDGAME = deck(
    forehand="ZA ZO PK TK MO",
    dealer="ZK ZX MX MK MA",
    trump="MU",
    talon="PU PA PO PX TU TA TO TX ZU",
)


def test_seed_close_endgame_last_trick_is_one_game_point_to_you() -> None:
    state, ended = _ended(
        CLOSE_ENDGAME,
        p(0, "ZA"),
        p(1, "MX"),
        p(1, "MA"),
        p(0, "ZO"),
        p(1, "ZK"),
        p(0, "PK"),
        p(1, "MK"),
        p(0, "TK"),
        p(1, "ZX"),
        p(0, "MO"),
        p(0, "PA"),
        p(1, "PO"),
        p(0, "PX"),
        p(1, "PU"),
        p(0, "TA"),
        p(1, "TO"),
        p(0, "TX"),
        p(1, "TU"),
        p(0, "ZU"),
        p(1, "MU"),
    )
    assert _result(ended) == (1, 1, "last_trick")
    d = state.deal
    assert d is not None
    assert (d.points(0), d.points(1)) == (65, 55)
    assert state.scores == (0, 1)


# "Merész takarás": seat 0 closes at once while seat 1 has no trick; seat 1 reaches 66 first.
# Seat 0: PU TU ZU ZO TO; seat 1: PA MK MO MA MX.
#   T1 0:PU 1:PA (must beat) -> seat 1 13
#   T2 1 leads MK holding MO: 40 (53); 0 (no M, no trump):TU -> 6 (59)
#   T3 1:MA 0:ZU -> 13 (72)
BOLD_CLOSE = deck(forehand="PU TU ZU ZO TO", dealer="PA MK MO MA MX", trump="MU")


def test_seed_bold_close_missing_66_is_three_game_points_to_the_opponent() -> None:
    state, ended = _ended(
        BOLD_CLOSE,
        CloseTalon(0),
        p(0, "PU"),
        p(1, "PA"),
        p(1, "MK"),
        p(0, "TU"),
        p(1, "MA"),
        p(0, "ZU"),
    )
    assert _result(ended) == (1, 3, "close_failed")
    assert state.scores == (0, 3)


# "Bedobás": with a trick and 40 points, you give up: 1 game point to the opponent.
# Seat 0: PX TK TO ZU PU; seat 1: ZX PA TA ZA MA.
#   T1 0:PX 1:ZX -> seat 0 20
#   T2 0 leads TK holding TO: 20 (40); seat 0 gives up before seat 1 answers.
SURRENDER_40 = deck(forehand="PX TK TO ZU PU", dealer="ZX PA TA ZA MA", trump="MU")


def test_seed_surrender_with_a_trick_and_40_points_is_one_game_point_to_the_opponent() -> None:
    state, events = apply(start(SURRENDER_40), p(0, "PX"), p(1, "ZX"), p(0, "TK"))
    assert MarriageAnnounced(seat=0, suit="T", points=20) in events
    d = state.deal
    assert d is not None
    assert (d.points(0), d.trick_count(0)) == (40, 1)
    state, events = apply(state, Surrender(0, confirm=True))
    assert events == [
        DealSurrendered(seat=0),
        DealEnded(winner=1, game_points=1, reason="surrendered", deck=SURRENDER_40, salt=SALT),
    ]
    assert state.scores == (0, 1)
