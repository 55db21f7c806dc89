"""``decide(state, command, *, now) -> list[Event]``: check a command against the rules and
return the events it causes (nothing is changed; ``evolve`` applies them)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from . import klub, match, presence
from .commands import (
    Abandon,
    CloseTalon,
    Command,
    DealCards,
    ExchangeTrump,
    Leave,
    PlayCard,
    Resign,
    StartMatch,
    Surrender,
    TechnicalLoss,
)
from .errors import RuleViolation
from .events import Event
from .recorder import Recorder
from .state import MatchState

Handler = Callable[[Recorder, Any], None]

_MATCH_HANDLERS: dict[type, Handler] = {
    StartMatch: match.start_match,
    DealCards: match.deal_cards,
    Resign: match.resign,
    Leave: match.leave,
    TechnicalLoss: match.technical_loss,
    Abandon: match.abandon,
    **presence.HANDLERS,
}

# Commands played inside a deal, per variant.
_DEAL_HANDLERS: dict[str, dict[type, Handler]] = {
    "klub": {
        ExchangeTrump: klub.exchange_trump,
        CloseTalon: klub.close_talon,
        PlayCard: klub.play_card,
        Surrender: klub.surrender,
    },
}


def decide(state: MatchState, command: Command, *, now: datetime | None = None) -> list[Event]:
    """The events that ``command`` causes in ``state``; raises ``RuleViolation`` if refused.

    ``now`` is the caller's clock, passed in so that the engine itself never reads one. The
    card rules do not depend on time; the presence commands (``presence.py``) store deadlines
    computed from it, and the service applies the ones that ran out as commands.
    """
    rec = Recorder(state, now)
    handler = _MATCH_HANDLERS.get(command.__class__)
    if handler is None:
        handler = _deal_handler(state, command)
    presence.before_move(rec, command)
    handler(rec, command)
    return rec.events


def _deal_handler(state: MatchState, command: Command) -> Handler:
    match.require_running(state)
    assert state.variant is not None
    handler = _DEAL_HANDLERS[state.variant.name].get(command.__class__)
    if handler is None:
        raise RuleViolation("unknown_command", f"{command.__class__.__name__} is not a command")
    match.require_seat(state, command.seat)  # type: ignore[union-attr]
    if state.deal is None or state.deal.over:
        raise RuleViolation("deal_over", "no deal is being played right now")
    return handler
