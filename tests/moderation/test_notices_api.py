"""GET /api/v1/me/notices/ and POST …/<id>/acknowledge/: a player sees the moderators'
decisions about them (warnings until acknowledged, a suspension or ban while in force)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from apps.moderation.models import ModerationAction, Report, Sanction
from apps.moderation.services import report_resolve, sanction_lift
from tests.conftest import Player
from tests.moderation.conftest import Clock, Table

pytestmark = pytest.mark.django_db

NOTICES = "/api/v1/me/notices/"


def _decide(table: Table, moderator, action: str, **kwargs) -> Sanction:  # type: ignore[no-untyped-def]
    report = Report.objects.create(
        reporter=table.host.user, reported=table.rude.user, category="abuse", reason="insults"
    )
    report_resolve(moderator=moderator, report=report, action=action, **kwargs)
    return Sanction.objects.get(report=report)


def _ack(player: Player, notice_id: int):  # type: ignore[no-untyped-def]
    return player.client.post(f"{NOTICES}{notice_id}/acknowledge/")


def test_a_warning_is_shown_until_acknowledged(table: Table, moderator) -> None:
    assert table.rude.client.get(NOTICES).json() == {"notices": [], "restriction": None}
    warning = _decide(table, moderator, "warning", reason="No insults in the chat, please.")

    notices = table.rude.client.get(NOTICES).json()
    assert notices["restriction"] is None  # a warning does not keep anyone from playing
    [notice] = notices["notices"]
    assert notice["id"] == warning.pk
    assert (notice["kind"], notice["reason"]) == ("warning", "No insults in the chat, please.")
    assert notice["requires_acknowledgement"] is True
    assert notice["acknowledged_at"] is None
    assert table.host.client.get(NOTICES).json()["notices"] == []  # nobody else sees it

    assert _ack(table.host, warning.pk).status_code == 404  # not theirs to acknowledge
    first = _ack(table.rude, warning.pk)
    assert first.status_code == 200
    assert first.json()["requires_acknowledgement"] is False
    assert first.json()["acknowledged_at"] is not None
    assert table.rude.client.get(NOTICES).json()["notices"] == []

    again = _ack(table.rude, warning.pk)  # idempotent: the first acknowledgement stands
    assert again.status_code == 200
    assert again.json()["acknowledged_at"] == first.json()["acknowledged_at"]
    logged = ModerationAction.objects.filter(
        kind=ModerationAction.Kind.WARNING_ACKNOWLEDGED, sanction=warning
    )
    assert [(a.actor_id, a.user_id) for a in logged] == [(table.rude.user.pk, table.rude.user.pk)]


def test_a_suspension_is_shown_while_it_lasts(table: Table, moderator, clock: Clock) -> None:
    until = clock.now + timedelta(days=1)
    suspension = _decide(table, moderator, "suspension", reason="threats", until=until)

    body = table.rude.client.get(NOTICES).json()
    assert body["restriction"]["code"] == "suspended"
    assert datetime.fromisoformat(body["restriction"]["ends_at"]) == until
    [notice] = body["notices"]
    assert (notice["id"], notice["kind"]) == (suspension.pk, "suspension")
    assert notice["requires_acknowledgement"] is False
    assert datetime.fromisoformat(notice["ends_at"]) == until
    refused = _ack(table.rude, suspension.pk)
    assert (refused.status_code, refused.json()["code"]) == (400, "not_a_warning")

    # Meanwhile online play is refused with the same code; the computer is still there.
    room = table.rude.client.post("/api/v1/rooms/", {}, format="json")
    assert (room.status_code, room.json()["code"]) == (403, "suspended")
    assert table.rude.client.post("/api/v1/matches/computer/", {}, format="json").status_code == 201

    clock.advance(days=1, seconds=1)
    assert table.rude.client.get(NOTICES).json() == {"notices": [], "restriction": None}


def test_a_ban_is_shown_and_a_lifted_one_is_gone(table: Table, moderator) -> None:
    ban = _decide(table, moderator, "ban", reason="repeated threats")
    body = table.rude.client.get(NOTICES).json()
    assert body["restriction"] == {"code": "banned", "ends_at": None}
    assert [(n["id"], n["kind"]) for n in body["notices"]] == [(ban.pk, "ban")]

    sanction_lift(moderator=moderator, sanction=ban, reason="appeal accepted")
    assert table.rude.client.get(NOTICES).json() == {"notices": [], "restriction": None}
    assert table.rude.client.post("/api/v1/rooms/", {}, format="json").status_code == 201


def test_a_lifted_warning_needs_no_acknowledgement(table: Table, moderator) -> None:
    warning = _decide(table, moderator, "warning", reason="rude")
    sanction_lift(moderator=moderator, sanction=warning, reason="wrong player")
    assert table.rude.client.get(NOTICES).json()["notices"] == []
    assert _ack(table.rude, warning.pk).json()["code"] == "notice_not_found"
    warning.refresh_from_db()
    assert warning.acknowledged_at is None
    assert warning.lifted_at is not None and warning.lifted_at <= timezone.now()
