"""What Kati would play: a hint for a person's own seat, in a game against the computer only
(never between people: a friend or ranked game is the players' own).

The hint is the strongest Kati's choice made from exactly what the asking seat may know (its
view and the deal's public history, as the computer decides for a seat it stands in for), so it
tells nothing the seat could not work out itself; it changes nothing at the table.
"""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

from apps.accounts.models import User
from apps.bots.actions import GIVING_UP
from apps.bots.levels import choose_action
from apps.bots.rosters import roster_for
from apps.common.errors import Conflict, Forbidden
from apps.matches import event_store, selectors
from apps.matches.engine import history_for, view_for
from apps.matches.models import Match

from .services import BUDGET_SECONDS


def hint_for(*, match_id: UUID, user: User, rng: random.Random | None = None) -> dict[str, Any]:
    """The move the strongest Kati would make for ``user``'s seat now: ``{"version", "action",
    "level"}``. Refused (``hint_not_offered``) outside games against the computer or in a game
    Kati does not play, ``not_your_turn`` when the seat has nothing to decide."""
    match, seat = selectors.match_for_player(match_id=match_id, user=user)
    roster = roster_for(match.variant)
    if match.mode != Match.Mode.COMPUTER or roster is None:
        raise Forbidden("hints are only given in games against Kati", code="hint_not_offered")
    if match.status != Match.Status.ACTIVE:
        raise Conflict("the match has ended", code="match_over")
    state = event_store.state_load(match)
    view = view_for(state, seat, stand_in=True) | {"history": history_for(state, seat)}
    if not any(action["type"] not in GIVING_UP for action in view["legal_actions"]):
        raise Conflict("it is not your turn", code="not_your_turn")
    level = roster.levels[-1]
    action = choose_action(
        view, variant=match.variant, level=level, rng=rng or random.Random(), budget=BUDGET_SECONDS
    )
    return {"version": match.version, "action": action, "level": level}
