"""A player's stats in a game, counted from its seats of finished matches: each seat's result
(``Rules.results``), whether its player quit, and its tally (``Rules.tally``). The generic
counts (games, wins, losses, games left) are every game's; a variant declares the numbers it
adds from its tallies (``Rules.stats``), and the product adds them up with ``stats_of``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

# A seat's result in a finished match, for settlement, ratings and stats.
WON, LOST, VOID = "won", "lost", "void"
# The end reason of a match against Kati left alone (``Lapse``): no stats count it.
LAPSED = "lapsed"


@dataclass(frozen=True)
class Stat:
    """One number of a player's stats: its seats' ``tally`` key, summed over its games
    (``total="sum"``, 0 with none) or the best of them (``"max"``, None with none), each game's
    value less ``less`` first (chips won: the chips at the end less those at the start)."""

    name: str
    tally: str
    total: Literal["sum", "max"] = "sum"
    less: int = 0


# (result, why its player quit or None, tally) of one seat of a finished match
SeatRecord = tuple[str, str | None, Mapping[str, int]]


def stats_of(stats: Sequence[Stat], seats: Iterable[SeatRecord]) -> dict[str, int | None]:
    """The player's stats from its ``seats``: games, wins, losses, games it left (resigned,
    left or lost technically), then each of the variant's ``stats``."""
    rows = list(seats)
    results = [result for result, _, _ in rows]
    counted: dict[str, int | None] = {
        "games": len(rows),
        "wins": results.count(WON),
        "losses": results.count(LOST),
        "left": sum(1 for _, quit_reason, _ in rows if quit_reason),
    }
    for stat in stats:
        values = [tally[stat.tally] - stat.less for _, _, tally in rows if stat.tally in tally]
        counted[stat.name] = sum(values) if stat.total == "sum" else max(values, default=None)
    return counted
