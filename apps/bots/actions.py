"""Between the view's action dicts and the search's int actions."""

from __future__ import annotations

from typing import Any

from .cardbits import CLOSE, CODES, COUNT, DECLARE, EXCHANGE, INDEX
from .heuristics import SURRENDER

Action = dict[str, Any]
GIVING_UP = ("surrender", "leave", "resign")


def to_int(action: Action) -> int | None:
    """The search's number for a view action (``None`` for leave and resign)."""
    kind = action["type"]
    if kind == "play_card":
        return INDEX[action["card"]]
    return {
        "exchange_trump": EXCHANGE,
        "close_talon": CLOSE,
        "surrender": SURRENDER,
        "declare_enough": DECLARE,
        "let_count": COUNT,
    }.get(kind)


def moves(view: dict[str, Any]) -> list[int]:
    """The legal actions of the view as ints (cards, exchange, close; sixty-six's declaration
    and count), but not giving up (surrender, leave, resign)."""
    out = []
    for a in view["legal_actions"]:
        if a["type"] not in GIVING_UP:
            n = to_int(a)
            if n is not None:
                out.append(n)
    return out


def offered(view: dict[str, Any], kind: str) -> bool:
    """Whether the view's legal actions include one of type ``kind``."""
    return any(a["type"] == kind for a in view["legal_actions"])


def to_action(view: dict[str, Any], n: int) -> Action:
    """The view's own legal action dict for int action ``n``."""
    legal: list[Action] = view["legal_actions"]
    for a in legal:
        if to_int(a) == n:
            return a
    raise ValueError(f"action {n} ({CODES[n] if n < EXCHANGE else n}) is not legal here")
