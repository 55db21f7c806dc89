"""The fold of a ``sixty-six`` deal: klub's evolvers, and those of its own events."""

from __future__ import annotations

from ...rules import DealEvolver
from ...state import copy_with
from ...tricks.events import EnoughDeclared
from ..klub.evolve import EVOLVERS as TWO_SEAT_EVOLVERS
from .events import CountChosen
from .state import SixtySixDeal


def _enough_declared(deal: SixtySixDeal, e: EnoughDeclared) -> SixtySixDeal:
    return copy_with(deal, declared_by=e.seat)


def _count_chosen(deal: SixtySixDeal, e: CountChosen) -> SixtySixDeal:
    return deal  # the deal_ended that follows records the count's result


EVOLVERS: dict[type, DealEvolver] = {
    **TWO_SEAT_EVOLVERS,
    EnoughDeclared: _enough_declared,
    CountChosen: _count_chosen,
}
