"""Sixty-six game points (rules §3 and §6): one named test per row of the scoring table, played
out on fixed decks. Seat 0 is the forehand of the first deal, seat 1 its dealer.

"Points" in every 3/2/1 row is the score: card points plus announced marriages. A declaration
is right with 66 or more and a trick. Card points: A 11, X 10, K 4, O 3, U 2, 9 0. Comments give
each trick as ``leader:card follower:card``, its points and the winner's running score.
"""

from __future__ import annotations

from apps.matches.engine import CloseTalon, Command, MatchState, Surrender
from apps.matches.engine.events import DealEnded
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount

from .builders import deal_end
from .builders_sixty_six import (
    SIX_TRICKS,
    SIX_TRICKS_DECK,
    PlayedOut,
    apply,
    deck24,
    p,
    start,
)
from .test_sixty_six_declare import DECK_60, TO_60


def _ended(d: tuple, *commands: Command) -> tuple[MatchState, tuple[int | None, int, str]]:
    """Play ``commands`` from the first deal of ``d``; the deal must end with the last one."""
    state, events = apply(start(d), *commands[:-1])
    assert not any(isinstance(e, DealEnded) for e in events), "the deal ended too early"
    state, events = apply(state, commands[-1])
    ended = deal_end(events)
    return state, (ended.winner, ended.game_points, ended.reason)


def _points(state: MatchState) -> tuple[int, int]:
    deal = state.deal
    assert deal is not None
    return deal.points(0), deal.points(1)


# --- a right declaration, talon not closed: scored by the loser's score ------------------------


def test_declared_loser_without_a_trick_3() -> None:
    state, result = _ended(SIX_TRICKS_DECK, *SIX_TRICKS, DeclareEnough(0))
    assert _points(state) == (69, 0)
    assert result == (0, 3, "declared")


def test_declared_loser_with_a_trick_under_33_2() -> None:
    # DECK_60 after six tricks: seat 0 has 60, seat 1 one trick and 2 points (its PU and P9).
    #   T7 0:MA 1:MU (seat 1 must follow trump) -> 13 (73)
    state, result = _ended(DECK_60, *TO_60, p(0, "MA"), p(1, "MU"), DeclareEnough(0))
    assert _points(state) == (73, 2)
    assert result == (0, 2, "declared")


# Trump M (trump card MX).
#   T1 0:PX 1:PA -> seat 1 21          draws 1:PU 0:PO
#   T2 1:TA 0:TX -> seat 1 21 (42)     draws 1:PK 0:T9
#   T3 1:ZU 0:ZA -> seat 0 13          draws 0:TU 1:TO
# Seat 0 holds MK MO MA PO T9 TU, seat 1 M9 MU P9 PU PK TO.
#   T4 0 leads MK holding MO: 40 (53); 1:M9 -> 4 (57)
#   T5 0:MA 1:MU -> 13 (70)
LATE = deck24(
    forehand="PX TX ZA MK MO MA",
    dealer="PA TA ZU M9 MU P9",
    trump="MX",
    talon="PU PO PK T9 TU TO",
)
LATE_THREE = (p(0, "PX"), p(1, "PA"), p(1, "TA"), p(0, "TX"), p(1, "ZU"), p(0, "ZA"))
LATE_TWO_MORE = (p(0, "MK"), p(1, "M9"), p(0, "MA"), p(1, "MU"))


def test_declared_loser_with_33_or_more_1() -> None:
    state, result = _ended(LATE, *LATE_THREE, *LATE_TWO_MORE, DeclareEnough(0))
    assert _points(state) == (70, 42)
    assert result == (0, 1, "declared")


# --- a wrong declaration: 2 to the opponent, 3 if it has no trick yet ----------------------------


def test_wrong_declaration_opponent_with_a_trick_2() -> None:
    # After T2 of DECK_60 seat 0 has 11 and leads; seat 1 has a trick.
    state, result = _ended(DECK_60, *TO_60[:4], DeclareEnough(0))
    assert _points(state) == (11, 2)
    assert result == (1, 2, "wrong_declaration")


def test_wrong_declaration_opponent_without_a_trick_3() -> None:
    # After T1 of DECK_60 seat 1 has won 2 and leads; seat 0 has no trick.
    state, result = _ended(DECK_60, *TO_60[:2], DeclareEnough(1))
    assert _points(state) == (0, 2)
    assert result == (0, 3, "wrong_declaration")


