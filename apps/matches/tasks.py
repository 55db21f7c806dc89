from __future__ import annotations

from celery import shared_task

from . import lapses
from .deadlines import deadlines_apply, due_matches
from .services import rooms_expire_due


@shared_task(ignore_result=True)
def rooms_expire_sweep() -> int:
    """Periodic sweep (Celery beat): close rooms whose invitation ran out."""
    return rooms_expire_due()


@shared_task(ignore_result=True)
def deadlines_fire(match_id: str) -> int:
    """Scheduled at a deadline (``apply_async(eta=...)``): apply what is due by now. A late,
    repeated or early run does no harm: it applies only what has run out and not been applied."""
    return deadlines_apply(match_id)


@shared_task(ignore_result=True)
def deadlines_sweep() -> int:
    """Periodic sweep (Celery beat): apply the deadlines no task applied (a worker died, a task
    was lost) and disconnect seats that went silent. Returns how many commands it applied."""
    return sum(deadlines_apply(match_id) for match_id in due_matches())


@shared_task(ignore_result=True)
def kati_matches_lapse() -> int:
    """Periodic sweep (Celery beat): end the matches against Kati left alone for
    ``KATI_MATCH_IDLE_HOURS`` (``lapses.py``). Returns how many it ended."""
    return lapses.kati_matches_lapse()
