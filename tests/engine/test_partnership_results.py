"""A ``partnership`` player who quits (issue 27 point 4): the seat that resigns, leaves or loses
technically is taken over by the computer for the rest of the game so that the other three can
finish (``seat_taken_over``), its player is recorded as having quit and its result is *lost*,
whatever its chips; each other seat's result is read from its chips at the end; a game that
everybody left is abandoned: void for those still there."""

from __future__ import annotations

from datetime import timedelta

import pytest

from apps.matches.engine import (
    Abandon,
    Leave,
    RuleViolation,
    TechnicalLoss,
    card,
    decide,
    legal_actions,
)
from apps.matches.engine.commands import Disconnect, Pause, Resign, ShowHand
from apps.matches.engine.events import MatchEnded, SeatTakenOver
from apps.matches.engine.evolve import evolve
from apps.matches.engine.presence import RECONNECT_WINDOW, due_commands, stand_ins_to_play
from apps.matches.engine.rules import LOST, VOID, WON
from apps.matches.engine.state import MatchState
from apps.matches.engine.variants.partnership.commands import Bid, NoDouble, Pass, Play
from apps.matches.engine.view import view_for

from .builders_partnership import Table, registered  # noqa: F401 (the autouse fixture)

# dealer 3: seat 0 bids first; PK is its own card (a solo), and seat 3 takes the first trick
HANDS = ["PK PO PX ZA ZX T9", "PA P9 PU MA MX TX", "ZK ZO ZU Z9 TK TO", "MK MO MU M9 TA TU"]


def after_a_lost_solo() -> Table:
    """Seat 0's solo lost: chips 2700, 3100, 3100, 3100, the next hand not dealt yet."""
    table = Table(HANDS)
    table.do(Bid(0, card("PK")))
    for seat in (1, 2, 3):
        table.do(Pass(seat))
    for seat in (1, 2, 3):
        table.do(NoDouble(seat))
    for seat, code in enumerate(("T9", "TX", "TK", "TA")):
        table.do(Play(seat, card(code)))
    assert table.deal_state.settlement.chips == (2700, 3100, 3100, 3100)
    return table


def results(table: Table) -> tuple[str, ...]:
    assert table.state.result is not None
    return table.state.variant.results(table.state)


def refused(table: Table, command: object) -> str:
    with pytest.raises(RuleViolation) as refusal:
        decide(table.state, command, now=table.now)  # type: ignore[arg-type]
    return refusal.value.code


def test_a_seat_that_resigns_mid_hand_is_played_by_the_computer_and_the_hand_goes_on() -> None:
    table = after_a_lost_solo()
    table.deal(HANDS)  # dealer 0: seat 1 bids first
    table.do(Pass(1))
    assert table.do(Resign(1)) == [SeatTakenOver(1, "resigned")]
    assert table.state.running  # the three others play on
    assert view_for(table.state, 1)["presence"]["taken_over"] == [None, "resigned", None, None]
    # the player may send nothing more; the computer plays the seat from its own view
    assert view_for(table.state, 1, online=True)["legal_actions"] == []
    assert refused(table, Pass(1)) == "seat_taken_over"
    assert refused(table, Resign(1)) == "seat_taken_over"
    assert refused(table, Pause(1)) == "seat_taken_over"
    table.do(Bid(2, card("ZA")))
    for seat in (3, 0):
        table.do(Pass(seat))
    assert stand_ins_to_play(table.state) == [1]  # its turn again: the computer's to play
    assert Pass(1) in legal_actions(table.state, 1, stand_in=True)
    assert Resign(1) not in legal_actions(table.state, 1, stand_in=True)
    table.do(Pass(1, stand_in=True))
    assert table.deal_state.phase == "doubling"  # seat 2's bid stands: the hand goes on
    assert stand_ins_to_play(table.state) == [1]  # offered the doubling choice like the others


