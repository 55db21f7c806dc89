"""Rating a decided ranked match: both players' Elo on the variant's ladder, their history rows
and their standing in the month's tournament, in one transaction with the rating rows locked."""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from django.db import transaction

from . import clock
from .models import Rating, RatingChange
from .rules import elo
from .tournament import standings_update


def ratings_record(
    *, match_id: UUID | str, results: Sequence[tuple[int, bool]], variant: str = "klub"
) -> None:
    """Rate a decided ranked match of ``variant`` from its results, ``(user id, won)`` per
    player: both ratings on that variant's ladder, their history rows, and both players'
    standing in the variant's tournament of the current month (UTC), in one transaction with the
    rating rows locked. Calling it again for the same match changes nothing. Ranked play is one
    against one: one winner and one loser.

    The match's settlement calls it inside the transaction that appends the final event;
    voided matches (both players gone, stakes refunded) are not rated."""
    winners = [user_id for user_id, won in results if won]
    losers = [user_id for user_id, won in results if not won]
    if len(winners) != 1 or len(losers) != 1:
        raise ValueError("a rated match has one winner and one loser")
    winner_user_id, loser_user_id = winners[0], losers[0]
    if winner_user_id == loser_user_id:
        raise ValueError("a player cannot beat themselves")
    now = clock.now()
    user_ids = sorted((winner_user_id, loser_user_id))
    with transaction.atomic():
        Rating.objects.bulk_create(
            [Rating(user_id=uid, variant=variant) for uid in user_ids], ignore_conflicts=True
        )
        locked = {
            r.user_id: r
            for r in Rating.objects.select_for_update()
            .filter(user_id__in=user_ids, variant=variant)
            .order_by("user_id")
        }
        # checked under the locks: a concurrent call for the same match has committed by now
        if RatingChange.objects.filter(match_id=match_id).exists():
            return
        winner, loser = locked[winner_user_id], locked[loser_user_id]
        outcome = elo.rate(
            winner=winner.rating,
            winner_matches=winner.matches,
            loser=loser.rating,
            loser_matches=loser.matches,
        )
        for rating, after in ((winner, outcome.winner_after), (loser, outcome.loser_after)):
            rating.rating = after
            rating.matches += 1
            rating.save(update_fields=["rating", "matches", "updated_at"])
        RatingChange.objects.bulk_create(
            [
                RatingChange(
                    user_id=winner_user_id,
                    match_id=match_id,
                    won=True,
                    before=outcome.winner_before,
                    after=outcome.winner_after,
                    delta=outcome.winner_delta,
                    created_at=now,
                ),
                RatingChange(
                    user_id=loser_user_id,
                    match_id=match_id,
                    won=False,
                    before=outcome.loser_before,
                    after=outcome.loser_after,
                    delta=outcome.loser_delta,
                    created_at=now,
                ),
            ]
        )
        standings_update(
            now=now,
            variant=variant,
            results=[
                (winner_user_id, True, outcome.winner_delta),
                (loser_user_id, False, outcome.loser_delta),
            ],
        )
