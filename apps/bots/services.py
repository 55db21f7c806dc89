"""The service that plays the computer's moves through the same path as a player's: for its
own seat in games against the computer, and standing in for a player whose pause ran out."""

from __future__ import annotations

import random
from uuid import UUID

from django.db import transaction

from apps.matches import event_store
from apps.matches.appending import match_command_apply
from apps.matches.engine import PlayCard, card, command_from_json, history_for, view_for
from apps.matches.engine.presence import stand_in_to_play
from apps.matches.models import Match
from apps.matches.seating import seats_of

from .cardbits import CODES
from .heuristics import follow, lead
from .knowledge import Knowledge
from .levels import choose_action

BUDGET_SECONDS = 0.5


def bot_move_play(*, match_id: UUID | str, rng: random.Random | None = None) -> bool:
    """Play one move for the computer if it is its turn (or it stands in for the seat on turn);
    returns whether it moved. Safe to run twice or late: it re-checks under the match lock."""
    with transaction.atomic():
        match = event_store.match_lock(match_id)
        if match is None or match.status != Match.Status.ACTIVE or match.turn_seat is None:
            return False
        seat = seats_of(match)[match.turn_seat]
        state = event_store.state_load(match)
        rng = rng or random.Random()
        # what the seat sees plus the deal's public history: never hidden state
        view = view_for(state, seat.index) | {"history": history_for(state, seat.index)}
        if seat.is_bot:
            action = choose_action(
                view, variant=match.variant, level=seat.bot_level, rng=rng, budget=BUDGET_SECONDS
            )
            command = command_from_json(action, seat=seat.index)
        elif stand_in_to_play(state) == seat.index:
            command = stand_in_card(view, seat.index, rng)
        else:
            return False
        match_command_apply(match=match, state=state, command=command)
    return True


def stand_in_card(view: dict, seat: int, rng: random.Random) -> PlayCard:
    """The stand-in's card: the club player's lead or follow. It only plays cards; closing,
    exchanging and giving up stay the player's own decisions."""
    world = Knowledge.read(view).sample_world(rng)
    chosen = follow(world, seat) if world.led >= 0 else lead(world, seat)
    return PlayCard(seat, card(CODES[chosen]), stand_in=True)
