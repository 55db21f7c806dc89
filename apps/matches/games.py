"""The games' catalogue: every game the server plays, as a client lists it (``GET
/api/v1/games/``), read from what each variant declares (its labels, seats, targets, whether it
is ranked, the actions a player may send in it with their names) and from Kati's roster (her
levels, handed in by the computer app). A game added to the engine's registry is in it, with
nothing listed by hand."""

from __future__ import annotations

from typing import Any

from .engine import VARIANTS
from .strengths import levels_for


def _action(command: type) -> dict[str, Any]:
    """An action a player may send: its wire ``type`` and its names by language, as the
    command declares them (its type in English when it declares none)."""
    wire: str = command.type  # type: ignore[attr-defined]
    return {"type": wire, "labels": dict(getattr(command, "labels", {})) or {"en": wire}}


def games_catalogue() -> list[dict[str, Any]]:
    """The games in the registry's order (klub first)."""
    return [
        {
            "variant": name,
            "labels": dict(rules.labels) or {"en": rules.name},
            "seats": rules.seats,
            "targets": list(rules.targets),
            "default_target": rules.match_target(None),
            "ranked": rules.ranked,
            "computer_levels": list(levels_for(name)),
            "actions": [_action(command) for command in rules.player_commands],
        }
        for name, rules in VARIANTS.items()
    ]
