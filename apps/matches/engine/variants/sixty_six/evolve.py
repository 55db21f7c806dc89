"""The fold of a ``sixty-six`` deal: klub's evolvers, and those of its own events."""

from __future__ import annotations

from ...state import MatchState, copy_with
from ...table_fold import Evolver
from ..klub.evolve import EVOLVERS as TWO_SEAT_EVOLVERS
from .events import CountChosen, EnoughDeclared


def _enough_declared(state: MatchState, e: EnoughDeclared) -> MatchState:
    return copy_with(state, deal=copy_with(state.deal, declared_by=e.seat))


def _count_chosen(state: MatchState, e: CountChosen) -> MatchState:
    return state  # the deal_ended that follows records the count's result


EVOLVERS: dict[type, Evolver] = {
    **TWO_SEAT_EVOLVERS,
    EnoughDeclared: _enough_declared,
    CountChosen: _count_chosen,
}
