"""Per-seat results of a ``partnership`` game that ends early (rules §5, issue 27 point 4): the
seat that resigns, leaves or loses technically is recorded as the loser (``match_ended.radli``)
and its result is *lost*, whatever its chips; each other seat's result is read from its chips
as at a normal end; an abandoned game is void for everyone."""

from __future__ import annotations

from apps.matches.engine import Abandon, Leave, Resign, TechnicalLoss, card
from apps.matches.engine.rules import LOST, VOID, WON
from apps.matches.engine.variants.partnership.commands import Bid, NoDouble, Pass, Play

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


def test_a_seat_that_resigns_mid_hand_loses_though_it_has_more_chips() -> None:
    table = after_a_lost_solo()
    table.deal(HANDS)  # dealer 0: seat 1 bids first
    table.do(Pass(1))
    table.do(Resign(1))
    assert table.state.result.reason == "resigned"
    assert table.state.result.radli == 1
    assert results(table) == (LOST, LOST, WON, WON)


def test_a_seat_that_leaves_between_hands_loses_though_it_has_more_chips() -> None:
    table = after_a_lost_solo()
    table.do(Leave(2))
    assert table.state.result.reason == "left"
    assert table.state.result.radli == 2
    assert results(table) == (LOST, WON, LOST, WON)


def test_a_technical_loss_loses_and_the_others_are_void_with_their_chips_untouched() -> None:
    table = Table(HANDS)
    table.do(TechnicalLoss(3))
    assert table.state.result.reason == "technical_loss"
    assert table.state.result.radli == 3
    assert results(table) == (VOID, VOID, VOID, LOST)


def test_an_abandoned_game_is_void_for_everyone_and_names_no_loser() -> None:
    table = after_a_lost_solo()
    table.do(Abandon())
    assert table.state.result.radli is None
    assert results(table) == (VOID,) * 4