def test_a_declaration_without_a_trick_is_wrong_whatever_the_score() -> None:
    # The forehand leads the trump king holding the queen on the first lead (40) and declares.
    d = deck24(forehand="MK MO PA PX TA TX", dealer="P9 PU T9 TU Z9 ZU", trump="M9")
    state, result = _ended(d, p(0, "MK"), DeclareEnough(0))
    assert _points(state) == (40, 0)
    assert result == (1, 3, "wrong_declaration")


# --- closing: a successful close is scored by the opponent's state at closing -------------------

# Seat 0 closes on the first lead with both seats at (0 points, 0 tricks); trump M (MU). Seat 1
# must follow suit and cannot beat:
#   T1 0:PA 1:PO 14   T2 0:PX 1:PK 14 (28)   T3 0:TA 1:TO 14 (42)   T4 0:TX 1:TK 14 (56)
#   T5 0:ZA 1:ZO 14 (70)   T6 0:ZX 1:ZK 14 (84)
CLOSED_AT_ONCE = deck24(forehand="PA PX TA TX ZA ZX", dealer="PO PK TO TK ZO ZK", trump="MU")
SIX_CLOSED = (
    p(0, "PA"),
    p(1, "PO"),
    p(0, "PX"),
    p(1, "PK"),
    p(0, "TA"),
    p(1, "TO"),
    p(0, "TX"),
    p(1, "TK"),
    p(0, "ZA"),
    p(1, "ZO"),
    p(0, "ZX"),
    p(1, "ZK"),
)


def test_close_succeeded_opponent_without_a_trick_when_closed_3() -> None:
    state, result = _ended(CLOSED_AT_ONCE, CloseTalon(0), *SIX_CLOSED[:10], DeclareEnough(0))
    assert _points(state) == (70, 0)
    assert result == (0, 3, "close_succeeded")


# Trump M (trump card MK).
#   T1 0:P9 1:PA -> seat 1 11          draws 1:M9 0:MA
#   T2 1:PU 0:PX -> seat 0 12          draws 0:MX 1:MU
# Seat 0 (TA TX ZA ZX MA MX) closes: seat 0 (12 points, 1 trick), seat 1 (11, 1).
#   T3 0:TA 1:T9 11 (23)   T4 0:TX 1:TU 12 (35)   T5 0:ZA 1:Z9 11 (46)   T6 0:ZX 1:ZU 12 (58)
#   T7 0:MA 1:M9 11 (69)
CLOSED_LATER = deck24(
    forehand="P9 PX TA TX ZA ZX", dealer="PA PU T9 TU Z9 ZU", trump="MK", talon="M9 MA MX MU"
)
BEFORE_CLOSING = (p(0, "P9"), p(1, "PA"), p(1, "PU"), p(0, "PX"), CloseTalon(0))
AFTER_CLOSING = (
    p(0, "TA"),
    p(1, "T9"),
    p(0, "TX"),
    p(1, "TU"),
    p(0, "ZA"),
    p(1, "Z9"),
    p(0, "ZX"),
    p(1, "ZU"),
    p(0, "MA"),
    p(1, "M9"),
)


def test_close_succeeded_opponent_with_a_trick_under_33_when_closed_2() -> None:
    state, result = _ended(CLOSED_LATER, *BEFORE_CLOSING, *AFTER_CLOSING, DeclareEnough(0))
    assert state.deal is not None and state.deal.closed_at == ((12, 1), (11, 1))
    assert _points(state) == (69, 11)
    assert result == (0, 2, "close_succeeded")


def test_close_succeeded_opponent_with_33_or_more_when_closed_1() -> None:
    # LATE: seat 0 closes after T3, seat 1 then has 42 points and 2 tricks.
    state, result = _ended(LATE, *LATE_THREE, CloseTalon(0), *LATE_TWO_MORE, DeclareEnough(0))
    assert state.deal is not None and state.deal.closed_at == ((13, 1), (42, 2))
    assert result == (0, 1, "close_succeeded")


# --- a failed close: 2 to the opponent, 3 only if the closer had no trick when closing ---------


def test_close_failed_closers_wrong_declaration_closer_had_a_trick_2() -> None:
    state, result = _ended(CLOSED_LATER, *BEFORE_CLOSING, *AFTER_CLOSING[:4], DeclareEnough(0))
    assert _points(state) == (35, 11)
    assert result == (1, 2, "close_failed")


