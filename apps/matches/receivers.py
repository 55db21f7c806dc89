"""The matches app's own after-commit reactions to new events (``signals.events_appended``):
the push to the match's sockets, and a worker woken at each new deadline (not in embedded mode,
where loads and the sweep apply deadlines). Neither may fail the request whose events were
committed: the push logs its own failures, the scheduling is ``robust``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from apps.matches.engine import Event

from .models import Match
from .push import events_push
from .signals import events_appended

DEADLINE_FIELDS = ("deadline", "until")


@receiver(events_appended, dispatch_uid="matches.push")
def push_after_commit(
    sender: Any, *, match: Match, events: list[Event], first_seq: int, **_: Any
) -> None:
    match_id, variant = match.id, match.variant
    transaction.on_commit(
        lambda: events_push(match_id=match_id, variant=variant, first_seq=first_seq, events=events)
    )


@receiver(events_appended, dispatch_uid="matches.deadlines")
def deadlines_schedule(sender: Any, *, match: Match, events: list[Event], **_: Any) -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    from . import tasks  # noqa: PLC0415 (tasks import the services, which import this app)

    match_id = match.id
    for deadline in _new_deadlines(events):
        # robust: a broker that does not answer (logged) must not fail the committed move;
        # the periodic sweep (``tasks.deadlines_sweep``) applies the deadline then
        transaction.on_commit(
            lambda at=deadline: tasks.deadlines_fire.apply_async((str(match_id),), eta=at),
            robust=True,
        )


def _new_deadlines(events: list[Event]) -> list[datetime]:
    """The deadlines the events set. An event that sets one carries it as ``deadline`` or
    ``until``: the presence events (``PlayerDisconnected``, ``PauseStarted``, ``HandShown``)
    and a variant's own (partnership's ``BiddingEnded``, ``Doubled``, ``CardsShown``)."""
    deadlines = []
    for event in events:
        for name in DEADLINE_FIELDS:
            at = getattr(event, name, None)
            if isinstance(at, datetime):
                deadlines.append(at)
    return deadlines
