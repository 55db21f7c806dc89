"""Production logs: one JSON object per line on stdout, with the request id of the request
(``X-Request-ID``, taken from the client or the proxy, else made up) or of the request that
published the Celery task; a server error's line holds its traceback."""

from __future__ import annotations

import importlib
import io
import json
import logging
import logging.config
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from celery import shared_task
from celery.signals import before_task_publish
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.test import Client
from django.urls import path
from django.utils.log import DEFAULT_LOGGING

from config.celery import app
from config.urls import urlpatterns as club
from tests.deploy.conftest import ROOT

# This module is also the URLconf of the server these tests start (the club's URLs and two
# views: one fails, one publishes a task) and holds the task its worker runs
# (``--include tests.deploy.test_logging``).
TEST_URLS = __name__
task_logger = logging.getLogger("tests.deploy.tasks")


@shared_task(ignore_result=True)
def say(text: str) -> None:
    task_logger.warning("task says %s", text)


def fail(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the bug under test")


def publish(request: HttpRequest) -> HttpResponse:
    result = say.delay(request.GET.get("text", "hello"))
    return JsonResponse({"task_id": result.id})


urlpatterns = [path("test-fail/", fail), path("test-publish/", publish), *club]


@pytest.fixture
def json_logs(
    settings: Any, production_settings: Callable[..., dict[str, Any]]
) -> Iterator[io.StringIO]:
    """The production logging configuration, its stdout swapped for a buffer."""
    stdout = io.StringIO()
    saved, sys.stdout = sys.stdout, stdout
    try:
        logging.config.dictConfig(production_settings()["LOGGING"])
    finally:
        sys.stdout = saved
    yield stdout
    logging.config.dictConfig(settings.LOGGING)


def records(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_a_server_error_logs_its_traceback_and_request_id(
    db: None, settings: Any, json_logs: io.StringIO
) -> None:
    settings.ROOT_URLCONF = TEST_URLS
    client = Client(raise_request_exception=False)
    response = client.get("/test-fail/")
    assert response.status_code == 500
    request_id = response["X-Request-ID"]
    assert len(request_id) >= 16

    (error,) = [r for r in records(json_logs) if r["level"] == "ERROR"]
    assert error["logger"] == "django.request"
    assert error["request_id"] == request_id
    assert error["message"] == "Internal Server Error: /test-fail/"
    assert error["status_code"] == 500 and error["method"] == "GET"
    assert "Traceback (most recent call last)" in error["exc_info"]
    assert "RuntimeError: the bug under test" in error["exc_info"]
    assert error["time"].endswith("Z")


def test_a_request_id_from_the_proxy_is_kept(
    db: None, settings: Any, json_logs: io.StringIO
) -> None:
    settings.ROOT_URLCONF = TEST_URLS
    response = Client().get("/api/v1/no-such-thing/", HTTP_X_REQUEST_ID="edge-4f1c2a9b")
    assert response.status_code == 404
    assert response["X-Request-ID"] == "edge-4f1c2a9b"
    (warning,) = [r for r in records(json_logs) if r["logger"] == "django.request"]
    assert warning["request_id"] == "edge-4f1c2a9b"  # logged after the middleware returned


@pytest.mark.parametrize("path", ["/api/v1/errors/", "/"])
def test_a_foreign_host_is_one_warning_line_without_a_traceback(
    db: None, json_logs: io.StringIO, path: str
) -> None:
    response = Client().get(path, HTTP_HOST="scanner.example", HTTP_X_REQUEST_ID="req-host-1")

    assert response.status_code == 400
    logged = [r for r in records(json_logs) if r["level"] in ("WARNING", "ERROR", "CRITICAL")]
    assert len(logged) == 1, logged
    (line,) = logged
    assert (line["level"], line["logger"]) == ("WARNING", "django.security.DisallowedHost")
    assert "scanner.example" in line["message"] and "\n" not in line["message"]
    assert "exc_info" not in line
    assert (line["status_code"], line["path"], line["request_id"]) == (400, path, "req-host-1")


def test_embedded_mode_logs_a_foreign_host_without_a_traceback(db: None, settings: Any) -> None:
    """``make run``: Django's console logging (DEBUG on) with the base settings' filter."""
    settings.DEBUG = True
    stderr = io.StringIO()
    saved, sys.stderr = sys.stderr, stderr
    try:
        logging.config.dictConfig(DEFAULT_LOGGING)
        logging.config.dictConfig(importlib.import_module("config.settings.base").LOGGING)
    finally:
        sys.stderr = saved
    try:
        response = Client().get("/api/v1/errors/", HTTP_HOST="scanner.example")
    finally:
        logging.config.dictConfig(settings.LOGGING)

    assert response.status_code == 400
    (line,) = stderr.getvalue().splitlines()
    assert line.startswith("Invalid HTTP_HOST header: 'scanner.example'")


@pytest.mark.parametrize("sent", ["x" * 201, "two words", "nul\x00", ""])
def test_an_unusable_request_id_is_replaced(db: None, sent: str) -> None:
    response = Client().get("/api/v1/errors/", HTTP_X_REQUEST_ID=sent)
    assert response.status_code == 200
    assert response["X-Request-ID"] != sent and len(response["X-Request-ID"]) >= 16


@pytest.fixture
def published(settings: Any) -> Iterator[list[dict[str, Any]]]:
    """Tasks go to the broker (not run eagerly), on a queue of the test's own, deleted after;
    the headers of each message published, as the broker gets them."""
    captured: list[dict[str, Any]] = []

    def capture(headers: dict[str, Any], **_: Any) -> None:
        captured.append(dict(headers))

    queue = f"test-logs-{uuid.uuid4().hex[:8]}"
    saved = (app.conf.task_always_eager, app.conf.task_default_queue)
    app.conf.task_always_eager, app.conf.task_default_queue = False, queue
    settings.CELERY_TASK_ALWAYS_EAGER = False
    before_task_publish.connect(capture, weak=False)
    try:
        yield captured
    finally:
        before_task_publish.disconnect(capture)
        app.conf.task_always_eager, app.conf.task_default_queue = saved
        with app.connection_for_write() as connection:
            connection.default_channel.queue_delete(queue)


def test_a_task_published_in_a_request_carries_its_id(
    db: None, settings: Any, published: list[dict[str, Any]]
) -> None:
    settings.ROOT_URLCONF = TEST_URLS
    response = Client().get("/test-publish/", HTTP_X_REQUEST_ID="req-publish-1")
    assert response.status_code == 200
    (headers,) = published
    assert headers["request_id"] == "req-publish-1"
    assert headers["id"] == response.json()["task_id"]


def test_no_request_id_outside_a_request(published: list[dict[str, Any]]) -> None:
    say.delay("nobody")
    (headers,) = published
    assert "request_id" not in headers


def test_an_eager_task_in_a_request_logs_its_id(
    db: None, settings: Any, json_logs: io.StringIO
) -> None:
    """Embedded mode (and this suite) run tasks in the request: they keep its id."""
    settings.ROOT_URLCONF = TEST_URLS
    Client().get("/test-publish/?text=eager", HTTP_X_REQUEST_ID="req-eager-1")
    (said,) = [r for r in records(json_logs) if r["logger"] == "tests.deploy.tasks"]
    assert (said["message"], said["request_id"]) == ("task says eager", "req-eager-1")


def test_a_worker_logs_the_request_id_of_its_task(db: None, settings: Any) -> None:
    """A real worker (its own process, the broker in Redis): the task's log line, JSON on the
    worker's stdout, holds the id of the request that published it."""
    queue = f"test-logs-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "CELERY_QUEUE": queue}
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "--pool=solo",
        "--without-gossip",
        "--without-mingle",
        "--loglevel=INFO",
        "--include=tests.deploy.test_logging",
        f"--hostname={queue}@%h",
    ]
    worker = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    lines: list[str] = []
    found = threading.Event()

    def read() -> None:
        assert worker.stdout is not None
        for line in worker.stdout:
            lines.append(line)
            if "task says from-a-request" in line:
                found.set()

    threading.Thread(target=read, daemon=True).start()
    settings.ROOT_URLCONF = TEST_URLS
    saved = (app.conf.task_always_eager, app.conf.task_default_queue)
    app.conf.task_always_eager, app.conf.task_default_queue = False, queue
    settings.CELERY_TASK_ALWAYS_EAGER = False
    try:
        response = Client().get(
            "/test-publish/?text=from-a-request", HTTP_X_REQUEST_ID="req-worker-1"
        )
        assert response.status_code == 200
        deadline = time.monotonic() + 60
        while not found.is_set() and time.monotonic() < deadline and worker.poll() is None:
            found.wait(0.2)
    finally:
        app.conf.task_always_eager, app.conf.task_default_queue = saved
        worker.terminate()
        worker.wait(timeout=30)
    assert found.is_set(), "".join(lines[-40:])
    said = next(json.loads(line) for line in lines if "task says from-a-request" in line)
    assert said["request_id"] == "req-worker-1"
    assert said["task_id"] == response.json()["task_id"]
    assert said["task_name"] == "tests.deploy.test_logging.say"
    # the worker's own lines are JSON too (Celery does not take the root logger over)
    ready = next(line for line in lines if " ready." in line)
    assert json.loads(ready)["logger"].startswith("celery")
