"""The workflow in Celery (eager here), under a clock the tests move: a suspension ends by
itself at its end, exactly once; a report nobody decided is escalated once; e-mails go out."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail

from apps.accounts.models import User
from apps.moderation import tasks
from apps.moderation.models import ModerationAction, Report, Sanction
from apps.moderation.selectors import online_restriction
from apps.moderation.services import report_resolve, sanction_lift
from tests.factories import UserFactory
from tests.moderation.conftest import Clock, Table, make_moderator

pytestmark = pytest.mark.django_db


def _report(table: Table, reason: str = "threats") -> Report:
    return Report.objects.create(
        reporter=table.host.user, reported=table.rude.user, category="threat", reason=reason
    )


def _room_status(table: Table) -> int:
    return table.rude.client.post("/api/v1/rooms/", {}, format="json").status_code


def _subjects(to: User) -> list[str]:
    return [m.subject for m in mail.outbox if m.to == [to.email]]


def test_a_suspension_ends_by_itself_exactly_once(
    table: Table, moderator: User, clock: Clock, django_capture_on_commit_callbacks
) -> None:
    player = table.rude.user
    report = _report(table)
    until = clock.now + timedelta(days=1)
    end_task = tasks.suspension_end
    with (
        mock.patch.object(end_task, "apply_async", wraps=end_task.apply_async) as scheduled,
        django_capture_on_commit_callbacks(execute=True),
    ):
        report_resolve(
            moderator=moderator, report=report, action="suspension", reason="threats", until=until
        )
    suspension = Sanction.objects.get(report=report)
    scheduled.assert_called_once_with(args=(suspension.pk,), eta=until)
    # Celery is eager here, so the task ran at once: too early, it changed nothing.
    suspension.refresh_from_db()
    assert suspension.ended_at is None
    assert online_restriction(player.pk).code == "suspended"
    assert _room_status(table) == 403
    # in the player's language: Hungarian unless it chose English
    assert _subjects(player) == [
        "[Snapszer Klub] Fel vagy függesztve az online játéktól és a csevegéstől"
    ]
    assert "threats" in mail.outbox[-1].body
    assert f"{until:%Y-%m-%d %H:%M} UTC" in mail.outbox[-1].body
    assert mail.outbox[-1].alternatives[0][1] == "text/html"

    player.language = "en"
    player.save(update_fields=["language"])
    clock.advance(days=1, seconds=30)  # the task's eta has come
    assert online_restriction(player.pk) is None
    with django_capture_on_commit_callbacks(execute=True):
        assert end_task.delay(suspension.pk).get() is True
    suspension.refresh_from_db()
    assert suspension.ended_at == clock.now
    assert _room_status(table) == 201
    assert _subjects(player)[-1] == "[Snapszer Klub] Your suspension has ended"
    [ended] = ModerationAction.objects.filter(kind="suspension_ended")
    assert (ended.user, ended.sanction, ended.actor) == (player, suspension, None)

    # The sweep, or the task delivered twice, change nothing more.
    applied_at, sent = suspension.ended_at, len(mail.outbox)
    clock.advance(minutes=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.suspensions_end_sweep.delay().get() == 0
        assert end_task.delay(suspension.pk).get() is False
    suspension.refresh_from_db()
    assert suspension.ended_at == applied_at
    assert ModerationAction.objects.filter(kind="suspension_ended").count() == 1
    assert len(mail.outbox) == sent


def test_the_sweep_ends_a_suspension_whose_task_was_lost(
    table: Table, moderator: User, clock: Clock, django_capture_on_commit_callbacks
) -> None:
    report = _report(table)
    with (
        mock.patch("apps.moderation.tasks.suspension_end") as lost,
        django_capture_on_commit_callbacks(execute=True),
    ):
        report_resolve(
            moderator=moderator,
            report=report,
            action="suspension",
            reason="spam",
            until=clock.now + timedelta(hours=6),
        )
    assert lost.apply_async.called
    suspension = Sanction.objects.get(report=report)

    clock.advance(hours=5)
    assert tasks.suspensions_end_sweep.delay().get() == 0  # not yet
    assert _room_status(table) == 403
    clock.advance(hours=2)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.suspensions_end_sweep.delay().get() == 1
        assert tasks.suspensions_end_sweep.delay().get() == 0
    suspension.refresh_from_db()
    assert suspension.ended_at == clock.now
    assert ModerationAction.objects.filter(kind="suspension_ended").count() == 1
    assert _subjects(table.rude.user)[-1] == "[Snapszer Klub] Véget ért a felfüggesztésed"
    assert _room_status(table) == 201


def test_a_lifted_suspension_does_not_end_again(
    table: Table, moderator: User, clock: Clock, django_capture_on_commit_callbacks
) -> None:
    report = _report(table)
    with django_capture_on_commit_callbacks(execute=True):
        report_resolve(
            moderator=moderator,
            report=report,
            action="suspension",
            reason="spam",
            until=clock.now + timedelta(days=7),
        )
    suspension = Sanction.objects.get(report=report)
    sanction_lift(moderator=moderator, sanction=suspension, reason="mistaken identity")
    assert _room_status(table) == 201
    clock.advance(days=8)
    assert tasks.suspension_end.delay(suspension.pk).get() is False
    assert tasks.suspensions_end_sweep.delay().get() == 0
    suspension.refresh_from_db()
    assert suspension.ended_at is None
    assert not ModerationAction.objects.filter(kind="suspension_ended").exists()


def test_a_report_left_open_is_escalated_once(
    table: Table, clock: Clock, settings, django_capture_on_commit_callbacks
) -> None:
    settings.REPORT_ESCALATION_HOURS = 24
    boss = UserFactory(is_staff=True, is_superuser=True, email="boss@klub.example")
    on_duty = make_moderator(email="marta@klub.example")
    start = clock.now
    forgotten = _report(table, "forgotten")
    clock.advance(hours=2)
    later = _report(table, "later")
    handled = _report(table, "handled")
    report_resolve(moderator=on_duty, report=handled, action="dismiss", reason="banter")

    def sweep() -> int:
        with django_capture_on_commit_callbacks(execute=True):
            return tasks.reports_escalate_sweep.delay().get()

    clock.now = start + timedelta(hours=23)
    assert sweep() == 0
    assert mail.outbox == []

    clock.now = start + timedelta(hours=25)
    assert sweep() == 1
    forgotten.refresh_from_db()
    assert (forgotten.status, forgotten.escalated_at) == ("escalated", clock.now)
    [logged] = ModerationAction.objects.filter(kind="report_escalated")
    assert (logged.report, logged.actor, logged.user) == (forgotten, None, table.rude.user)
    assert [m.to for m in mail.outbox] == [[boss.email]]  # administrators, not moderators
    assert "24 hours" in mail.outbox[0].subject
    assert f"/admin/moderation/report/{forgotten.pk}/change/" in mail.outbox[0].body
    # The reporter is not told about internal escalation: the report is still open to them.
    mine = table.host.client.get("/api/v1/reports/").json()["results"]
    assert {r["id"]: r["status"] for r in mine}[forgotten.pk] == "open"

    assert sweep() == 0  # once only
    assert len(mail.outbox) == 1
    assert ModerationAction.objects.filter(kind="report_escalated").count() == 1

    clock.now = start + timedelta(hours=27)
    assert sweep() == 1  # the later one's turn
    later.refresh_from_db()
    assert later.status == "escalated"
    assert len(mail.outbox) == 2
    assert f"/admin/moderation/report/{later.pk}/change/" in mail.outbox[1].body
    handled.refresh_from_db()
    assert handled.status == "dismissed"  # decided reports are never escalated

    # An escalated report is still decided the usual way.
    report_resolve(moderator=on_duty, report=forgotten, action="warning", reason="late, but")
    mine = table.host.client.get("/api/v1/reports/").json()["results"]
    assert {r["id"]: r["status"] for r in mine}[forgotten.pk] == "resolved"
    assert sweep() == 0
