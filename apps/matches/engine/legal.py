"""``legal_actions(state, seat)``: every command a seat may send now. The variant lists its deal
commands (``Rules.deal_actions``); the table adds leaving (while the variant allows it, or at
any time where the others play on without the seat: ``Rules.replaces_quitters``) and
resigning."""

from __future__ import annotations

from .commands import Command, Leave, Resign
from .state import MatchState


def legal_actions(state: MatchState, seat: int, *, stand_in: bool = False) -> list[Command]:
    """Every command ``seat`` may send now (a surrender listed with its confirmation). A seat
    the computer took over sends nothing; ``stand_in``: what the computer may send for it."""
    if not state.started or state.finished or not 0 <= seat < state.seats:
        return []
    if state.played_by_computer(seat) and not stand_in:
        return []
    deal = state.deal
    quitting: list[Command] = [] if state.played_by_computer(seat) else [Resign(seat)]
    if deal is None or deal.over:
        return [Leave(seat), *quitting] if quitting else []
    rules = state.variant
    assert rules is not None
    actions = rules.deal_actions(state, seat)
    if quitting and (rules.replaces_quitters or rules.may_leave(deal)):
        actions.append(Leave(seat))
    return actions + quitting
