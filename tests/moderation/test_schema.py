"""The moderation endpoints answer exactly as the OpenAPI schema documents them (status, media
type, body), errors included."""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from apps.moderation.models import Report
from apps.moderation.services import report_resolve
from tests.moderation.conftest import Table
from tests.test_openapi import _json_schema

pytestmark = pytest.mark.django_db

REPORTS, NOTICES = "/api/v1/reports/", "/api/v1/me/notices/"
ACK = "/api/v1/me/notices/{notice_id}/acknowledge/"


@pytest.fixture(scope="module")
def check() -> Callable[..., dict]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = _json_schema(copy.deepcopy(schema["components"]["schemas"]))
    components["Problem"]["additionalProperties"] = True  # RFC 9457 extension members

    def check_response(response: Any, path: str, method: str) -> dict:
        operation = schema["paths"][path][method]
        code = str(response.status_code)
        assert code in operation["responses"], f"{method} {path}: {code} is not documented"
        media = response["Content-Type"].split(";")[0]
        content = operation["responses"][code]["content"]
        assert media in content, f"{method} {path} {code}: {media}"
        body = response.json()
        root = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "components": {"schemas": components},
            **_json_schema(content[media]["schema"]),
        }
        errors = list(Draft202012Validator(root).iter_errors(body))
        assert not errors, f"{method} {path} {code}: " + "; ".join(e.message for e in errors)
        return body

    return check_response


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
        ({**body, "category": "?"}, "invalid_input"),
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
