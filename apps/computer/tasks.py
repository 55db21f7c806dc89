from __future__ import annotations

from celery import shared_task

from .services import bot_move_play


# named as it was when the task lived in apps/bots/tasks.py: a move queued before a deploy
# still finds its task after it
@shared_task(name="apps.bots.tasks.bot_move", ignore_result=True)
def bot_move(match_id: str) -> None:
    """The computer's move, off the request path (eager in embedded mode and tests)."""
    bot_move_play(match_id=match_id)
