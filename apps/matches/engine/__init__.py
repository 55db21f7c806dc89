"""The Snapszer rules engine: pure Python, no clock, no randomness, no I/O.

The generic core (the match table, presence, the codec, the fold, the views) asks the match's
variant, a ``Rules`` registered in ``variants/``, for everything a game decides (``rules.py``).

events = decide(state, command, now=now)   # or raises RuleViolation(code, message)
state = evolve(state, event)               # for each event; replay(events) folds them all
view_for(state, seat)                      # what that seat may know, JSON-ready
waiting_view(rules, target, seat)          # the same before the match starts (a waiting room)
history_for(state, seat)                   # the public record of the running deal
"""

from .cards import DECK_20, DECK_24, Card, card, cards
from .codec import CodecError, command_from_json, command_to_json, from_json, to_json
from .commands import (
    Abandon,
    Command,
    DealCards,
    Lapse,
    Leave,
    Resign,
    StartMatch,
    TechnicalLoss,
)
from .decide import decide
from .errors import CODES, RuleViolation, clip, echo
from .events import Event
from .evolve import evolve, replay
from .fairness import commitment
from .legal import legal_actions
from .registry import VARIANTS, configure, register, rule_codes, rules_for, unregister
from .rules import Rules
from .state import INITIAL, Deal, MatchState
from .variants import BUILT_IN  # noqa: F401 (declares the built-in variants)
from .variants.klub.commands import CloseTalon, ExchangeTrump, PlayCard, Surrender
from .view import history_for, redact_event, view_for, waiting_view

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
    "Deal",
    "DealCards",
    "Event",
    "ExchangeTrump",
    "Lapse",
    "Leave",
    "MatchState",
    "PlayCard",
    "Resign",
    "RuleViolation",
    "Rules",
    "StartMatch",
    "Surrender",
    "TechnicalLoss",
    "card",
    "cards",
    "clip",
    "command_from_json",
    "command_to_json",
    "commitment",
    "configure",
    "decide",
    "echo",
    "evolve",
    "from_json",
    "history_for",
    "legal_actions",
    "redact_event",
    "register",
    "replay",
    "rule_codes",
    "rules_for",
    "to_json",
    "unregister",
    "view_for",
    "waiting_view",
]
