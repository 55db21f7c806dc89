from __future__ import annotations

from celery import shared_task

from .services import bot_move_play


@shared_task(ignore_result=True)
def bot_move(match_id: str) -> None:
    """The computer's move, off the request path (eager in embedded mode and tests)."""
    bot_move_play(match_id=match_id)