def test_close_failed_closers_wrong_declaration_closer_had_no_trick_3() -> None:
    # Seat 1 had no trick either; what counts is the closer's own state at closing.
    state, result = _ended(CLOSED_AT_ONCE, CloseTalon(0), *SIX_CLOSED[:4], DeclareEnough(0))
    assert _points(state) == (28, 0)
    assert result == (1, 3, "close_failed")


def test_close_failed_opponents_right_declaration() -> None:
    # Seat 0 closes at once, holding only low cards; seat 1 must beat and takes every trick:
    #   T1 0:PO 1:PA 14   T2 1:PX 0:PU 12 (26)   T3 1:TA 0:TO 14 (40)   T4 1:TX 0:TU 12 (52)
    #   T5 1:ZA 0:ZO 14 (66): seat 1 declares, right with exactly 66.
    d = deck24(forehand="PO PU TO TU ZO ZU", dealer="PA PX TA TX ZA ZX", trump="MU")
    state, result = _ended(
        d,
        CloseTalon(0),
        *(p(0, "PO"), p(1, "PA")),
        *(p(1, "PX"), p(0, "PU")),
        *(p(1, "TA"), p(0, "TO")),
        *(p(1, "TX"), p(0, "TU")),
        *(p(1, "ZA"), p(0, "ZO")),
        DeclareEnough(1),
    )
    assert _points(state) == (0, 66)
    assert result == (1, 3, "close_failed")  # the closer had no trick when closing


def test_opponents_wrong_declaration_after_a_close_is_a_wrong_declaration() -> None:
    # CLOSED_LATER: after seat 0 closed and led TA, seat 1 (11 points) declares on its turn.
    state, result = _ended(CLOSED_LATER, *BEFORE_CLOSING, p(0, "TA"), DeclareEnough(1))
    assert _points(state) == (12, 11)
    assert result == (0, 2, "wrong_declaration")  # the closer has a trick: 2


def test_a_closer_who_never_declared_has_failed_when_it_takes_the_last_trick() -> None:
    # CLOSED_AT_ONCE played out: the closer takes all six tricks, 84, and lets the count decide.
    state, result = _ended(CLOSED_AT_ONCE, CloseTalon(0), *SIX_CLOSED, LetCount(0))
    assert _points(state) == (84, 0)
    assert result == (1, 3, "close_failed")


def test_a_closer_may_still_declare_right_after_taking_the_last_trick() -> None:
    _, result = _ended(CLOSED_AT_ONCE, CloseTalon(0), *SIX_CLOSED, DeclareEnough(0))
    assert result == (0, 3, "close_succeeded")


# Seat 0 closes at once; seat 1 takes the last trick.
#   T1 0:PA 1:PO 14   T2 0:PX 1:PK 14 (28)   T3 0:TA 1:TO 14 (42)   T4 0:TX 1:TK 14 (56)
#   T5 0:ZA 1:ZK 15 (71)   T6 0:Z9 1:ZX -> seat 1 wins 10
LAST_TO_THE_OPPONENT = deck24(forehand="PA PX TA TX ZA Z9", dealer="PO PK TO TK ZK ZX", trump="MU")
LAST_TO_THE_OPPONENT_PLAY = (
    CloseTalon(0),
    *SIX_CLOSED[:8],
    p(0, "ZA"),
    p(1, "ZK"),
    p(0, "Z9"),
    p(1, "ZX"),
)


def test_a_closer_who_never_declared_has_failed_when_the_opponent_takes_the_last_trick() -> None:
    state, result = _ended(LAST_TO_THE_OPPONENT, *LAST_TO_THE_OPPONENT_PLAY, LetCount(1))
    assert _points(state) == (71, 10)  # 71 would have won it, had seat 0 declared
    assert result == (1, 3, "close_failed")


def test_after_a_close_the_opponents_wrong_declaration_after_the_last_trick() -> None:
    _, result = _ended(LAST_TO_THE_OPPONENT, *LAST_TO_THE_OPPONENT_PLAY, DeclareEnough(1))
    assert result == (0, 2, "wrong_declaration")


# --- all cards played, nobody declared, talon not closed: the count --------------------------

