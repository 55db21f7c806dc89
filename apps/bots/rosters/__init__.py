"""Kati's rosters, one per game she plays, each declared in its own module here (``klub.py`` …):
a game without one is played by people only (and a paused person's seat gets a random legal
move). The computer app looks them up by the match's variant (``roster_for``) and hands their
level names to the matches app (``apps.computer.apps``), which lists and checks them without
loading any decision code. A test may register a roster for a game of its own."""

from __future__ import annotations

from apps.matches.strengths import levels_register, levels_unregister

from . import klub, partnership, sixty_six
from .roster import Action, Player, Roster, StandIn, UnknownBot, View

__all__ = [
    "ROSTERS",
    "Action",
    "Player",
    "Roster",
    "StandIn",
    "UnknownBot",
    "View",
    "levels_for",
    "roster_for",
    "roster_register",
    "roster_unregister",
]

ROSTERS: dict[str, Roster] = {
    roster.variant: roster for roster in (klub.ROSTER, sixty_six.ROSTER, partnership.ROSTER)
}


def roster_for(variant: str) -> Roster | None:
    return ROSTERS.get(variant)


def levels_for(variant: str) -> tuple[str, ...]:
    """The level names of ``variant``, weakest first; none for a game Kati does not play."""
    roster = ROSTERS.get(variant)
    return () if roster is None else roster.levels


def roster_register(roster: Roster) -> None:
    """Kati plays ``roster.variant`` (a test's own game), its levels listed by the matches app
    at once (the built-in rosters' are handed in when the apps are ready)."""
    ROSTERS[roster.variant] = roster
    levels_register(roster.variant, roster.levels)


def roster_unregister(variant: str) -> None:
    ROSTERS.pop(variant, None)
    levels_unregister(variant)
