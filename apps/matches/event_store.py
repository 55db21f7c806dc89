"""Reading and appending match events, rebuilding state from them, and the ``Match`` row that
projects them.

State is a fold of the events (``engine.replay``). A small per-process cache keeps the last
state of recently used matches; a load replays only the events recorded since the cached
version, so a long match costs the same to load as a short one. The cache is safe to share:
states are immutable, and it is keyed by version, so a stale entry is only ever extended.

The statements of every move (lock the match, read the events since the cached version, insert
the new ones and save the projection, the last two as one statement) are written in SQL here
rather than built by the ORM: building them cost 0.3-0.4 ms of CPU each
(``bench/orm_vs_sql.py``), a third of the web process's own work on a move. Everything else
uses the ORM, and so does SQLite (embedded mode), where speed does not matter.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from django.db import connection, transaction

from apps.matches.engine import INITIAL, Event, MatchState, from_json, replay, to_json

from .models import Match, MatchEvent
from .projection import MATCH_FIELDS, Batch, match_project

_EVENTS = MatchEvent._meta.db_table
_MATCHES = Match._meta.db_table
_MATCH_FIELDS = [f.attname for f in Match._meta.concrete_fields]
# what the ORM would apply to the raw column values (JSON text → Python)
_MATCH_CONVERTERS = [
    (i, f.from_db_value)
    for i, f in enumerate(Match._meta.concrete_fields)
    if hasattr(f, "from_db_value")
]
_READ = (
    f"SELECT {', '.join(str(f.column) for f in Match._meta.concrete_fields)} FROM {_MATCHES} "
    "WHERE id = %s"
)
_LOCK = _READ + " FOR UPDATE"
_INSERT_ROW = "(%s, %s, %s, %s, %s::jsonb, %s, %s, %s::jsonb, %s, %s)"
_INSERT = (
    f"INSERT INTO {_EVENTS} (match_id, seq, type, schema_version, payload, actor_id, batch, "
    "command, client_move_id, recorded_at) VALUES "
)
# the projection's UPDATE, derived from its declaration (``projection.MATCH_COLUMNS``): each
# column with whether its value is sent as JSON text
_FIELD_NAMED = {field.name: field for field in Match._meta.concrete_fields}
_PROJECTED = [
    (field.attname, str(field.column), field.get_internal_type() == "JSONField")
    for field in (_FIELD_NAMED[name] for name in MATCH_FIELDS)
]
_PROJECTION = (
    f"UPDATE {_MATCHES} SET "
    + ", ".join(f"{column} = %s{'::jsonb' if as_json else ''}" for _, column, as_json in _PROJECTED)
    + " WHERE id = %s"
)


def _projection_params(match: Match) -> list[Any]:
    values = [(getattr(match, name), as_json) for name, _, as_json in _PROJECTED]
    return [json.dumps(value) if as_json else value for value, as_json in values] + [match.id]


_CACHE_SIZE = 4096
_cache: OrderedDict[UUID, tuple[int, MatchState]] = OrderedDict()


def _remember(match_id: UUID, version: int, state: MatchState) -> None:
    _cache[match_id] = (version, state)
    _cache.move_to_end(match_id)
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)


def cache_clear() -> None:
    _cache.clear()


def _sql() -> bool:
    return connection.vendor == "postgresql"


def match_lock(match_id: UUID | str) -> Match | None:
    """The match row, locked until the transaction ends (``SELECT … FOR UPDATE``)."""
    if not _sql():
        return Match.objects.select_for_update().filter(pk=match_id).first()
    return _match_row(_LOCK, match_id)


def match_read(match_id: UUID | str) -> Match | None:
    """The match row, unlocked (the read path's twin of ``match_lock``)."""
    if not _sql():
        return Match.objects.filter(pk=match_id).first()
    return _match_row(_READ, match_id)


def _match_row(sql: str, match_id: UUID | str) -> Match | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, [match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for i, convert in _MATCH_CONVERTERS:
        values[i] = convert(values[i], None, connection)
    return Match.from_db(connection.alias, _MATCH_FIELDS, values)


def events_load(match_id: UUID, *, after_seq: int = 0, upto_seq: int | None = None) -> list[Event]:
    if not _sql():
        rows = MatchEvent.objects.filter(match_id=match_id, seq__gt=after_seq)
        if upto_seq is not None:
            rows = rows.filter(seq__lte=upto_seq)
        return [from_json(p) for p in rows.order_by("seq").values_list("payload", flat=True)]
    sql = f"SELECT payload FROM {_EVENTS} WHERE match_id = %s AND seq > %s"
    params: list[Any] = [match_id, after_seq]
    if upto_seq is not None:
        sql += " AND seq <= %s"
        params.append(upto_seq)
    with connection.cursor() as cursor:
        cursor.execute(sql + " ORDER BY seq", params)
        payloads = [row[0] for row in cursor.fetchall()]
    return [from_json(p if isinstance(p, dict) else json.loads(p)) for p in payloads]


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


def events_record(
    *,
    match: Match,
    events: Sequence[Event],
    state: MatchState,
    command: dict,
    actor_id: int | None,
    client_move_id: str | None,
    now: datetime,
) -> frozenset[str]:
    """Insert ``events`` after ``match.version`` and save the match's projection (every column
    ``projection.MATCH_COLUMNS`` declares, from ``state``, the state after the events): one
    statement on PostgreSQL. Returns the names of the projected columns that changed. The
    caller holds the match row lock; once the transaction commits, ``state`` is cached."""
    first = match.version + 1
    changed = match_project(match, Batch(state, first + len(events) - 1, now))
    if not _sql():
        MatchEvent.objects.bulk_create(
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
        )
        match.save(update_fields=MATCH_FIELDS)
    else:
        rows = [
            (
                match.id,
                first + i,
                event.type,
                event.schema_version,
                json.dumps(to_json(event)),
                actor_id,
                first,
                json.dumps(command) if i == 0 else None,
                client_move_id if i == 0 else None,
                now,
            )
            for i, event in enumerate(events)
        ]
        # a data-modifying WITH runs to completion whatever the main statement reads of it
        insert = _INSERT + ", ".join([_INSERT_ROW] * len(rows))
        with connection.cursor() as cursor:
            cursor.execute(
                f"WITH appended AS ({insert}) {_PROJECTION}",
                [value for row in rows for value in row] + _projection_params(match),
            )
    version = match.version
    # Only committed states are cached: a rolled-back append must not be mistaken later for
    # another batch that reaches the same version.
    transaction.on_commit(lambda: _remember(match.id, version, state))
    return changed
