"""A finished deal is analysed by a worker: queued after the commit of the batch that ended it
(``matches.signals.events_appended``), for the games analysed (``ANALYSIS_AFTER_DEAL``: off in
the test suite and the embedded mode, where a seat's first request asks for it)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.dispatch import receiver

from apps.bots.analysed import VARIANTS
from apps.matches.engine import Event, MatchState
from apps.matches.engine.events import DealEnded, DealStarted
from apps.matches.models import Match
from apps.matches.signals import events_appended


def deals_ended(before: MatchState, events: list[Event]) -> list[int]:
    """The numbers of the deals that ``events`` end (a batch may end one and deal the next)."""
    number = before.deal.number if before.deal is not None else 0
    out = []
    for e in events:
        if isinstance(e, DealStarted):
            number = e.number
        elif isinstance(e, DealEnded):
            out.append(number)
    return out


@receiver(events_appended, dispatch_uid="analysis.after_deal")
def analysis_schedule(
    sender: Any, *, match: Match, before: MatchState, events: list[Event], **_: Any
) -> None:
    if not settings.ANALYSIS_AFTER_DEAL or match.variant not in VARIANTS:
        return
    from .services import analysis_queue  # noqa: PLC0415

    for number in deals_ended(before, events):
        analysis_queue(match, number)
