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
from .state import MatchState

Handler = Callable[[Recorder, Any], None]

_TABLE_HANDLERS: dict[type, Handler] = {**table.HANDLERS, **presence.HANDLERS}


def decide(state: MatchState, command: Command, *, now: datetime | None = None) -> list[Event]:
    """The events that ``command`` causes in ``state``; raises ``RuleViolation`` if refused.

    ``now`` is the caller's clock, passed in so that the engine itself never reads one. The
    card rules do not depend on time; the presence commands (``presence.py``) store deadlines
    computed from it, and the service applies the ones that ran out as commands.
    """
    rec = Recorder(state, now)
    handler = _TABLE_HANDLERS.get(command.__class__)
    if handler is None:
        handler = _deal_handler(state, command)
    presence.before_move(rec, command)
    handler(rec, command)
    return rec.events


def _deal_handler(state: MatchState, command: Command) -> Handler:
    table.require_running(state)
    assert state.variant is not None
    handler = state.variant.handlers.get(command.__class__)
    if handler is None:
        raise RuleViolation("unknown_command", f"{command.__class__.__name__} is not a command")
    table.require_seat(state, command.seat)  # type: ignore[attr-defined]
    if state.deal is None or state.deal.over:
        raise RuleViolation("deal_over", "no deal is being played right now")
    return handler
