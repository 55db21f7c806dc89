"""Is the store sound? The matches' half of ``manage.py verify_store`` (the ledger's half is
``apps/wallet/integrity.py``).

For each stored match: its events are numbered 1…n with no gap and no duplicate, they replay
(``engine.replay``), and the replayed state gives the ``Match`` row's projected columns and its
seats' (every checked column ``projection.py`` declares, the very functions the write path
projects with); a ranked match's escrow holds both stakes while it runs and nothing once it is
over.

Each problem is one line an operator can act on; none means the store is sound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from enum import Enum
from uuid import UUID

from apps.matches.engine import replay
from apps.matches.engine.codec import from_json
from apps.wallet.integrity import escrows_holding

from .models import Match, MatchEvent, Seat
from .projection import MATCH_COLUMNS, Batch, seat_projection_of

# A match that never started (a room) has no events and only these statuses.
_NOT_STARTED = (Match.Status.WAITING, Match.Status.EXPIRED, Match.Status.CANCELLED)


def store_problems(match_ids: Iterable[UUID] | None = None) -> Iterator[str]:
    """The problems of the given matches (all stored matches if ``None``), then of their
    escrows, one line each."""
    matches = Match.objects.order_by("created_at", "id")
    if match_ids is not None:
        matches = matches.filter(pk__in=list(match_ids))
    held = {}
    for match in matches.iterator():
        yield from match_problems(match)
        if match.mode == Match.Mode.RANKED and match.status == Match.Status.ACTIVE:
            held[match.id] = (match.stake or 0) * match.seats.count()
    yield from _escrow_problems(held, None if match_ids is None else list(match_ids))


def match_problems(match: Match) -> Iterator[str]:
    """One match's problems: its event seqs, its replay and its projection."""
    name = f"match {match.id}"
    rows = list(
        MatchEvent.objects.filter(match=match)
        .order_by("seq", "pk")
        .values_list("seq", "payload", "recorded_at")
    )
    seqs = [seq for seq, _, _ in rows]
    if seqs != list(range(1, len(seqs) + 1)):
        yield f"{name}: its event seqs are not 1, 2, 3…: {_seq_summary(seqs)}"
        return
    if not rows:
        if match.status not in _NOT_STARTED or match.version != 0:
            yield f"{name}: has no events but is {match.status} at version {match.version}"
        return
    try:
        state = replay(from_json(payload) for _, payload, _ in rows)
    except Exception as error:  # whatever a corrupt event makes the fold raise
        yield f"{name}: its events do not replay: {error}"
        return
    batch = Batch(state, seqs[-1], rows[-1][2])
    for column in MATCH_COLUMNS:
        if not column.checked:
            continue
        stored, projected = getattr(match, column.name), column.of(batch)
        value = projected.value if isinstance(projected, Enum) else projected
        if stored != value:
            yield f"{name}: {column.name} is {stored!r} but its events say {value!r}"
    seats = list(Seat.objects.filter(match=match).order_by("index"))
    if [s.index for s in seats] != list(range(state.seats)):
        yield f"{name}: has seats {[s.index for s in seats]} but its events seat {state.seats}"
    for seat, columns in zip(seats, seat_projection_of(state), strict=False):
        for field, projected in columns.items():
            stored = getattr(seat, field)
            if stored != projected:
                yield f"{name}: seat {seat.index}'s {field}: {stored!r}, events say {projected!r}"
    if state.result is not None and any(s.last_seen_at is not None for s in seats):
        yield f"{name}: is over but a seat is still watched for silence (last_seen_at)"


def _escrow_problems(held: dict[UUID, int], match_ids: list[UUID] | None) -> Iterator[str]:
    """Each running ranked match's escrow holds its stakes (``held``); no other escrow of
    these matches (of any match if ``match_ids`` is ``None``) holds a coin."""
    holding = escrows_holding(match_ids)
    for match_id in sorted(set(held) | set(holding), key=str):
        expected, found = held.get(match_id, 0), holding.get(match_id, 0)
        if expected != found:
            why = f"it is running with stakes of {expected}" if expected else "it is not running"
            yield f"match {match_id}: its escrow holds {found} coins but {why}"


def _seq_summary(seqs: list[int]) -> str:
    present = set(seqs)
    missing = [s for s in range(1, max(seqs, default=0) + 1) if s not in present]
    doubled = sorted(s for s, n in Counter(seqs).items() if n > 1)
    parts = []
    if missing:
        parts.append(f"missing {missing}")
    if doubled:
        parts.append(f"doubled {doubled}")
    extra = [s for s in present if s < 1]
    if extra:
        parts.append(f"out of range {sorted(extra)}")
    return ", ".join(parts)
