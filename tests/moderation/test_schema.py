"""The moderation endpoints answer exactly as the OpenAPI schema documents them (status, media
type, body), errors included."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from apps.moderation.models import Report
from apps.moderation.services import report_resolve
from tests.moderation.conftest import Table

pytestmark = pytest.mark.django_db

REPORTS, NOTICES = "/api/v1/reports/", "/api/v1/me/notices/"
ACK = "/api/v1/me/notices/{notice_id}/acknowledge/"


def test_the_moderation_endpoints_answer_as_documented(
    table: Table, moderator, check, anon: APIClient, settings
) -> None:
    message = table.say(table.rude, "idiot")
    body = {"reported_user_id": table.rude.user.pk, "message_id": message.pk}
    body |= {"category": "abuse", "reason": "insults", "block": True}
    created = check(table.host.client.post(REPORTS, body, format="json"), REPORTS, "post")
    assert created["blocked"] is True
    again = check(table.host.client.post(REPORTS, body, format="json"), REPORTS, "post")
    assert again["code"] == "already_reported"
    for bad, code in [
        ({**body, "reported_user_id": table.host.user.pk}, "cannot_report_self"),
        ({**body, "reported_user_id": 10**9}, "user_not_found"),
        ({**body, "message_id": 10**9}, "message_not_found"),
        ({**body, "category": "?"}, "unknown_category"),
    ]:
        assert (
            check(table.host.client.post(REPORTS, bad, format="json"), REPORTS, "post")["code"]
            == code
        )
    settings.REPORTS_PER_HOUR = 0
    back = {"reported_user_id": table.host.user.pk, "match_id": table.match_id}
    back |= {"category": "harassment", "reason": "he reports me"}
    limited = check(table.rude.client.post(REPORTS, back, format="json"), REPORTS, "post")
    assert limited["code"] == "too_many_reports"
    assert check(anon.post(REPORTS, body, format="json"), REPORTS, "post")["code"] == (
        "not_authenticated"
    )

    listing = check(table.host.client.get(REPORTS, {"limit": 5}), REPORTS, "get")
    assert [r["id"] for r in listing["results"]] == [created["id"]]

    for action, until in [("warning", None), ("suspension", timezone.now() + timedelta(days=1))]:
        report = Report.objects.create(
            reporter=table.host.user, reported=table.rude.user, category="abuse", reason="x"
        )
        report_resolve(moderator=moderator, report=report, action=action, reason="r", until=until)
    notices = check(table.rude.client.get(NOTICES), NOTICES, "get")
    assert [n["kind"] for n in notices["notices"]] == ["warning", "suspension"]
    warning, suspension = (n["id"] for n in notices["notices"])
    acked = check(table.rude.client.post(ACK.format(notice_id=warning)), ACK, "post")
    assert acked["acknowledged_at"] is not None
    refused = check(table.rude.client.post(ACK.format(notice_id=suspension)), ACK, "post")
    assert refused["code"] == "not_a_warning"
    missing = check(table.host.client.post(ACK.format(notice_id=warning)), ACK, "post")
    assert missing["code"] == "notice_not_found"
    check(anon.get(NOTICES), NOTICES, "get")
