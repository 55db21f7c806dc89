"""``evolve(state, event) -> state`` and ``replay(events) -> state``, a fold of it: a match's
start here (its variant looked up in the registry), then every event by its variant's fold
(``Rules.fold``: the table's evolvers, ``table_fold.py``, and the variant's own).

Evolve trusts its events: they were checked by ``decide`` before being recorded.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from .events import Event, MatchStarted
from .registry import VARIANTS
from .state import INITIAL, MatchState
from .table_fold import TABLE_EVOLVERS, Evolver


def _match_started(state: MatchState, e: MatchStarted) -> MatchState:
    return MatchState(
        variant=VARIANTS[e.variant],
        target=e.target,
        first_dealer=e.first_dealer,
        scores=(0,) * e.seats,
        trailed_to_the_brink=(False,) * e.seats,
        away_until=(None,) * e.seats,
        paused=(None,) * e.seats,
        pauses_taken=(0,) * e.seats,
        paused_in_deal=(False,) * e.seats,
        shown=(None,) * e.seats,
        taken_over=(None,) * e.seats,
    )


# before the start: the table's evolvers (a match's own events), and the start itself
_UNSTARTED: dict[type, Evolver] = {**TABLE_EVOLVERS, MatchStarted: _match_started}


def evolve(state: MatchState, event: Event) -> MatchState:
    """The state after ``event``. Pure: ``state`` is left as it was.

    A started match folds with its variant's table (``Rules.fold``: the table's evolvers and
    the variant's own, built by the variant from its declarations)."""
    variant = state.variant
    evolvers = _UNSTARTED if variant is None else variant.fold
    return evolvers[event.__class__](state, event)


def replay(events: Iterable[Event], state: MatchState = INITIAL) -> MatchState:
    """Fold ``evolve`` over ``events`` (from the initial state, or from a snapshot)."""
    return reduce(evolve, events, state)
