"""Every API error is an RFC 9457 problem (application/problem+json) with a stable code.

Bad input is never a 500: the test client re-raises server errors, so one would fail the test.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from apps.accounts.api import GuestThrottle

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


def assert_problem(response: Any, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"].endswith("/" + code)
    assert body["title"]
    assert "detail" in body
    return body  # type: ignore[no-any-return]


def _client_ip() -> str:
    n = uuid.uuid4().int
    return f"10.{n % 250 + 1}.{n // 250 % 250 + 1}.{n // 62500 % 250 + 1}"


@pytest.mark.parametrize(
    "body",
    [b"{not json", b'{"display_name": "x"', b"", b"\xff\xfe{}", b'{"display_name": NaN}'],
)
def test_a_malformed_json_body_is_a_400(make_player: Callable, body: bytes) -> None:
    player = make_player()

    response = player.client.generic("PATCH", "/api/v1/me/", body, "application/json")

    if body:
        assert_problem(response, 400, "parse_error")
    else:  # an empty body is an empty change
        assert response.status_code == 200


def test_a_body_nested_too_deeply_is_a_400_not_a_crash(make_player: Callable) -> None:
    body = b'{"display_name": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"

    response = make_player().client.generic("PATCH", "/api/v1/me/", body, "application/json")

    assert_problem(response, 400, "parse_error")


def test_a_body_over_the_size_limit_is_a_413(make_player: Callable, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = b'{"display_name": "' + b"x" * 2000 + b'"}'

    response = make_player().client.generic("PATCH", "/api/v1/me/", body, "application/json")

    assert_problem(response, 413, "payload_too_large")


def test_a_malformed_json_body_is_a_400_for_anonymous_callers_too(anon: APIClient) -> None:
    response = anon.generic("POST", "/api/v1/guests/", b"[1,", "application/json")

    assert_problem(response, 400, "parse_error")


@pytest.mark.parametrize("body", [b"[]", b'"Pista"', b"7", b"null", b'[{"display_name": "x"}]'])
def test_a_body_that_is_not_an_object_is_invalid_input(make_player: Callable, body: bytes) -> None:
    response = make_player().client.generic("PATCH", "/api/v1/me/", body, "application/json")

    problem = assert_problem(response, 400, "invalid_input")
    assert problem["errors"]


def test_a_body_in_another_format_is_a_415(make_player: Callable) -> None:
    response = make_player().client.generic(
        "PATCH", "/api/v1/me/", b"display_name=Pista", "application/x-www-form-urlencoded"
    )

    assert_problem(response, 415, "unsupported_media_type")


def test_validation_errors_name_the_fields(make_player: Callable) -> None:
    response = make_player().client.patch(
        "/api/v1/me/", {"display_name": "", "avatar_url": "nope"}, format="json"
    )

    problem = assert_problem(response, 400, "invalid_input")
    assert set(problem["errors"]) == {"display_name", "avatar_url"}
    assert all(isinstance(m, str) for ms in problem["errors"].values() for m in ms)


@pytest.mark.parametrize(
    ("method", "path"),
    [("get", "/api/v1/me/"), ("patch", "/api/v1/me/"), ("post", "/api/v1/rooms/")],
)
def test_unauthenticated_api_access_is_a_401_that_says_how_to_authenticate(
    anon: APIClient, method: str, path: str
) -> None:
    response = getattr(anon, method)(path, {}, format="json")

    assert_problem(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"].startswith("X-Session-Token")


def test_an_unknown_session_token_is_a_401(anon: APIClient) -> None:
    anon.credentials(HTTP_X_SESSION_TOKEN="no-such-session")

    response = anon.get("/api/v1/me/")

    assert_problem(response, 401, "invalid_token")
    assert "WWW-Authenticate" in response


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("delete", "/api/v1/me/", {"GET", "PATCH"}),
        ("put", "/api/v1/me/", {"GET", "PATCH"}),
        ("get", "/api/v1/guests/", {"POST"}),
    ],
)
def test_a_wrong_method_is_a_405_with_allow(
    make_player: Callable, method: str, path: str, allowed: set[str]
) -> None:
    response = getattr(make_player().client, method)(path)

    assert_problem(response, 405, "method_not_allowed")
    assert allowed <= {m.strip() for m in response["Allow"].split(",")}


@pytest.mark.parametrize(
    "path",
    ["/api/v1/nope/", "/api/v2/me/", "/api/", "/api/v1/matches/not-a-uuid/", "/nowhere"],
)
def test_an_unknown_url_is_a_404(make_player: Callable, path: str) -> None:
    response = make_player().client.get(path)

    assert_problem(response, 404, "not_found")


def test_creating_guests_too_fast_is_a_429_with_retry_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(GuestThrottle, "rate", "2/hour", raising=False)
    client = APIClient(REMOTE_ADDR=_client_ip())

    def create() -> Any:
        client.cookies.clear()  # stay anonymous: each request asks for a new guest
        return client.post("/api/v1/guests/", {}, format="json")

    statuses = [create().status_code for _ in range(2)]
    response = create()

    assert statuses == [201, 201]
    assert_problem(response, 429, "throttled")
    assert 0 < int(response["Retry-After"]) <= 3600


def test_a_csrf_failure_outside_the_api_keeps_djangos_page(db: None) -> None:
    client = APIClient(enforce_csrf_checks=True)

    response = client.post("/admin/login/", {"username": "x", "password": "y"})

    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/html")
