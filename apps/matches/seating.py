"""Who sits where. Seats never change while a match is being played, so each process remembers
them (after commit only) and the move path need not read them again. A finished match's seats
may still move, to the member who brings along the matches it played as a guest
(``former_guest.py``): those are read afresh every time (a rematch, a late request)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from uuid import UUID

from django.db import transaction

from .models import Match, Seat

_CACHE_SIZE = 4096
_cache: OrderedDict[UUID, tuple[SeatInfo, ...]] = OrderedDict()


@dataclass(frozen=True)
class SeatInfo:
    index: int
    user_id: int | None
    bot_level: str

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


def seats_of(match: Match) -> tuple[SeatInfo, ...]:
    """The match's seats by index."""
    cached = None if match.status == Match.Status.FINISHED else _cache.get(match.id)
    if cached is not None:
        return cached
    seats = tuple(
        SeatInfo(index, user_id, bot_level)
        for index, user_id, bot_level in Seat.objects.filter(match_id=match.id)
        .order_by("index")
        .values_list("index", "user_id", "bot_level")
    )
    if match.status not in (Match.Status.WAITING, Match.Status.FINISHED):
        transaction.on_commit(lambda: _remember(match.id, seats))
    return seats


def seat_of_user(match: Match, user_id: int) -> int | None:
    return next((s.index for s in seats_of(match) if s.user_id == user_id), None)


def _remember(match_id: UUID, seats: tuple[SeatInfo, ...]) -> None:
    _cache[match_id] = seats
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)


def cache_clear() -> None:
    _cache.clear()
