"""``GET /healthz`` and ``GET /readyz``: what an orchestrator or a load balancer probes.

- ``/healthz``: the process is up and answers. No I/O at all, so a database or Redis outage
  never makes it fail (a liveness probe that failed then would restart every process at once).
- ``/readyz``: PostgreSQL, the Redis cache and the channel layer answer, each checked with a
  round trip. ``200 {"status": "ready", "checks": {…: "ok"}}``; otherwise ``503`` problem+json
  (``code`` ``not_ready``) whose ``failed`` names the services that did not answer and whose
  ``checks`` gives each one's error class (the full error goes to the log, not to the client).

Both are answered by ``HealthMiddleware``, second in ``MIDDLEWARE`` (after the request id):
before the host check (a probe comes to the pod's address, which ``ALLOWED_HOSTS`` does not
list), the HTTPS redirect (probes speak plain HTTP inside the network), sessions and
authentication. They sit outside ``/api/`` and answer JSON. deploy/README.md says how to use
them.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from redis import Redis

from .errors import CONTENT_TYPE, RETRY_AFTER_SECONDS, problem_body

logger = logging.getLogger(__name__)

HEALTHZ = ("/healthz", "/healthz/")
READYZ = ("/readyz", "/readyz/")
#: Seconds the channel layer's Redis has to answer a PING (the cache's own client and the
#: database connection have their timeouts in the settings).
LAYER_TIMEOUT = 2.0
NO_STORE = {"Cache-Control": "no-store"}


def healthz() -> JsonResponse:
    return JsonResponse({"status": "ok"}, headers=NO_STORE)


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_cache() -> None:
    cache.get("readyz")  # a round trip to Redis (a missing key is fine)


def check_channel_layer() -> None:
    """A PING to each Redis the channel layer uses; the in-memory layer (embedded mode) lives
    in this process. Another layer is asked for a group send to a group nobody is in."""
    layer = get_channel_layer()
    if layer is None:
        raise LookupError("no channel layer is configured")
    if isinstance(layer, InMemoryChannelLayer):
        return
    config: dict[str, Any] = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
    hosts: list[str | dict[str, Any]] = config.get("hosts", [])
    addresses = [h if isinstance(h, str) else h.get("address") for h in hosts]
    if hosts and all(isinstance(a, str) for a in addresses):
        for address in addresses:
            _redis(address).ping()
        return
    async_to_sync(layer.group_send)("readyz", {"type": "readyz"})


@functools.lru_cache(maxsize=16)
def _redis(url: str) -> Redis:
    """One client (and its pool) per address, so probes reuse their connection."""
    return Redis.from_url(url, socket_connect_timeout=LAYER_TIMEOUT, socket_timeout=LAYER_TIMEOUT)


CHECKS: dict[str, Callable[[], None]] = {
    "database": check_database,
    "cache": check_cache,
    "channel_layer": check_channel_layer,
}


def readyz() -> JsonResponse:
    checks: dict[str, str] = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception as error:
            logger.warning("readyz: %s does not answer: %r", name, error)
            checks[name] = type(error).__name__
        else:
            checks[name] = "ok"
    failed = [name for name, result in checks.items() if result != "ok"]
    if not failed:
        return JsonResponse({"status": "ready", "checks": checks}, headers=NO_STORE)
    body = problem_body(
        status_code=503,
        code="not_ready",
        title="Service Unavailable",
        detail=f"not answering: {', '.join(failed)}",
        failed=failed,
        checks=checks,
    )
    headers = {**NO_STORE, "Retry-After": str(RETRY_AFTER_SECONDS)}
    response = JsonResponse(body, status=503, content_type=CONTENT_TYPE, headers=headers)
    response._has_been_logged = True  # type: ignore[attr-defined]  # each failure was, above
    return response


class HealthMiddleware:
    """Answers ``/healthz`` and ``/readyz`` before any other middleware runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if path in HEALTHZ:
            return healthz()
        if path in READYZ:
            return readyz()
        return self.get_response(request)
