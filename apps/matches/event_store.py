"""Reading and appending match events, and rebuilding state from them.

State is a fold of the events (``engine.replay``). A small per-process cache keeps the last
state of recently used matches; a load replays only the events recorded since the cached
version, so a long match costs the same to load as a short one. The cache is safe to share:
states are immutable, and it is keyed by version, so a stale entry is only ever extended.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from uuid import UUID

from django.db import transaction

from apps.matches.engine import INITIAL, Event, MatchState, from_json, replay, to_json

from .models import Match, MatchEvent

_CACHE_SIZE = 4096
_cache: OrderedDict[UUID, tuple[int, MatchState]] = OrderedDict()


def _remember(match_id: UUID, version: int, state: MatchState) -> None:
    _cache[match_id] = (version, state)
    _cache.move_to_end(match_id)
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)


def cache_clear() -> None:
    _cache.clear()


def events_load(match_id: UUID, *, after_seq: int = 0, upto_seq: int | None = None) -> list[Event]:
    rows = MatchEvent.objects.filter(match_id=match_id, seq__gt=after_seq)
    if upto_seq is not None:
        rows = rows.filter(seq__lte=upto_seq)
    return [from_json(p) for p in rows.order_by("seq").values_list("payload", flat=True)]


def state_load(match: Match) -> MatchState:
    """The state after the match's last event (``match.version``)."""
    cached = _cache.get(match.id)
    if cached is not None and cached[0] == match.version:
        return cached[1]
    if cached is not None and cached[0] < match.version:
        version, state = cached
    else:
        version, state = 0, INITIAL
    state = replay(events_load(match.id, after_seq=version, upto_seq=match.version), state)
    _remember(match.id, match.version, state)
    return state


def state_at(match_id: UUID, seq: int) -> MatchState:
    """The state right after event ``seq`` (for retried moves, deal records and the admin)."""
    return replay(events_load(match_id, upto_seq=seq))


def events_append(
    *,
    match: Match,
    events: Sequence[Event],
    state: MatchState,
    command: dict,
    actor_id: int | None,
    client_move_id: str | None,
    now: datetime,
) -> list[MatchEvent]:
    """Insert ``events`` after ``match.version`` (the caller holds the match row lock); once the
    transaction commits, ``state`` (the state after them) is cached. Returns the new rows."""
    first = match.version + 1
    rows = [
        MatchEvent(
            match=match,
            seq=first + i,
            type=event.type,
            schema_version=event.schema_version,
            payload=to_json(event),
            actor_id=actor_id,
            batch=first,
            command=command if i == 0 else None,
            client_move_id=client_move_id if i == 0 else None,
            recorded_at=now,
        )
        for i, event in enumerate(events)
    ]
    MatchEvent.objects.bulk_create(rows)
    match.version = version = first + len(rows) - 1
    # Only committed states are cached: a rolled-back append must not be mistaken later for
    # another batch that reaches the same version.
    transaction.on_commit(lambda: _remember(match.id, version, state))
    return rows