# The forehand takes all twelve tricks (120:0). Trump M.
ALL_TWELVE = PlayedOut(
    "PA P9, PX PU, PK PO, TA T9, TX TU, TK TO, ZA Z9, ZX ZU, ZK ZO, MA M9, MX MU, MK MO", "M"
)
# As ALL_TWELVE, but the forehand leads the makk queen last and the dealer beats it with the
# king: the dealer takes the last trick, 7 points (113:7).
ALL_BUT_THE_LAST = PlayedOut(
    "PA P9, PX PU, PK PO, TA T9, TX TU, TK TO, ZA Z9, ZX ZU, ZK ZO, MA M9, MX MU, MO MK", "M"
)
# The forehand takes the six piros and tök tricks (60), the dealer the zöld and makk ones but
# the last, which the forehand's MU takes from the dealer's M9: 62:58.
#   T1 PA+PX 21  T2 PK+PO 7  T3 PU+P9 2  T4 TA+TX 21  T5 TK+TO 7  T6 TU+T9 2      forehand 60
#   T7 0:ZX 1:ZA 21  T8 1:ZK 0:ZO 7  T9 1:ZU 0:Z9 2  T10 1:MA 0:MX 21  T11 1:MK 0:MO 7
#   T12 1:M9 0:MU -> forehand 2                                            forehand 62, dealer 58
SIXTY_TWO = PlayedOut(
    "PA PX, PK PO, PU P9, TA TX, TK TO, TU T9, ZX ZA, ZK ZO, ZU Z9, MA MX, MK MO, M9 MU", "M"
)
# As SIXTY_TWO, but the dealer keeps the last trick (T12 1:MU 0:M9): 60:60.
#   T7 0:ZX 1:ZA 21  T8 1:ZK 0:ZO 7  T9 1:ZU 0:Z9 2  T10 1:MA 0:MX 21  T11 1:MK 0:MO 7
#   T12 1:MU 0:M9 2                                                                 dealer 60
SIXTY_ALL = PlayedOut(
    "PA PX, PK PO, PU P9, TA TX, TK TO, TU T9, ZX ZA, ZK ZO, ZU Z9, MA MX, MK MO, MU M9", "M"
)


def _counted(played: PlayedOut) -> tuple[MatchState, tuple[int | None, int, str]]:
    seat = played.winner  # the first deal's forehand is seat 0
    return _ended(played.deck, *played.plays(), LetCount(seat))


def test_count_loser_without_a_trick_3() -> None:
    state, result = _counted(ALL_TWELVE)
    assert state.deal is not None and state.deal.card_points == (120, 0)
    assert result == (0, 3, "count")


def test_count_loser_with_a_trick_under_33_2() -> None:
    state, result = _counted(ALL_BUT_THE_LAST)
    assert state.deal is not None and state.deal.card_points == (113, 7)
    assert result == (0, 2, "count")  # the last trick is worth nothing more


def test_count_loser_with_33_or_more_1() -> None:
    state, result = _counted(SIXTY_TWO)
    assert state.deal is not None and state.deal.card_points == (62, 58)
    assert result == (0, 1, "count")


def test_count_60_to_60_is_a_draw_without_game_points() -> None:
    state, result = _counted(SIXTY_ALL)
    assert state.deal is not None and state.deal.card_points == (60, 60)
    assert result == (None, 0, "draw")
    assert state.scores == (0, 0)


def test_the_last_tricks_winner_declaring_wrong_after_it() -> None:
    _, result = _ended(SIXTY_TWO.deck, *SIXTY_TWO.plays(), DeclareEnough(0))  # 62: wrong
    assert result == (1, 2, "wrong_declaration")


# --- surrender: as klub, scored by the surrendering seat's own state -----------------------------


def test_surrender_without_a_trick_3() -> None:
    _, result = _ended(DECK_60, Surrender(0, confirm=True))
    assert result == (1, 3, "surrendered")


def test_surrender_with_a_trick_under_33_2() -> None:
    _, result = _ended(DECK_60, *TO_60[:4], Surrender(0, confirm=True))  # 11 points
    assert result == (1, 2, "surrendered")


def test_surrender_with_33_or_more_1() -> None:
    _, result = _ended(LATE, *LATE_THREE, Surrender(1, confirm=True))  # 42 points
    assert result == (0, 1, "surrendered")


def test_surrender_by_the_closer_is_scored_by_its_own_state_as_in_klub() -> None:
    _, result = _ended(CLOSED_LATER, *BEFORE_CLOSING, *AFTER_CLOSING[:4], Surrender(0, True))
    assert result == (1, 1, "surrendered")  # 35 points and three tricks
