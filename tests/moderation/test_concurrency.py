"""Concurrent moderation on PostgreSQL: the row locks let exactly one of two simultaneous
decisions on a report through, a report sent many times at once is filed once, and a ban
issued while its player is being paired ends the match the pairing makes."""

from __future__ import annotations

import threading
import time
from typing import Any
from unittest import mock

import pytest
from django.db import connection
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.common.errors import Problem
from apps.matches.models import Match
from apps.matches.services import match_create_ranked
from apps.moderation.models import ModerationAction, Report, Sanction
from apps.moderation.selectors import online_restriction
from apps.moderation.services import report_resolve, sanction_issue
from apps.ranking import matchmaking
from apps.wallet.selectors import balance_of
from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer
from tests.matches.test_concurrency import run_together
from tests.moderation.conftest import Table, make_moderator

pytestmark = pytest.mark.django_db(transaction=True)


def _decide(report_id: int, moderator_id: int, action: str) -> str:
    try:
        report_resolve(
            moderator=User.objects.get(pk=moderator_id),
            report=Report.objects.get(pk=report_id),
            action=action,
            reason=f"{action}, says moderator {moderator_id}",
        )
    except Problem as problem:
        return problem.code
    return "ok"


def test_two_moderators_deciding_at_once_make_one_decision(table: Table) -> None:
    report = Report.objects.create(
        reporter=table.host.user, reported=table.rude.user, category="threat", reason="x"
    )
    first, second = make_moderator(), make_moderator()
    outcomes = run_together(
        [
            lambda: _decide(report.pk, first.pk, "ban"),
            lambda: _decide(report.pk, second.pk, "dismiss"),
        ]
    )
    assert sorted(outcomes) == ["ok", "report_already_resolved"]
    report.refresh_from_db()
    [logged] = ModerationAction.objects.filter(report=report)
    assert logged.actor == report.resolved_by
    banned = online_restriction(table.rude.user.pk) is not None
    assert banned == (report.status == "resolved") == Sanction.objects.exists()


def test_a_report_sent_many_times_at_once_is_filed_once(table: Table) -> None:
    message = table.say(table.rude, "idiot")
    body = {"reported_user_id": table.rude.user.pk, "message_id": message.pk}
    body |= {"category": "abuse", "reason": "insults", "block": True}

    def send() -> tuple[int, str | None]:
        client = APIClient()
        client.credentials(HTTP_X_SESSION_TOKEN=table.host.token)
        response = client.post("/api/v1/reports/", body, format="json")
        return response.status_code, response.json().get("code")

    outcomes = run_together([send] * 8)
    assert sorted(outcomes, key=str) == [(201, None)] + [(409, "already_reported")] * 7
    assert Report.objects.count() == 1
    mine = table.host.client.get("/api/v1/reports/").json()
    assert mine["count"] == 1


def _lock_waits() -> int:
    """Backends of this database waiting for a row lock right now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


def test_a_ban_issued_while_the_player_is_being_paired_ends_the_new_match(
    make_player: MakePlayer, moderator: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pairing holds the player's ticket and seats it in a new match; the ban, issued that
    moment, waits for the ticket, then ends the match the pairing committed. Neither waits for
    the other in a circle (the ban's lock on the player's row must not keep the pairing from
    seating the player: a deadlock, one of the two aborted, before)."""
    waiting, rude = make_player(), make_player()
    for player in (waiting, rude):
        wallet_open(user=player.user)
    start = balance_of(rude.user.id)
    pairing_started = threading.Event()

    def creator(**kwargs: Any) -> str:
        pairing_started.set()
        deadline = time.monotonic() + 5
        while not _lock_waits() and time.monotonic() < deadline:  # the ban waits on the ticket
            time.sleep(0.02)
        return match_create_ranked(**kwargs)

    monkeypatch.setattr(matchmaking, "match_creator", lambda: creator)
    for player in (waiting, rude):  # queued; the pairing below is the one that pairs them
        with mock.patch.object(matchmaking, "_pairing_schedule"):
            matchmaking.ticket_create(user=player.user, stake=100)

    def ban() -> str:
        assert pairing_started.wait(5)
        sanction_issue(moderator=moderator, user=rude.user, kind="ban", reason="threats")
        return "banned"

    outcomes = run_together([lambda: matchmaking.matchmaking_pair(stake=100), ban])
    assert outcomes == [1, "banned"]
    match = Match.objects.get(mode=Match.Mode.RANKED)
    rude_seat = match.seats.get(user=rude.user).index
    assert (match.status, match.end_reason) == ("finished", "technical_loss")
    assert match.winner_seat == 1 - rude_seat
    assert balance_of(rude.user.id) == start - 100
    assert balance_of(waiting.user.id) == start + 100
