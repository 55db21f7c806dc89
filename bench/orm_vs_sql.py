"""CPU cost of the statements of every move, built by the ORM versus written in SQL
(``apps/matches/event_store.py``), on PostgreSQL.

    .venv/bin/python bench/orm_vs_sql.py [--rounds 2000]

It creates the database ``snapszer_bench_sql`` (dropped and recreated each run) with one friend
match, then times each statement alone (the SQL path inserts the events and saves the
projection in one statement) (CPU time of this process, and wall time), each inside
its own transaction as in a move.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
DB_NAME = "snapszer_bench_sql"
os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB_NAME}",
        "REDIS_URL": "redis://127.0.0.1:6379/14",
        "DJANGO_SECRET_KEY": "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
    }
)
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    rounds = parser.parse_args().rounds
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        c.execute(f"CREATE DATABASE {DB_NAME}")

    import django  # noqa: PLC0415 (after the environment is set)

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415
    from django.db import transaction  # noqa: PLC0415
    from django.utils import timezone  # noqa: PLC0415

    from apps.accounts.models import User  # noqa: PLC0415
    from apps.matches import event_store, projection, services  # noqa: PLC0415
    from apps.matches.engine.variants.klub.events import CardPlayed  # noqa: PLC0415
    from apps.matches.models import Match, MatchEvent  # noqa: PLC0415

    call_command("migrate", verbosity=0)
    host = User.objects.create(username="host", email="host@example.com")
    guest = User.objects.create(username="guest", email="guest@example.com")
    room = services.room_create(user=host, variant="klub")
    match = services.room_join(user=guest, code=room.invite_code or "")
    state = event_store.state_load(match)
    card = state.deal.hands[0][0]  # type: ignore[union-attr]
    events = [CardPlayed(0, card)]
    now = timezone.now()

    def in_transaction(body: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            with transaction.atomic():
                body()
                transaction.set_rollback(True)  # leave the match as it was

        return run

    version = match.version

    def orm_record() -> None:
        match.version = version
        MatchEvent.objects.bulk_create(
            MatchEvent(
                match=match,
                seq=match.version + 1,
                type="card_played",
                schema_version=2,
                payload={"type": "card_played"},
                batch=match.version + 1,
                recorded_at=now,
            )
            for _ in events
        )
        match.save(update_fields=projection.MATCH_FIELDS)

    def sql_record() -> None:
        match.version = version  # events_record moves it on; the transaction is rolled back
        event_store.events_record(
            match=match,
            events=events,
            state=state,
            command={},
            actor_id=None,
            client_move_id=None,
            now=now,
        )

    pairs = {
        "lock the match": (
            lambda: Match.objects.select_for_update().filter(pk=match.id).first(),
            lambda: event_store.match_lock(match.id),
        ),
        "read events since": (
            lambda: list(
                MatchEvent.objects.filter(match_id=match.id, seq__gt=1)
                .order_by("seq")
                .values_list("payload", flat=True)
            ),
            lambda: event_store.events_load(match.id, after_seq=1),
        ),
        "insert events + save": (orm_record, sql_record),
    }
    print(f"{rounds} rounds each, one transaction per statement (ms per statement)")
    print(f"{'statement':22} {'ORM cpu':>8} {'SQL cpu':>8} {'ORM wall':>9} {'SQL wall':>9}")
    for name, (orm, sql) in pairs.items():
        figures = []
        for body in (orm, sql):
            run = in_transaction(body)
            for _ in range(rounds // 10):
                run()
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(rounds):
                run()
            figures.append(
                (
                    1000 * (time.process_time() - cpu) / rounds,
                    1000 * (time.perf_counter() - wall) / rounds,
                )
            )
        (orm_cpu, orm_wall), (sql_cpu, sql_wall) = figures
        print(f"{name:22} {orm_cpu:8.3f} {sql_cpu:8.3f} {orm_wall:9.3f} {sql_wall:9.3f}")


if __name__ == "__main__":
    main()
