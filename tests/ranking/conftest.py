"""Fixtures of the ranking tests: the match creator double, a frozen clock, finished matches."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any

import pytest
from django.utils import timezone

from apps.accounts.models import User
from apps.common.errors import Conflict
from apps.matches.models import Match, MatchEvent, Seat
from apps.ranking import clock as ranking_clock

# --- the stand-in for the match service's ``match_create_ranked`` ----------------------------
# (settings ``RANKING_MATCH_CREATOR`` points here in these tests): it records each call and
# creates an active ranked match with the two players seated, or refuses as the wallet would.
calls: list[tuple[tuple[int, int], int, str]] = []
games: list[tuple[str, int]] = []  # the (variant, target) of each call, in order
short_of_coins: set[int] = set()
_lock = threading.Lock()


class InsufficientCoins(Conflict):
    code = "insufficient_coins"

    def __init__(self, detail: str, *, user_ids: list[int]) -> None:
        super().__init__(detail)
        self.user_ids = user_ids


def reset() -> None:
    with _lock:
        calls.clear()
        games.clear()
        short_of_coins.clear()


def create_ranked_match(*, user_ids: tuple[int, int], stake: int, variant: str, target: int) -> str:
    poor = [uid for uid in user_ids if uid in short_of_coins]
    if poor:
        raise InsufficientCoins("not enough coins", user_ids=poor)
    match = Match.objects.create(
        variant=variant,
        target=target,
        mode=Match.Mode.RANKED,
        status=Match.Status.ACTIVE,
        created_by_id=user_ids[0],
        stake=stake,
    )
    for index, user_id in enumerate(user_ids):
        Seat.objects.create(match=match, index=index, user_id=user_id)
    with _lock:
        calls.append((user_ids, stake, str(match.id)))
        games.append((variant, target))
    return str(match.id)


class Clock:
    """The ranking services' clock, frozen until moved."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    frozen = Clock(datetime(2026, 10, 15, 12, 0, tzinfo=UTC))
    monkeypatch.setattr(ranking_clock, "now", frozen)
    return frozen


@pytest.fixture
def creator(settings: Any) -> Iterator[ModuleType]:
    """Ranked matches are started by the recording double (no code change: a setting)."""
    settings.RANKING_MATCH_CREATOR = "tests.ranking.conftest.create_ranked_match"
    doubles = sys.modules[__name__]
    reset()
    yield doubles
    reset()


FinishMatch = Callable[..., Match]


@pytest.fixture
def finished_match(db: None) -> FinishMatch:
    """A finished ranked match between two players (the match service's part, as stored)."""

    def make(
        winner: User,
        loser: User,
        *,
        schneider: bool = False,
        winner_seat: int = 0,
        voided: bool = False,
        variant: str = "klub",
    ) -> Match:
        match = Match.objects.create(
            variant=variant,
            mode=Match.Mode.RANKED,
            status=Match.Status.FINISHED,
            created_by=winner,
            stake=100,
            winner_seat=None if voided else winner_seat,
            end_reason="abandoned" if voided else "points",
            finished_at=timezone.now(),
        )
        seats = {winner_seat: winner, 1 - winner_seat: loser}
        for index in (0, 1):
            Seat.objects.create(match=match, index=index, user=seats[index])
        MatchEvent.objects.create(
            match=match,
            seq=1,
            type="match_ended",
            schema_version=1,
            payload={
                "winner": None if voided else winner_seat,
                "reason": "abandoned" if voided else "points",
                "scores": [7, 0] if winner_seat == 0 else [0, 7],
                "radli": None if voided else 1 - winner_seat,
                "schneider": schneider,
                "ruckschneider": False,
            },
            batch=1,
            recorded_at=timezone.now(),
        )
        return match

    return make