def test_the_quitter_loses_though_it_has_more_chips_and_the_others_are_read_from_theirs() -> None:
    table = after_a_lost_solo()
    table.do(Leave(2))  # between hands
    table.do(Abandon())  # say the last person left then: the others are void, the leaver lost
    assert results(table) == (VOID, VOID, LOST, VOID)
    table = after_a_lost_solo()
    table.deal(HANDS)
    table.do(Pass(1))
    table.do(Leave(3))
    assert table.state.taken_over == (None, None, None, "left")
    table.do(TechnicalLoss(0))  # a reconnect window ran out: taken over too
    assert table.state.taken_over == ("technical_loss", None, None, "left")
    table.do(Abandon())
    assert results(table) == (LOST, VOID, VOID, LOST)


def test_a_seat_may_leave_after_cards_were_played_since_the_others_play_on() -> None:
    table = Table(HANDS)
    table.do(Bid(0, card("PK")))
    for seat in (1, 2, 3):
        table.do(Pass(seat))
    for seat in (1, 2, 3):
        table.do(NoDouble(seat))
    table.do(Play(0, card("T9")))
    assert Leave(2) in legal_actions(table.state, 2)
    assert table.do(Leave(2)) == [SeatTakenOver(2, "left")]
    table.do(Play(1, card("TX")))
    table.do(Play(2, card("TK"), stand_in=True))
    table.do(Play(3, card("TA")))
    assert table.deal_state.settlement.chips == (2700, 3100, 3100, 3100)


def test_the_game_ends_by_chips_with_the_quitter_lost_whatever_its_chips() -> None:
    table = after_a_lost_solo()  # seat 1 has 3100
    table.deal(HANDS)
    table.do(Resign(1))
    table.do(Abandon())
    assert results(table)[1] == LOST
    table = after_a_lost_solo()
    assert table.state.variant.results(_finished(table)) == (LOST, WON, WON, WON)


def _finished(table: Table) -> MatchState:
    """The state as if the game had ended by chips after the lost solo."""
    return evolve(table.state, MatchEnded(None, "points", table.state.scores, None, False, False))


def test_an_expired_reconnect_window_abandons_only_when_every_remaining_person_is_away() -> None:
    table = after_a_lost_solo()
    table.deal(HANDS)
    people = frozenset({1, 2})  # two persons, two Katis
    table.do(Leave(2))  # one person left: the computer plays its seat
    table.do(Disconnect(1))
    table.wait(RECONNECT_WINDOW.total_seconds() + 1)
    assert due_commands(table.state, table.now, people=people) == [Abandon()]
    # with the other person still at the table, the window's end takes the seat over instead
    table = after_a_lost_solo()
    table.deal(HANDS)
    table.do(Disconnect(1))
    table.wait((RECONNECT_WINDOW + timedelta(seconds=1)).total_seconds())
    assert due_commands(table.state, table.now, people=people) == [TechnicalLoss(1)]
    table.do(TechnicalLoss(1))
    assert table.state.taken_over[1] == "technical_loss"
    assert table.state.away_until[1] is None
    assert table.state.running


def test_the_tally_counts_hands_won_as_caller_solos_and_chips_at_the_end() -> None:
    table = after_a_lost_solo()
    table.do(Abandon())
    assert table.state.variant.tally(table.state) == (
        {"hands_won_as_caller": 0, "solos": 1, "chips": 2700},
        {"hands_won_as_caller": 0, "solos": 0, "chips": 3100},
        {"hands_won_as_caller": 0, "solos": 0, "chips": 3100},
        {"hands_won_as_caller": 0, "solos": 0, "chips": 3100},
    )


def test_a_hand_is_never_shown_to_the_table_where_it_would_tell_a_secret_partner() -> None:
    table = Table(HANDS)
    assert refused(table, ShowHand(1)) == "hand_not_shown_here"
    offered = {a["type"] for a in view_for(table.state, 1, online=True)["legal_actions"]}
    assert "show_hand" not in offered and "pause" in offered
