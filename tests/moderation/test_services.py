"""The moderation services: resolving a report each way, lifting a sanction, and the ladder of
suggested next steps. What they change is what players meet: online play refused or not."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from apps.accounts.models import User
from apps.common.errors import Problem
from apps.moderation.models import ModerationAction, Report, Sanction
from apps.moderation.roles import MODERATOR_PERMISSIONS, MODERATORS_GROUP
from apps.moderation.selectors import online_restriction, sanctions_suggest_next
from apps.moderation.services import (
    report_resolve,
    sanction_issue,
    sanction_lift,
    suspensions_end_due,
)
from tests.factories import UserFactory
from tests.moderation.conftest import Clock, make_moderator

pytestmark = pytest.mark.django_db


def _report(reported: User, *, category: str = "abuse") -> Report:
    return Report.objects.create(
        reporter=UserFactory(), reported=reported, category=category, reason="insults"
    )


def _code(excinfo: pytest.ExceptionInfo[Problem]) -> tuple[int, str]:
    return excinfo.value.status, excinfo.value.code


@pytest.mark.parametrize(
    "case",
    [
        ("dismiss", "dismissed", "report_dismissed", None),
        ("warning", "resolved", "warning_issued", None),
        ("suspension", "resolved", "suspension_issued", "suspended"),
        ("ban", "resolved", "ban_issued", "banned"),
    ],
)
def test_resolving_a_report(
    moderator: User, clock: Clock, case: tuple[str, str, str, str | None]
) -> None:
    action, status, log_kind, restriction = case
    player = UserFactory()
    report = _report(player)
    until = clock.now + timedelta(days=7) if action == "suspension" else None
    decided = report_resolve(
        moderator=moderator, report=report, action=action, reason="  said so  ", until=until
    )

    report.refresh_from_db()
    assert report.status == decided.status == status
    assert (report.resolved_by, report.resolved_at) == (moderator, clock.now)
    sanctions = list(Sanction.objects.filter(user=player))
    if action == "dismiss":
        assert sanctions == []
    else:
        [sanction] = sanctions
        assert (sanction.kind, sanction.reason, sanction.report) == (action, "said so", report)
        assert (sanction.created_by, sanction.ends_at) == (moderator, until)
    [logged] = ModerationAction.objects.filter(report=report)
    assert (logged.kind, logged.actor, logged.user, logged.reason) == (
        log_kind,
        moderator,
        player,
        "said so",
    )
    assert logged.created_at == clock.now
    found = online_restriction(player.pk)
    assert (found.code if found else None) == restriction


def test_a_decided_report_is_not_decided_again(moderator: User) -> None:
    player = UserFactory()
    report = _report(player)
    report_resolve(moderator=moderator, report=report, action="warning", reason="rude")
    for action in ("dismiss", "ban"):
        with pytest.raises(Problem) as refused:
            report_resolve(moderator=make_moderator(), report=report, action=action, reason="x")
        assert _code(refused) == (409, "report_already_resolved")
    assert Sanction.objects.filter(user=player).count() == 1
    assert ModerationAction.objects.filter(report=report).count() == 1
    assert online_restriction(player.pk) is None


def test_a_resolution_needs_what_it_needs(moderator: User, clock: Clock) -> None:
    player = UserFactory()
    report = _report(player)
    cases = [
        ({"action": "warning", "reason": "  "}, (400, "reason_required")),
        ({"action": "suspension", "reason": "x"}, (400, "until_required")),
        (
            {"action": "suspension", "reason": "x", "until": clock.now - timedelta(seconds=1)},
            (400, "until_in_past"),
        ),
        (
            {"action": "ban", "reason": "x", "until": clock.now + timedelta(days=1)},
            (400, "until_not_allowed"),
        ),
        ({"action": "shame", "reason": "x"}, (400, "unknown_action")),
    ]
    for kwargs, expected in cases:
        with pytest.raises(Problem) as refused:
            report_resolve(moderator=moderator, report=report, **kwargs)
        assert _code(refused) == expected, kwargs
    report.refresh_from_db()
    assert report.status == "open"
    assert not Sanction.objects.exists()
    assert not ModerationAction.objects.exists()


def test_only_moderators_decide_and_never_about_themselves(moderator: User) -> None:
    player = UserFactory()
    report = _report(player)
    for outsider in (UserFactory(), UserFactory(is_staff=True)):
        with pytest.raises(Problem) as refused:
            report_resolve(moderator=outsider, report=report, action="dismiss", reason="x")
        assert _code(refused) == (403, "not_a_moderator")
    about_me = _report(moderator)
    with pytest.raises(Problem) as refused:
        report_resolve(moderator=moderator, report=about_me, action="dismiss", reason="nonsense")
    assert _code(refused) == (403, "own_case")
    # An administrator (superuser) may decide, and the report about the moderator too.
    admin = UserFactory(is_staff=True, is_superuser=True)
    report_resolve(moderator=admin, report=about_me, action="warning", reason="be fair")
    assert online_restriction(moderator.pk) is None
    assert Sanction.objects.get(user=moderator).created_by == admin


def test_lifting_a_sanction(moderator: User, clock: Clock) -> None:
    player = UserFactory()
    report = _report(player)
    report_resolve(moderator=moderator, report=report, action="ban", reason="threats")
    ban = Sanction.objects.get(user=player)
    assert online_restriction(player.pk).code == "banned"

    other = make_moderator()
    clock.advance(hours=2)
    sanction_lift(moderator=other, sanction=ban, reason="the threat was a quote from a film")
    ban.refresh_from_db()
    assert (ban.lifted_at, ban.lifted_by, ban.lift_reason) == (
        clock.now,
        other,
        "the threat was a quote from a film",
    )
    assert online_restriction(player.pk) is None
    logged = ModerationAction.objects.get(kind="sanction_lifted")
    assert (logged.actor, logged.user, logged.sanction, logged.report) == (
        other,
        player,
        ban,
        report,
    )

    with pytest.raises(Problem) as refused:
        sanction_lift(moderator=moderator, sanction=ban, reason="again")
    assert _code(refused) == (409, "sanction_already_lifted")
    with pytest.raises(Problem) as refused:
        sanction_lift(moderator=other, sanction=ban, reason="")
    assert _code(refused) == (400, "reason_required")
    assert ModerationAction.objects.filter(kind="sanction_lifted").count() == 1


def test_a_suspension_that_ran_out_is_not_lifted(moderator: User, clock: Clock) -> None:
    player = UserFactory()
    suspension = sanction_issue(
        moderator=moderator,
        user=player,
        kind="suspension",
        reason="spam",
        until=clock.now + timedelta(days=1),
    )
    clock.advance(days=2)
    assert suspensions_end_due() == 1
    with pytest.raises(Problem) as refused:
        sanction_lift(moderator=moderator, sanction=suspension, reason="too late")
    assert _code(refused) == (409, "sanction_already_ended")
    suspension.refresh_from_db()
    assert suspension.lifted_at is None


def test_the_ladder(moderator: User, clock: Clock) -> None:
    player = UserFactory()

    def step() -> tuple[str, int | None]:
        suggestion = sanctions_suggest_next(user_id=player.pk)
        return suggestion.action, suggestion.duration.days if suggestion.duration else None

    def apply() -> None:
        suggestion = sanctions_suggest_next(user_id=player.pk)
        report_resolve(
            moderator=moderator,
            report=_report(player),
            action=suggestion.action,
            reason="again",
            until=suggestion.until(clock.now),
        )
        clock.advance(days=40)  # the suspension is over before the next case

    walked = []
    for _ in range(6):
        walked.append(step())
        if walked[-1][0] == "none":
            break
        apply()
    assert walked == [
        ("warning", None),
        ("suspension", 1),
        ("suspension", 7),
        ("suspension", 30),
        ("ban", None),
        ("none", None),
    ]
    assert online_restriction(player.pk).code == "banned"


def test_the_ladder_ignores_lifted_sanctions_and_threats_skip_the_warning(
    moderator: User,
) -> None:
    player = UserFactory()
    threat = _report(player, category="threat")
    suggestion = sanctions_suggest_next(user_id=player.pk, report=threat)
    assert (suggestion.action, suggestion.duration) == ("suspension", timedelta(days=1))
    assert sanctions_suggest_next(user_id=player.pk).action == "warning"

    warning = sanction_issue(moderator=moderator, user=player, kind="warning", reason="rude")
    assert sanctions_suggest_next(user_id=player.pk).action == "suspension"
    sanction_lift(moderator=moderator, sanction=warning, reason="it was someone else")
    assert sanctions_suggest_next(user_id=player.pk).action == "warning"


def test_the_moderators_group_holds_exactly_its_permissions() -> None:
    """Migration 0002 creates the group (run here again, as a flushed database lacks it)."""
    target = ("moderation", "0002_moderators_group")
    state = MigrationExecutor(connection).loader.project_state(target)
    migration = importlib.import_module("apps.moderation.migrations.0002_moderators_group")
    Group.objects.filter(name=MODERATORS_GROUP).delete()
    with connection.schema_editor() as editor:
        migration.create_group(state.apps, editor)
    group = Group.objects.get(name=MODERATORS_GROUP)
    held = set(group.permissions.values_list("content_type__app_label", "codename"))
    assert held == set(MODERATOR_PERMISSIONS)
    assert not any(codename.startswith("delete_") for _, codename in held)
    assert ("accounts", "change_user") not in held
    assert ("matches", "view_match") not in held
