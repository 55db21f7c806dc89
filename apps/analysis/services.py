"""Making and finding a deal's analysis: the worker's part (``analysis_make``) and the
request's (``analysis_for``), which asks for it when none is stored or it is stale."""

from __future__ import annotations

import hashlib
import logging
import time
from datetime import timedelta
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.bots.analysed import VARIANTS, VERSION
from apps.common.errors import Conflict, NotFound
from apps.matches import event_store, selectors
from apps.matches.engine import replay
from apps.matches.engine.events import DealEnded, DealStarted
from apps.matches.models import Match, MatchEvent

from .models import DealAnalysis

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 2
# a pending analysis with no news for this long lost its task (a broker that did not answer,
# a worker that died): the next request queues it again
STALE_AFTER = timedelta(seconds=60)


def seed_of(match_id: UUID | str, number: int) -> int:
    """The analysis's sampling seed: the same deal always gets the same analysis."""
    digest = hashlib.sha256(f"{match_id}:{number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def analysis_make(*, match_id: UUID | str, number: int) -> DealAnalysis | None:
    """Analyse deal ``number`` of the match and store it (the worker task's body). Nothing is
    done for an analysis already stored at this version, or a deal not analysed."""
    match = event_store.match_read(match_id)
    if match is None or match.variant not in VARIANTS:
        return None
    row = DealAnalysis.objects.filter(match=match, number=number).first()
    if row is not None and row.status == DealAnalysis.Status.DONE and row.version == VERSION:
        return row
    # the searches, loaded in the worker only (the web process never loads the C search)
    from apps.bots.analysis import NotAnalysable, analyse, deal_events  # noqa: PLC0415

    events = event_store.events_load(match.id)
    started = time.process_time()
    try:
        earlier, deal = deal_events(events, number)
        data: dict[str, Any] | None = analyse(replay(earlier), deal, seed=seed_of(match.id, number))
        status = DealAnalysis.Status.DONE
    except NotAnalysable:
        return None
    except Exception:  # a fault of the analysis must not loop: stored as failed, logged
        log.exception("the analysis of deal %s of match %s failed", number, match.id)
        data, status = None, DealAnalysis.Status.FAILED
    row, _ = DealAnalysis.objects.update_or_create(
        match=match,
        number=number,
        defaults={
            "version": VERSION,
            "status": status,
            "data": data,
            "seconds": time.process_time() - started,
        },
    )
    return row


def analysis_queue(match: Match, number: int) -> None:
    """Ask a worker for the analysis, after commit (robust: a broker that does not answer is
    logged; the next request asks again once the pending row is stale)."""
    from .tasks import deal_analyse  # noqa: PLC0415 (the task imports this module)

    match_id = str(match.id)
    transaction.on_commit(lambda: deal_analyse.delay(match_id, number), robust=True)


def _deals_ended(match: Match) -> tuple[int, int]:
    """How many deals of the match have started, and how many have ended."""
    counts = dict.fromkeys((DealStarted.type, DealEnded.type), 0)
    rows = MatchEvent.objects.filter(match=match, type__in=list(counts)).values_list("type")
    for (kind,) in rows:
        counts[kind] += 1
    return counts[DealStarted.type], counts[DealEnded.type]


def analysis_for(*, match_id: UUID, user: User, number: int) -> dict[str, Any] | None:
    """The stored analysis of deal ``number`` for one of the match's seats, or ``None`` while
    it is being made (it is asked for if it was not, or its task was lost, or it is of an
    older version). Refused: ``match_not_found`` (not a seat), ``analysis_not_offered`` (a
    game not analysed), ``deal_not_found``, ``deal_not_over``, ``analysis_failed``."""
    match, _seat = selectors.match_for_player(match_id=match_id, user=user)
    if match.variant not in VARIANTS:
        raise NotFound("deals of this game are not analysed", code="analysis_not_offered")
    started, ended = _deals_ended(match)
    if not 1 <= number <= ended:
        if 1 <= number <= started:
            raise Conflict("this deal is still being played", code="deal_not_over")
        raise NotFound("no such deal", code="deal_not_found")
    row = DealAnalysis.objects.filter(match=match, number=number).first()
    if row is not None and row.version == VERSION:
        if row.status == DealAnalysis.Status.DONE:
            assert row.data is not None
            return row.data
        if row.status == DealAnalysis.Status.FAILED:
            raise Conflict("this deal's analysis could not be made", code="analysis_failed")
        if timezone.now() - row.updated_at < STALE_AFTER:
            return None  # being made
    DealAnalysis.objects.update_or_create(
        match=match,
        number=number,
        defaults={"version": VERSION, "status": DealAnalysis.Status.PENDING, "data": None},
    )
    analysis_queue(match, number)
    return None
