"""A stand-in for the match service's ``match_create_ranked`` (settings
``RANKING_MATCH_CREATOR`` points here in these tests): it records each call and creates an
active ranked match with the two players seated, or refuses as the wallet would."""

from __future__ import annotations

import threading

from apps.common.errors import Conflict
from apps.matches.models import Match, Seat

calls: list[tuple[tuple[int, int], int, str]] = []
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
        short_of_coins.clear()


def create_ranked_match(*, user_ids: tuple[int, int], stake: int) -> str:
    poor = [uid for uid in user_ids if uid in short_of_coins]
    if poor:
        raise InsufficientCoins("not enough coins", user_ids=poor)
    match = Match.objects.create(
        mode=Match.Mode.RANKED, status=Match.Status.ACTIVE, created_by_id=user_ids[0], stake=stake
    )
    for index, user_id in enumerate(user_ids):
        Seat.objects.create(match=match, index=index, user_id=user_id)
    with _lock:
        calls.append((user_ids, stake, str(match.id)))
    return str(match.id)
