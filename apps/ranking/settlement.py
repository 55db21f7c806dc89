"""The settlement of a ranked match, in the transaction that appends its final event
(``matches.signals.match_finished``): the variant's per-seat results (``Rules.results``) mapped
to a payout map for the wallet (the pot shared by the winners; a voided match refunds every
stake) and to the results the ratings take."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from apps.matches.engine import MatchState
from apps.matches.engine.rules import VOID, WON
from apps.matches.models import Match
from apps.matches.seating import seats_of
from apps.matches.signals import match_finished
from apps.wallet.services import match_settle

from .ratings import ratings_record


@receiver(match_finished, dispatch_uid="ranking.settlement")
def ranked_settle(sender: Any, *, match: Match, state: MatchState, **_: Any) -> None:
    if match.mode != Match.Mode.RANKED:
        return
    assert state.variant is not None
    players = [seat.user_id for seat in seats_of(match)]
    results = state.variant.results(state)
    shares = {
        user_id: 1
        for user_id, result in zip(players, results, strict=True)
        if result == WON and user_id is not None
    }
    match_settle(match_id=match.id, shares=shares)
    if VOID not in results:
        ratings_record(
            match_id=match.id,
            variant=match.variant,
            results=[(u, r == WON) for u, r in zip(players, results, strict=True) if u is not None],
        )
