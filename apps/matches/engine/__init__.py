"""The Snapszer rules engine: pure Python, no clock, no randomness, no I/O.

events = decide(state, command, now=now)   # or raises RuleViolation(code, message)
state = evolve(state, event)               # for each event; replay(events) folds them all
view_for(state, seat)                      # what that seat may know, JSON-ready
history_for(state, seat)                   # the public record of the running deal
"""

from .cards import DECK_20, DECK_24, Card, card, cards
from .codec import CodecError, command_from_json, command_to_json, from_json, to_json
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
from .decide import decide
from .errors import CODES, RuleViolation, clip, echo
from .events import Event
from .evolve import evolve, replay
from .fairness import commitment
from .history import history_for
from .legal import legal_actions
from .state import INITIAL, DealState, MatchState
from .variant import VARIANTS, Variant
from .view import redact_event, view_for

__all__ = [
    "CODES",
    "DECK_20",
    "DECK_24",
    "INITIAL",
    "VARIANTS",
    "Abandon",
    "Card",
    "CloseTalon",
    "CodecError",
    "Command",
    "DealCards",
    "DealState",
    "Event",
    "ExchangeTrump",
    "Leave",
    "MatchState",
    "PlayCard",
    "Resign",
    "RuleViolation",
    "StartMatch",
    "Surrender",
    "TechnicalLoss",
    "Variant",
    "card",
    "cards",
    "clip",
    "command_from_json",
    "command_to_json",
    "commitment",
    "decide",
    "echo",
    "evolve",
    "from_json",
    "history_for",
    "legal_actions",
    "redact_event",
    "replay",
    "to_json",
    "view_for",
]
