"""``decide(state, command, *, now) -> list[Event]``: check a command against the rules and
return the events it causes (nothing is changed; ``evolve`` applies them).

The table's and presence's commands are handled here for every variant; a command played inside
a deal goes to the handler its variant registered (``Rules.handlers``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from . import presence, table
from .commands import Command
from .errors import RuleViolation
from .events import Event
from .recorder import Recorder
from .rules import Handler, Rules
from .state import MatchState

TableHandler = Callable[[Recorder, Any], None]

_TABLE_HANDLERS: dict[type, TableHandler] = {**table.HANDLERS, **presence.HANDLERS}


def decide(state: MatchState, command: Command, *, now: datetime | None = None) -> list[Event]:
    """The events that ``command`` causes in ``state``; raises ``RuleViolation`` if refused.

    ``now`` is the caller's clock, passed in so that the engine itself never reads one. The
    card rules do not depend on time; the presence commands (``presence.py``) store deadlines
    computed from it, and the service applies the ones that ran out as commands.
    """
    rec = Recorder(state, now)
    table_handler = _TABLE_HANDLERS.get(command.__class__)
    if table_handler is not None:
        presence.before_move(rec, command)
        table_handler(rec, command)
        return rec.events
    variant, handler = _deal_handler(state, command)
    presence.before_move(rec, command)
    handler(variant, rec, command)
    return rec.events


def _deal_handler(state: MatchState, command: Command) -> tuple[Rules[Any], Handler]:
    table.require_running(state)
    variant = state.variant
    assert variant is not None
    handler = variant.handlers.get(command.__class__)
    if handler is None:
        raise RuleViolation("unknown_command", f"{command.__class__.__name__} is not a command")
    table.require_seat(state, getattr(command, "seat", None))
    if state.deal is None or state.deal.over:
        raise RuleViolation("deal_over", "no deal is being played right now")
    return variant, handler
