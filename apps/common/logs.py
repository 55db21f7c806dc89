"""Request ids and JSON logs (production: ``LOGGING`` in config/settings/production.py).

- ``RequestIdMiddleware`` takes the request's ``X-Request-ID`` (set by the proxy or the client:
  at most 128 of ``A-Z a-z 0-9 . _ : -``), or makes one, keeps it in a context variable for
  the request's whole handling, and answers it in ``X-Request-ID``.
- Celery: a task published while the variable is set carries it in its message headers
  (``before_task_publish``); the worker sets it while the task runs (``task_prerun``), so the
  task's logs, and the tasks it publishes in turn, hold the same id.
- ``ForeignHostFilter``: a request for a host not in ``ALLOWED_HOSTS`` is one ``WARNING``
  line, without the traceback Django logs it with as an ``ERROR`` (``LOGGING`` in
  config/settings/base.py, kept by production's).
- ``JsonFormatter``: one JSON object per line, with the time (UTC), level, logger, message,
  request id, the running task's id and name, the traceback of an exception, and the extra
  fields of the record (Django adds ``status_code`` and the request, logged as its method
  and path).
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from celery import current_task
from django.http import HttpRequest, HttpResponse

from .text import clip

HEADER = "X-Request-ID"
CELERY_HEADER = "request_id"
_USABLE = re.compile(r"[A-Za-z0-9._:-]{1,128}")

_request_id: ContextVar[str | None] = ContextVar("request_id", default=None)


def current_request_id() -> str | None:
    """The id of the request (or of the request behind the task) being handled, if any."""
    return _request_id.get()


def new_request_id() -> str:
    return uuid.uuid4().hex


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        sent = request.headers.get(HEADER, "")
        request_id = sent if _USABLE.fullmatch(sent) else new_request_id()
        request.request_id = request_id  # type: ignore[attr-defined]
        _request_id.set(request_id)
        response = self.get_response(request)
        response[HEADER] = request_id
        # Django logs an error answer after the middleware returned: the id is dropped when
        # the response is closed, once the server has sent it.
        # (the list of callables ``close`` calls: Django's, private, not in its stubs)
        response._resource_closers.append(request_id_clear)  # type: ignore[attr-defined]
        return response


def request_id_clear() -> None:
    _request_id.set(None)


# --- Celery ----------------------------------------------------------------------------------


def task_headers_add(headers: dict[str, Any] | None = None, **_: Any) -> None:
    """``before_task_publish``: the current request id into the message's headers."""
    request_id = _request_id.get()
    if request_id is not None and headers is not None:
        headers.setdefault(CELERY_HEADER, request_id)


def task_request_id_set(task: Any = None, **_: Any) -> None:
    """``task_prerun``: the id the message carries, for the task's run. A task run eagerly
    (embedded mode, tests) has none and keeps the id of the request it runs in."""
    request = getattr(task, "request", None)
    if request is None:
        return
    request_id = getattr(request, CELERY_HEADER, None) or (request.headers or {}).get(CELERY_HEADER)
    if request_id and not request.is_eager:
        request._request_id_token = _request_id.set(str(request_id))


def task_request_id_clear(task: Any = None, **_: Any) -> None:
    """``task_postrun``: back to the id before the task (none, in a worker)."""
    request = getattr(task, "request", None)
    token = getattr(request, "_request_id_token", None)
    if request is not None and token is not None:
        _request_id.reset(token)
        request._request_id_token = None


def celery_signals_connect() -> None:
    from celery.signals import before_task_publish, task_postrun, task_prerun  # noqa: PLC0415

    before_task_publish.connect(task_headers_add, weak=False, dispatch_uid="request_id")
    task_prerun.connect(task_request_id_set, weak=False, dispatch_uid="request_id")
    task_postrun.connect(task_request_id_clear, weak=False, dispatch_uid="request_id")


# --- foreign hosts ---------------------------------------------------------------------------

#: A logged refusal of a foreign host quotes at most this many characters (the host is the
#: client's, and Django's message names it twice).
FOREIGN_HOST_MESSAGE_LIMIT = 300


class ForeignHostFilter(logging.Filter):
    """For the logger ``django.security.DisallowedHost``: a request whose ``Host`` is not in
    ``ALLOWED_HOSTS`` (scanners, a proxy passing a client's ``Host`` on) is answered 400, and
    Django logs an ``ERROR`` with the traceback of ``request.get_host()``: noise that pages
    nobody should be paged for, and that says nothing the message does not. Here it becomes
    one ``WARNING`` line without a traceback (dropped when the logger is set above
    ``WARNING``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not logging.getLogger(record.name).isEnabledFor(logging.WARNING):
            return False
        record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        record.msg, record.args = clip(record.getMessage(), FOREIGN_HOST_MESSAGE_LIMIT), ()
        record.exc_info = record.exc_text = None
        return True


# --- the formatter ---------------------------------------------------------------------------

# What every LogRecord has: not copied as extra fields.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """One JSON object per line (for stdout, read by the platform's log collector)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC)
            .isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": _request_id.get(),
            "process": record.process,
        }
        if current_task and getattr(current_task.request, "id", None):
            entry["task_id"] = current_task.request.id
            entry["task_name"] = current_task.name
        for key, value in vars(record).items():
            if key in _STANDARD or key in entry or key.startswith("_"):
                continue
            if key == "request" and isinstance(value, HttpRequest):
                entry["method"], entry["path"] = value.method, value.path
                entry["request_id"] = entry["request_id"] or getattr(value, "request_id", None)
                continue
            entry[key] = value
        if record.exc_info:
            entry["exc_info"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exc_info"] = record.exc_text
        if record.stack_info:
            entry["stack_info"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str, ensure_ascii=False)
