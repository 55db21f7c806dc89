"""What the ranking endpoints answer matches what the OpenAPI schema says."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator
from jsonschema import Draft202012Validator

from tests.test_openapi import _json_schema

pytestmark = pytest.mark.django_db(transaction=True)

TICKETS, TICKET = "/api/v1/matchmaking/tickets/", "/api/v1/matchmaking/tickets/{ticket_id}/"
STATS = "/api/v1/players/{user_id}/stats/"


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def check(schema: dict[str, Any], response: Any, path: str, method: str) -> dict[str, Any]:
    components = _json_schema(copy.deepcopy(schema["components"]["schemas"]))
    components["Problem"]["additionalProperties"] = True
    code = str(response.status_code)
    responses = schema["paths"][path][method]["responses"]
    assert code in responses, f"{method} {path}: {code} is not documented"
    media = response["Content-Type"].split(";")[0]
    body = response.json()
    root = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": {"schemas": components},
        **_json_schema(responses[code]["content"][media]["schema"]),
    }
    errors = list(Draft202012Validator(root).iter_errors(body))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]
    return body


def test_tickets_and_stats_answer_as_documented(
    schema, make_player, creator, finished_match
) -> None:
    anna, bela, guest = make_player(), make_player(), make_player(guest=True)
    a = check(schema, anna.client.post(TICKETS, {"stake": 50}, format="json"), TICKETS, "post")
    again = anna.client.post(TICKETS, {"stake": 50}, format="json")
    assert check(schema, again, TICKETS, "post")["code"] == "ticket_already_open"
    refused = guest.client.post(TICKETS, {"stake": 50}, format="json")
    assert check(schema, refused, TICKETS, "post")["code"] == "registration_required"
    bad = bela.client.post(TICKETS, {"stake": 7}, format="json")
    assert check(schema, bad, TICKETS, "post")["code"] == "invalid_input"
    waiting = anna.client.get(f"/api/v1/matchmaking/tickets/{a['id']}/")
    assert check(schema, waiting, TICKET, "get")["status"] == "waiting"
    b = check(schema, bela.client.post(TICKETS, {"stake": 50}, format="json"), TICKETS, "post")
    assert b["status"] == "matched"
    matched = anna.client.get(f"/api/v1/matchmaking/tickets/{a['id']}/")
    assert check(schema, matched, TICKET, "get")["match_id"] == b["match_id"]
    late = anna.client.delete(f"/api/v1/matchmaking/tickets/{a['id']}/")
    assert check(schema, late, TICKET, "delete")["code"] == "already_matched"
    missing = bela.client.get(f"/api/v1/matchmaking/tickets/{a['id']}/")
    assert check(schema, missing, TICKET, "get")["code"] == "ticket_not_found"
    c = anna.client.post(TICKETS, {"stake": 20}, format="json").json()
    cancelled = anna.client.delete(f"/api/v1/matchmaking/tickets/{c['id']}/")
    assert check(schema, cancelled, TICKET, "delete")["cancel_reason"] == "cancelled_by_player"

    finished_match(anna.user, bela.user, schneider=True)
    stats = anna.client.get(f"/api/v1/players/{anna.user.pk}/stats/")
    assert check(schema, stats, STATS, "get")["schneider"] == 1
    nobody = anna.client.get("/api/v1/players/987654/stats/")
    assert check(schema, nobody, STATS, "get")["code"] == "player_not_found"
