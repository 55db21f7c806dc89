from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def deal_analyse(match_id: str, number: int) -> None:
    """Analyse a finished deal and store it (queued after the deal ends, or when a seat asks
    for an analysis that was never made)."""
    services.analysis_make(match_id=match_id, number=number)
