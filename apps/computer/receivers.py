"""The computer's move follows new events: after commit, when one of the seats that may act
is the computer's own or one it stands in for (``matches.signals.events_appended``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import receiver

from apps.bots.declaring import declaration_due
from apps.matches.engine import MatchState, view_for
from apps.matches.engine.presence import stand_ins_to_play
from apps.matches.models import Match
from apps.matches.seating import seats_of
from apps.matches.signals import events_appended


def bot_seats_to_move(match: Match, state: MatchState) -> list[int]:
    """The seats the computer must move for now: its own among the actors, its own that
    should say "enough" although the deal waits for another seat (sixty-six, right after
    leading a marriage card; partnership, after a trick that takes its side to 66:
    ``declaring.declaration_due``; also for a seat it took over), and the seats it stands in
    for or took over."""
    if not state.running or state.deal is None or state.deal.over or state.variant is None:
        return []
    seats = seats_of(match)
    actors = state.variant.actors(state)
    own = [seat for seat in actors if seats[seat].is_bot]
    own += [
        seat
        for seat, held in enumerate(seats)
        if (held.is_bot or state.played_by_computer(seat))
        and seat not in actors
        and declaration_due(view_for(state, seat, stand_in=True), match.variant)
    ]
    return own + [seat for seat in stand_ins_to_play(state) if seat not in own]


@receiver(events_appended, dispatch_uid="computer.move")
def bot_move_schedule(sender: Any, *, match: Match, state: MatchState, **_: Any) -> None:
    if bot_seats_to_move(match, state):
        from .tasks import bot_move  # noqa: PLC0415 (the task imports the bot's services)

        match_id = str(match.id)
        # robust: the player's move is committed; a broker that does not answer is logged
        transaction.on_commit(lambda: bot_move.delay(match_id), robust=True)
