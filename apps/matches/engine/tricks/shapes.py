"""Pieces of the declared shapes (``shapes.py``) that every trick-taking game's views use."""

from __future__ import annotations

from ..cards import SUIT_NAMES, code_schema
from ..shapes import INTEGER, STRING, array, described

SUIT = described(STRING, "suit code: " + ", ".join(f"{s} {n}" for s, n in SUIT_NAMES.items()))
PER_SEAT = array(INTEGER, "per seat")
ANY_CARD = code_schema()  # in the events, shared by every variant
