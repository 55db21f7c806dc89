"""Concurrent moderation on PostgreSQL: the row locks let exactly one of two simultaneous
decisions on a report through, and a report sent many times at once is filed once."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.common.errors import Problem
from apps.moderation.models import ModerationAction, Report, Sanction
from apps.moderation.selectors import online_restriction
from apps.moderation.services import report_resolve
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
