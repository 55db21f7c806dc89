"""The service that plays the computer's moves through the same path as a player's."""

from __future__ import annotations

import random
from uuid import UUID

from django.db import transaction

from apps.matches import event_store
from apps.matches.engine import command_from_json, history_for, view_for
from apps.matches.models import Match
from apps.matches.seating import seats_of
from apps.matches.services import match_command_apply

from .levels import choose_action

BUDGET_SECONDS = 0.5


def bot_move_play(*, match_id: UUID | str, rng: random.Random | None = None) -> bool:
    """Play one move for the computer if it is its turn; returns whether it moved.

    Safe to run twice or late: it re-checks the turn under the match lock.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.ACTIVE or match.turn_seat is None:
            return False
        seat = seats_of(match)[match.turn_seat]
        if not seat.is_bot:
            return False
        state = event_store.state_load(match)
        # what the seat sees plus the deal's public history: never hidden state
        view = view_for(state, seat.index) | {"history": history_for(state, seat.index)}
        action = choose_action(
            view, level=seat.bot_level, rng=rng or random.Random(), budget=BUDGET_SECONDS
        )
        match_command_apply(
            match=match, state=state, command=command_from_json(action, seat=seat.index)
        )
    return True
