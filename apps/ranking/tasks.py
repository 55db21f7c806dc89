"""Celery tasks of the ranking (thin: each calls services)."""

from __future__ import annotations

from celery import shared_task

from . import services
from .rules.matchmaking import STAKES


@shared_task(ignore_result=True)
def matchmaking_pair(stake: int) -> int:
    """Pair the waiting tickets of one stake (queued when a ticket arrives)."""
    return services.matchmaking_pair(stake=stake)


@shared_task(ignore_result=True)
def matchmaking_sweep() -> int:
    """Beat: expire tickets waiting too long, then pair every stake (gaps widen with time)."""
    services.tickets_expire()
    return sum(services.matchmaking_pair(stake=stake) for stake in STAKES)


@shared_task(ignore_result=True)
def months_close() -> int:
    """Beat, shortly after midnight UTC on the 1st: medals of every finished, unclosed month."""
    return services.months_close_due()
