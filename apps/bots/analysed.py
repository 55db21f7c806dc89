"""What the deal analysis (``analysis.py``, ``partnership/analysis.py``) covers and its version,
without its searches: the web process reads them (``apps/analysis``) and never loads the C
search. And what both analyses share: the marks and the totals per seat."""

from __future__ import annotations

from typing import Any

VERSION = 1  # a stored analysis of another version is made again when asked for
VARIANTS = ("klub", "sixty-six", "partnership")
# a choice's expected loss (two-seat: game points; partnership: the seat's unit) from which it
# is marked
THRESHOLDS = (("blunder", 1.5), ("mistake", 0.7), ("inaccuracy", 0.3))
TIE = 1e-9


def mark(loss: float) -> str | None:
    for name, threshold in THRESHOLDS:
        if loss >= threshold - TIE:
            return name
    return None


def seat_totals(out: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    """A seat's decisions, the sums of its exact and expected losses, and its marks."""
    mine = [d for d in out if d["seat"] == seat]
    marks = [d["own"]["mark"] for d in mine if d["own"] is not None]
    return {
        "seat": seat,
        "decisions": len(mine),
        "lost_exact": sum(d["exact"]["loss"] for d in mine),
        "lost_expected": round(sum(d["own"]["loss"] for d in mine if d["own"] is not None), 4),
        "inaccuracies": marks.count("inaccuracy"),
        "mistakes": marks.count("mistake"),
        "blunders": marks.count("blunder"),
    }
