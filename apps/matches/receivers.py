"""The matches app's own subscribers to new events (``signals.events_appended``), and to an
account's end (``account_closing``).

Inside the transaction of the batch, the projections that are not the ``Match`` row's: the
seat columns (``projection.seats_project``) and the seats watched for silence
(``attendance.presence_project``). After commit, the push to the match's sockets, and a worker
woken at the match's next deadline when the batch moved it (``Match.next_deadline_at``; not in
embedded mode, where loads and the sweep apply deadlines). Neither after-commit reaction may
fail the request whose events were committed: the push logs its own failures, the scheduling
is ``robust``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from apps.accounts.signals import account_closing
from apps.matches.engine import Event

from .attendance import presence_project
from .lapses import kati_matches_lapse
from .models import Match
from .projection import seats_project
from .push import events_push
from .signals import events_appended
from .withdrawal import online_tables_leave

events_appended.connect(seats_project, dispatch_uid="matches.seats")
events_appended.connect(presence_project, dispatch_uid="matches.presence")


@receiver(events_appended, dispatch_uid="matches.push")
def push_after_commit(
    sender: Any, *, match: Match, events: list[Event], first_seq: int, **_: Any
) -> None:
    match_id, variant = match.id, match.variant
    transaction.on_commit(
        lambda: events_push(match_id=match_id, variant=variant, first_seq=first_seq, events=events)
    )


@receiver(events_appended, dispatch_uid="matches.deadlines")
def deadline_schedule(sender: Any, *, match: Match, changed: frozenset[str], **_: Any) -> None:
    """A task at the match's next deadline whenever the batch changed it. Each deadline, of
    presence or of the variant, is in the state (``engine.presence.next_deadline``), so the
    projection knows the earliest: the task applies what is due then, which moves
    ``next_deadline_at`` on to the next one, and so schedules the next task."""
    at = match.next_deadline_at
    if settings.CELERY_TASK_ALWAYS_EAGER or "next_deadline_at" not in changed or at is None:
        return
    from . import tasks  # noqa: PLC0415 (tasks import the services, which import this app)

    match_id = match.id
    # robust: a broker that does not answer (logged) must not fail the committed move; the
    # periodic sweep (``tasks.deadlines_sweep``) applies the deadline then
    transaction.on_commit(
        lambda: tasks.deadlines_fire.apply_async((str(match_id),), eta=at), robust=True
    )


@receiver(account_closing, dispatch_uid="matches.account_closing")
def tables_leave_on_account_closing(sender: Any, *, user_id: int, now: datetime, **_: Any) -> None:
    """A player deleting its account leaves every table as a banned player does (its online
    matches end as its technical loss), and its matches against Kati end."""
    online_tables_leave(user_id=user_id, now=now)
    kati_matches_lapse(now=now, user_id=user_id, idle_only=False)
