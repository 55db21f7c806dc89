"""``/healthz`` (the process answers; no I/O) and ``/readyz`` (PostgreSQL, the Redis cache and
the channel layer answer), against the real services; a service that does not answer is
pointed at a closed port."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connections
from django.test import Client

from tests.deploy.conftest import closed_port

PROBLEM = "application/problem+json"
CHECKS = {"database", "cache", "channel_layer"}
PROBE = {"HTTP_HOST": "10.1.2.3:8000"}  # an orchestrator probes the pod's address


def redis_nowhere() -> str:
    return f"redis://127.0.0.1:{closed_port()}/0"


@pytest.fixture
def services_down(settings: Any) -> None:
    """The cache and the channel layer on a closed port."""
    settings.CACHES = {
        "default": {"BACKEND": "apps.common.cache.RedisCache", "LOCATION": redis_nowhere()}
    }
    layer = settings.CHANNEL_LAYERS["default"]
    settings.CHANNEL_LAYERS = {"default": {**layer, "CONFIG": {"hosts": [redis_nowhere()]}}}


def test_healthz_answers_with_no_io(services_down: None, client: Client) -> None:
    """No database access is allowed in this test (no ``db`` fixture), and the cache and the
    channel layer point at a closed port."""
    response = client.get("/healthz", **PROBE)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"status": "ok"}
    assert response["Cache-Control"] == "no-store"


def test_readyz_when_every_service_answers(db: None, client: Client) -> None:
    response = client.get("/readyz", **PROBE)
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"status": "ready", "checks": dict.fromkeys(CHECKS, "ok")}
    assert response["Cache-Control"] == "no-store"


def assert_not_ready(response: Any, failed: list[str]) -> dict:
    assert response.status_code == 503, response.content
    assert response["Content-Type"] == PROBLEM
    assert response["Retry-After"]
    body = response.json()
    assert (body["status"], body["code"]) == (503, "not_ready")
    assert body["failed"] == failed
    assert set(body["checks"]) == CHECKS
    for name in CHECKS - set(failed):
        assert body["checks"][name] == "ok"
    for name in failed:
        assert name in body["detail"] and body["checks"][name] != "ok"
    return body  # type: ignore[no-any-return]


def test_readyz_names_the_cache_when_redis_is_down(db: None, settings: Any, client: Client) -> None:
    settings.CACHES = {
        "default": {"BACKEND": "apps.common.cache.RedisCache", "LOCATION": redis_nowhere()}
    }
    assert_not_ready(client.get("/readyz", **PROBE), ["cache"])


def test_readyz_names_the_channel_layer_when_its_redis_is_down(
    db: None, settings: Any, client: Client
) -> None:
    layer = settings.CHANNEL_LAYERS["default"]
    settings.CHANNEL_LAYERS = {"default": {**layer, "CONFIG": {"hosts": [redis_nowhere()]}}}
    assert_not_ready(client.get("/readyz", **PROBE), ["channel_layer"])


def test_readyz_names_every_service_that_is_down(
    db: None, services_down: None, client: Client
) -> None:
    assert_not_ready(client.get("/readyz", **PROBE), ["cache", "channel_layer"])


def test_readyz_names_the_database_when_postgresql_is_down(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked from another thread, whose connection is opened anew to a closed port (the test's
    own connection, and its transaction, stay as they are)."""
    monkeypatch.setitem(connections.settings["default"], "PORT", str(closed_port()))
    monkeypatch.setitem(connections.settings["default"], "HOST", "127.0.0.1")
    answers: list[Any] = []

    def ask() -> None:
        try:
            answers.append(Client().get("/readyz", **PROBE))
        finally:
            connections.close_all()

    thread = threading.Thread(target=ask)
    thread.start()
    thread.join(30)
    assert_not_ready(answers[0], ["database"])
