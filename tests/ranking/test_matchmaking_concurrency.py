"""Many players asking at once, on PostgreSQL: disjoint pairs, nobody in two matches."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection

from apps.matches.models import Seat
from apps.ranking import matchmaking
from apps.ranking.models import Ticket
from tests.factories import UserFactory

PLAYERS = 24


@pytest.mark.django_db(transaction=True)
def test_simultaneous_tickets_at_one_stake_make_disjoint_pairs(creator) -> None:
    assert connection.vendor == "postgresql"
    users = [UserFactory() for _ in range(PLAYERS)]
    barrier = threading.Barrier(PLAYERS)
    errors: list[BaseException] = []

    def queue(user_index: int) -> None:
        from django.db import connections  # noqa: PLC0415

        try:
            barrier.wait()
            matchmaking.ticket_create(user=users[user_index], stake=200)
            matchmaking.matchmaking_pair(stake=200)  # and a run of the sweep, concurrently
        except BaseException as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=queue, args=(i,)) for i in range(PLAYERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    matchmaking.matchmaking_pair(stake=200)  # whatever the concurrent runs skipped (locked)

    tickets = list(Ticket.objects.all())
    assert len(tickets) == PLAYERS
    assert {t.status for t in tickets} == {"matched"}
    per_match = Counter(t.match_id for t in tickets)
    assert set(per_match.values()) == {2}
    assert len(per_match) == PLAYERS // 2

    created = [set(user_ids) for user_ids, _, _ in creator.calls]
    assert len(created) == PLAYERS // 2
    everyone = [uid for pair in created for uid in pair]
    assert sorted(everyone) == sorted(u.pk for u in users)  # each exactly once
    seats = Counter(Seat.objects.values_list("user_id", flat=True))
    assert set(seats.values()) == {1}
    for ticket in tickets:
        other = next(t for t in tickets if t.match_id == ticket.match_id and t.pk != ticket.pk)
        assert ticket.opponent_id == other.user_id
