from __future__ import annotations

from celery import shared_task

from .services import rooms_expire_due


@shared_task(ignore_result=True)
def rooms_expire_sweep() -> int:
    """Periodic sweep (Celery beat): close rooms whose invitation ran out."""
    return rooms_expire_due()
