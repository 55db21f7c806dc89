"""Celery tasks of the ranking (thin: each calls a service of matchmaking.py or tournament.py)."""

from __future__ import annotations

from celery import shared_task

from . import matchmaking, tournament


@shared_task(ignore_result=True)
def matchmaking_pair(stake: int, variant: str = "klub", target: int | None = None) -> int:
    """Pair the waiting tickets of one pool (queued when a ticket arrives)."""
    return matchmaking.matchmaking_pair(stake=stake, variant=variant, target=target)


@shared_task(ignore_result=True)
def matchmaking_sweep() -> int:
    """Beat: expire tickets waiting too long, then pair every pool that has waiting tickets
    (gaps widen with time)."""
    matchmaking.tickets_expire()
    return sum(
        matchmaking.matchmaking_pair(stake=p.stake, variant=p.variant, target=p.target)
        for p in matchmaking.pools_waiting()
    )


@shared_task(ignore_result=True)
def months_close() -> int:
    """Beat, shortly after midnight UTC on the 1st: medals of every finished, unclosed month."""
    return tournament.months_close_due()
