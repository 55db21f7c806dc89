"""The OpenAPI schema: it generates cleanly, lists every ``/api/v1`` endpoint, Swagger UI renders,
and what the API really answers matches what the schema says (status, media type, body)."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.drainage import GENERATOR_STATS
from rest_framework.test import APIClient
from rest_framework.views import APIView

from tests.conftest import Player
from tests.schema_check import json_schema

EXPECTED_OPERATIONS = {
    ("/api/v1/guests/", "post"),
    ("/api/v1/me/", "get"),
    ("/api/v1/me/", "patch"),
    ("/api/v1/matches/", "get"),
    ("/api/v1/matches/computer/", "post"),
    ("/api/v1/matches/{match_id}/", "get"),
    ("/api/v1/matches/{match_id}/actions/", "post"),
    ("/api/v1/matches/{match_id}/events/", "get"),
    ("/api/v1/matches/{match_id}/heartbeat/", "post"),
    ("/api/v1/matches/{match_id}/deals/{number}/", "get"),
    ("/api/v1/matches/{match_id}/deals/{number}/analysis/", "get"),
    ("/api/v1/rooms/", "post"),
    ("/api/v1/rooms/join/", "post"),
}
GIVING_UP = {"surrender", "resign", "leave"}


# --- generation ---------------------------------------------------------------------------


def test_the_schema_generates_and_validates_without_warnings(tmp_path: Path) -> None:
    """``manage.py spectacular --validate --fail-on-warn``: any warning or error fails it."""
    GENERATOR_STATS.reset()
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    document = yaml.safe_load(target.read_text())
    assert document["openapi"].startswith("3.")
    assert document["info"]["title"] == "Snapszer Klub API"


def _v1_routes() -> set[tuple[str, str]]:
    """(OpenAPI path, method) for every DRF view routed under /api/v1/."""
    found: set[tuple[str, str]] = set()

    def walk(patterns: list, prefix: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                walk(p.url_patterns, route)
            elif isinstance(p, URLPattern) and route.startswith("api/v1/"):
                view = getattr(p.callback, "cls", None)
                if view is None or not issubclass(view, APIView):
                    continue
                path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)
                for method in view.http_method_names:
                    if method not in ("options", "head") and hasattr(view, method):
                        found.add((path, method))

    walk(get_resolver().url_patterns, "")
    return found


def test_every_v1_endpoint_is_in_the_schema_with_its_methods(schema: dict) -> None:
    documented = {
        (path, method)
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    routes = _v1_routes()
    assert routes >= EXPECTED_OPERATIONS  # the URL walk itself finds what we know of
    assert routes <= documented
    for path, method in routes:
        operation = schema["paths"][path][method]
        assert operation.get("summary"), (path, method)
        assert operation.get("tags"), (path, method)
        ok = [code for code in operation["responses"] if code.startswith("2")]
        assert ok, (path, method)
        assert operation["responses"][ok[0]].get("content"), (path, method)  # a described body


def test_errors_are_problem_json_and_the_session_token_is_a_security_scheme(schema: dict) -> None:
    schemes = schema["components"]["securitySchemes"]
    assert schemes["XSessionTokenAuth"] == {
        "type": "apiKey",
        "in": "header",
        "name": "X-Session-Token",
        "description": schemes["XSessionTokenAuth"]["description"],
    }
    problem = schema["components"]["schemas"]["Problem"]
    assert {"type", "title", "status", "detail", "code"} <= set(problem["required"])
    for path, method in EXPECTED_OPERATIONS:
        operation = schema["paths"][path][method]
        errors = {c: r for c, r in operation["responses"].items() if c[0] in "45"}
        assert errors, (path, method)
        for response in errors.values():
            assert set(response["content"]) == {"application/problem+json"}
            assert response["content"]["application/problem+json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"
            }
            assert response["description"]
        if path != "/api/v1/guests/":
            assert {"XSessionTokenAuth": []} in operation["security"]
            assert "401" in errors, (path, method)
    assert schema["paths"]["/api/v1/guests/"]["post"].get("security") in (None, [], [{}])
    actions = schema["paths"]["/api/v1/matches/{match_id}/actions/"]["post"]["responses"]
    assert "version_conflict" in actions["409"]["description"]
    join = schema["paths"]["/api/v1/rooms/join/"]["post"]["responses"]
    assert "room_full" in join["409"]["description"]
    assert "invite_expired" in join["410"]["description"]


def test_schema_and_swagger_ui_are_served(anon: APIClient) -> None:
    response = anon.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/v1/matches/{match_id}/actions/" in response.content
    response = anon.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    assert "/api/v1/rooms/join/" in response.json()["paths"]

    response = anon.get("/api/docs/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert "swagger-ui" in html.lower()
    assert "/api/schema/" in html


# --- real answers against the schema --------------------------------------------------------


def _move(player: Player, match_id: str, action: dict, version: int, move_id: str) -> Any:
    body = {"action": action, "expected_version": version, "client_move_id": move_id}
    return player.client.post(f"/api/v1/matches/{match_id}/actions/", body, format="json")


@pytest.mark.django_db(transaction=True)
def test_a_computer_match_answers_as_documented(make_player, check, anon: APIClient) -> None:
    guest = anon.post("/api/v1/guests/", {"display_name": "Anna"}, format="json")
    token = check(guest, "/api/v1/guests/", "post")["session_token"]
    player = make_player(guest=True)
    check(player.client.get("/api/v1/me/"), "/api/v1/me/", "get")
    me = player.client.patch("/api/v1/me/", {"display_name": "Anna"}, format="json")
    check(me, "/api/v1/me/", "patch")
    assert token

    created = player.client.post("/api/v1/matches/computer/", {}, format="json")
    match = check(created, "/api/v1/matches/computer/", "post")
    match_id, detail = match["id"], "/api/v1/matches/{match_id}/"
    actions, events = detail + "actions/", detail + "events/"

    for i in range(3):
        match = check(player.client.get(f"/api/v1/matches/{match_id}/"), detail, "get")
        action = next(a for a in match["view"]["legal_actions"] if a["type"] not in GIVING_UP)
        body = check(_move(player, match_id, action, match["version"], f"m{i}"), actions, "post")
        assert body["version"] > match["version"]
    retried = check(_move(player, match_id, action, match["version"], "m2"), actions, "post")
    assert retried == body

    feed = player.client.get(f"/api/v1/matches/{match_id}/events/", {"after_seq": 0})
    assert [e["seq"] for e in check(feed, events, "get")["events"]][:3] == [1, 2, 3]
    paged = player.client.get(f"/api/v1/matches/{match_id}/events/", {"limit": 2})
    assert check(paged, events, "get")["has_more"] is True

    # A finished deal: surrender the current one, then read its record. Kati may already have
    # won the first deal by closing during the three moves above, so count from what is played.
    match = check(player.client.get(f"/api/v1/matches/{match_id}/"), detail, "get")
    surrendered = match["view"]["deals_played"] + 1
    surrender = {"type": "surrender", "confirm": True}
    check(_move(player, match_id, surrender, match["version"], "give-up"), actions, "post")
    record = player.client.get(f"/api/v1/matches/{match_id}/deals/{surrendered}/")
    deal = check(record, detail + "deals/{number}/", "get")
    assert deal["result"]["reason"] == "surrendered"
    match = check(player.client.get(f"/api/v1/matches/{match_id}/"), detail, "get")
    assert match["view"]["deals_played"] == surrendered

    listing = player.client.get("/api/v1/matches/", {"limit": 10})
    assert check(listing, "/api/v1/matches/", "get")["results"][0]["id"] == match_id

    # Errors, each documented for its operation, all problem+json.
    stale = _move(player, match_id, action, 0, "stale")
    assert check(stale, actions, "post")["code"] == "version_conflict"
    bad = player.client.post(f"/api/v1/matches/{match_id}/actions/", {}, format="json")
    assert check(bad, actions, "post")["code"] == "invalid_input"
    unknown = _move(player, match_id, {"type": "deal_cards"}, match["version"], "x")
    assert check(unknown, actions, "post")["code"] == "invalid_action"
    not_yet = player.client.get(f"/api/v1/matches/{match_id}/deals/{surrendered + 1}/")
    assert check(not_yet, detail + "deals/{number}/", "get")["code"] == "deal_not_over"
    stranger = make_player(guest=True)
    hidden = stranger.client.get(f"/api/v1/matches/{match_id}/")
    assert check(hidden, detail, "get")["code"] == "match_not_found"
    check(anon.get(f"/api/v1/matches/{match_id}/"), detail, "get")
    check(anon.get(f"/api/v1/matches/{match_id}/events/"), events, "get")


@pytest.mark.django_db(transaction=True)
def test_friend_rooms_answer_as_documented(make_player, check) -> None:
    host, friend, third, guest = (
        make_player(),
        make_player(),
        make_player(),
        make_player(guest=True),
    )
    refused = guest.client.post("/api/v1/rooms/", {}, format="json")
    assert check(refused, "/api/v1/rooms/", "post")["code"] == "registration_required"

    room = check(host.client.post("/api/v1/rooms/", {}, format="json"), "/api/v1/rooms/", "post")
    assert room["status"] == "waiting" and room["invite"]["code"]
    code = room["invite"]["code"].lower()
    joined = friend.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert check(joined, "/api/v1/rooms/join/", "post")["status"] == "active"
    full = third.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert check(full, "/api/v1/rooms/join/", "post")["code"] == "room_full"
    missing = third.client.post("/api/v1/rooms/join/", {"code": "ZZZZZZ"}, format="json")
    assert check(missing, "/api/v1/rooms/join/", "post")["code"] == "invite_not_found"


def test_swagger_ui_is_served_without_a_cdn(anon: APIClient) -> None:
    """The docs page loads its scripts from this server, so it works offline and under a CSP."""
    html = anon.get("/api/docs/").content.decode()
    assert "cdn.jsdelivr" not in html and "unpkg" not in html
    bundle = "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"
    assert bundle in html
    assert anon.get(bundle).status_code == 200


def test_every_operation_with_a_body_documents_the_refusals_before_any_view(schema: dict) -> None:
    """A body over 2.5 MB (413) or not JSON (415) is refused as problem+json before the view
    runs: every operation that takes a body says so (issue 28)."""
    with_body = [
        (path, method, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if isinstance(operation, dict) and "requestBody" in operation
    ]
    assert len(with_body) > 10
    for path, method, operation in with_body:
        for status in ("413", "415"):
            assert "application/problem+json" in operation["responses"][status]["content"], (
                path,
                method,
                status,
            )


def test_every_operation_documents_the_414_for_a_uri_too_long(schema: dict) -> None:
    """Any URL can be sent too long: every operation says it is refused as a 414 problem
    (issue 28)."""
    operations = [
        (path, method, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if isinstance(operation, dict) and "responses" in operation
    ]
    assert len(operations) > 30
    for path, method, operation in operations:
        answer = operation["responses"].get("414", {})
        assert "application/problem+json" in answer.get("content", {}), (path, method)
        assert "uri_too_long" in answer["description"]


def test_an_empty_avatar_url_matches_one_branch_of_its_schema(schema: dict) -> None:
    """``avatar_url`` is a URL or empty: as ``oneOf``, the empty string must match exactly one
    branch (issue 28: it matched both)."""
    avatar = schema["components"]["schemas"]["Player"]["properties"]["avatar_url"]
    matching = [b for b in avatar["oneOf"] if jsonschema.Draft202012Validator(b).is_valid("")]
    assert len(matching) == 1
    jsonschema.validate("", avatar)
    jsonschema.validate("https://example.org/a.png", avatar)


def _request_validator(schema: dict, name: str) -> jsonschema.Draft202012Validator:
    components = json_schema(copy.deepcopy(schema["components"]["schemas"]))
    root = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": {"schemas": components},
        **components[name],
    }
    return jsonschema.Draft202012Validator(root)


def test_the_schema_allows_no_request_the_server_refuses_as_invalid(schema: dict) -> None:
    """Issue 35: a request the schema allows is not refused as invalid (schemathesis checks it
    on generated requests, tests/test_schemathesis.py): no request body takes an unknown field,
    no page is asked below its minimum, a game is made to one of its own targets, a URL is one
    Django's URLField takes, a text's length is counted once stripped (as DRF counts it) and
    has no NUL."""
    bodies = {
        media["schema"]["$ref"].rsplit("/", 1)[1]
        for operations in schema["paths"].values()
        for operation in operations.values()
        if isinstance(operation, dict)
        for media in operation.get("requestBody", {}).get("content", {}).values()
    }
    assert len(bodies) > 10
    for name in bodies:  # (json_schema closes every object: the schema itself must say it)
        assert schema["components"]["schemas"][name]["additionalProperties"] is False, name

    pages = [
        (path, parameter)
        for path, operations in schema["paths"].items()
        for operation in operations.values()
        if isinstance(operation, dict)
        for parameter in operation.get("parameters", [])
        if parameter["name"] in ("limit", "offset")
    ]
    assert len(pages) >= 10
    for path, parameter in pages:
        least = {"limit": 1, "offset": 0}[parameter["name"]]
        assert parameter["schema"]["minimum"] == least, (path, parameter)

    game = _request_validator(schema, "ComputerMatchSubmitRequest")
    for body in ({}, {"target": 7}, {"variant": "sixty-six", "target": 11}, {"target": None}):
        assert game.is_valid(body), body
    for body in ({"target": 11}, {"variant": "klub", "target": 0}, {"target": 8}):
        assert not game.is_valid(body), body

    profile = _request_validator(schema, "PatchedProfileInputRequest")
    for url in ("https://example.org/a.png", "", "http://lh3.example.com/a/b?s=96"):
        assert profile.is_valid({"avatar_url": url}), url
    for name in (" Béla ", "B" * 40, f"  {'B' * 40}\n"):
        assert profile.is_valid({"display_name": name}), name
    for name in ("", "   ", "B" * 41, "B\x00la"):
        assert not profile.is_valid({"display_name": name}), name
    too_long_a_label = f"https://{'0' * 64}.example.org/"
    for url in (too_long_a_label, "https://localhost/a.png", "ftp://example.org/", "https://x"):
        assert not profile.is_valid({"avatar_url": url}), url
