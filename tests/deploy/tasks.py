"""A task for the logging tests: it logs one line (the worker is started with
``--include tests.deploy.tasks``)."""

from __future__ import annotations

import logging

from celery import shared_task

logger = logging.getLogger("tests.deploy.tasks")


@shared_task(ignore_result=True)
def say(text: str) -> None:
    logger.warning("task says %s", text)
