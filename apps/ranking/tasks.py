"""Celery tasks of the ranking (thin: each calls services)."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def matchmaking_pair(stake: int, variant: str = "klub", target: int | None = None) -> int:
    """Pair the waiting tickets of one pool (queued when a ticket arrives)."""
    return services.matchmaking_pair(stake=stake, variant=variant, target=target)


@shared_task(ignore_result=True)
def matchmaking_sweep() -> int:
    """Beat: expire tickets waiting too long, then pair every pool that has waiting tickets
    (gaps widen with time)."""
    services.tickets_expire()
    return sum(
        services.matchmaking_pair(stake=p.stake, variant=p.variant, target=p.target)
        for p in services.pools_waiting()
    )


@shared_task(ignore_result=True)
def months_close() -> int:
    """Beat, shortly after midnight UTC on the 1st: medals of every finished, unclosed month."""
    return services.months_close_due()
