"""Quoting what a client sent in a message, safely: never more than a few characters of it.
Pure Python (the rules engine uses it too)."""

from __future__ import annotations

# An error message quotes at most this many characters of what a client sent.
ECHO_LIMIT = 40


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, ``…`` marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters: a message never sends
    a huge input back."""
    if isinstance(value, str):
        value = value[:limit]  # the repr of the head only: no copy of a huge string
    return clip(repr(value), limit)
