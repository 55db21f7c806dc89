"""The computer's strengths by variant, as names only: what the club offers, lists and
validates when a match against Kati is made.

Nothing here imports the decision code, so listing them (the API's choices, the check when a
match against the computer is created) never loads the C search. ``apps/bots/levels.py`` holds
the player of each (variant, level) pair; ``tests/bots/test_roster.py`` keeps the two in step.
"""

from __future__ import annotations

# weakest first (docs/bots.md, "The levels")
LEVELS_BY_VARIANT: dict[str, tuple[str, ...]] = {
    "klub": ("beginner", "club", "strong", "expert"),
    "sixty-six": ("beginner", "club", "strong", "expert"),
    "partnership": ("beginner", "club", "strong", "expert"),
}
# every level name of any variant
LEVELS: tuple[str, ...] = tuple(
    dict.fromkeys(name for names in LEVELS_BY_VARIANT.values() for name in names)
)
DEFAULT_LEVEL = "beginner"
# Kati's level where she plays for a person: a paused seat's stand-in (where she has a player
# for the variant), a four-seat game's seat whose player quit, and its seat in a rematch
STAND_IN_LEVEL = "club"


def levels_for(variant: str) -> tuple[str, ...]:
    """The level names of ``variant``, weakest first; none for a variant Kati does not play."""
    return LEVELS_BY_VARIANT.get(variant, ())
