"""Matches against Kati left alone end: nothing stays "in progress" for ever.

A match against the computer whose last event is older than ``KATI_MATCH_IDLE_HOURS`` (its
person went away mid-match and never came back) is ended by the service with ``Lapse``, through
the one write path (an event appended, the projection a fold of it): no winner, end reason
``lapsed``. Kati's matches are never ranked, and no stats count a lapsed match
(``apps/ranking/selectors.py``). A periodic Celery task (``tasks.kati_matches_lapse``) runs it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from apps.matches.engine import Lapse

from . import event_store
from .appending import command_apply
from .models import Match


def idle_since(now: datetime) -> datetime:
    """A match against Kati whose last event came before this has been left alone."""
    return now - timedelta(hours=settings.KATI_MATCH_IDLE_HOURS)


def kati_matches_lapse(
    *, now: datetime | None = None, user_id: int | None = None, idle_only: bool = True
) -> int:
    """End every match against Kati left alone by ``now`` (see the module; ``user_id``: only that
    player's, when its match list is read, so that nothing waits for a worker, as with rooms
    whose invitation ran out); returns how many. Each in a transaction of its own, under the
    match's lock, checked again under it: a move that came meanwhile keeps the match going."""
    now = now or timezone.now()
    limit = idle_since(now) if idle_only else now  # not idle_only: every one (an account ends)
    due = Match.objects.filter(
        mode=Match.Mode.COMPUTER, status=Match.Status.ACTIVE, updated_at__lte=limit
    )
    if user_id is not None:
        due = due.filter(created_by_id=user_id)
    ended = 0
    for match_id in list(due.values_list("id", flat=True)):
        with transaction.atomic():
            match = event_store.match_lock(match_id)
            if match is None or match.status != Match.Status.ACTIVE or match.updated_at > limit:
                continue
            state = event_store.state_load(match)
            if not state.running:
                continue
            command_apply(match, state, Lapse(), now=now)
            ended += 1
    return ended
