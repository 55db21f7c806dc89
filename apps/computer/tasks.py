from __future__ import annotations

from celery import shared_task

from apps.matches.engine import command_from_json

from . import services


# named as it was when the task lived in apps/bots/tasks.py: a move queued before a deploy
# still finds its task after it
@shared_task(name="apps.bots.tasks.bot_move", ignore_result=True)
def bot_move(match_id: str) -> None:
    """The computer's move, off the request path (eager in embedded mode and tests): chosen at
    once, applied at its due time by ``bot_move_apply``."""
    services.bot_move_play(match_id=match_id)


@shared_task(ignore_result=True)
def bot_move_apply(match_id: str, version: int, command: dict) -> None:
    """The computer's ``command``, chosen at ``version``, applied at its due time (queued with
    that time as its ``eta``): only if the match is still at that version, so safe to run
    twice or late."""
    services.bot_move_apply(match_id=match_id, version=version, command=command_from_json(command))


@shared_task(ignore_result=True)
def bot_moves_sweep() -> int:
    """Periodic sweep (Celery beat): queue the computer's moves whose task was lost (the
    broker did not answer after commit, a worker died); returns how many it queued."""
    return services.bot_moves_sweep()
