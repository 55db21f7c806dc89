"""``legal_actions(state, seat)``: every command a seat may send now. The variant lists its deal
commands (``Rules.deal_actions``); the table adds leaving (while the variant allows it) and
resigning."""

from __future__ import annotations

from .commands import Command, Leave, Resign
from .state import MatchState


def legal_actions(state: MatchState, seat: int) -> list[Command]:
    """Every command ``seat`` may send now (a surrender listed with its confirmation)."""
    if not state.started or state.finished or not 0 <= seat < state.seats:
        return []
    deal = state.deal
    if deal is None or deal.over:
        return [Leave(seat), Resign(seat)]
    rules = state.variant
    assert rules is not None
    actions = rules.deal_actions(state, seat)
    if rules.may_leave(deal):
        actions.append(Leave(seat))
    actions.append(Resign(seat))
    return actions
