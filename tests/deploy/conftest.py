"""Helpers of the deployment tests: the production settings as a given environment makes them."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache import cache

from tests.deploy.servers import DEPLOY, ROOT, Club, closed_port, procfile

__all__ = ["DEPLOY", "ROOT", "closed_port", "procfile"]


#: Every variable the production settings read that a test may set (cleared first, so the
#: machine's environment does not leak in).
PRODUCTION_ENV = (
    "EMAIL_BACKEND",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
    "EMAIL_TIMEOUT",
    "HTTPS_ONLY",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_PROXY_SSL_HEADER",
)


@pytest.fixture
def production_settings(monkeypatch: pytest.MonkeyPatch) -> Callable[..., dict[str, Any]]:
    """``production_settings(NAME="value", …)``: the names ``config/settings/production.py``
    defines when it runs in an environment with these variables (and none of
    ``PRODUCTION_ENV`` but them)."""

    def load(**env: str) -> dict[str, Any]:
        for name in PRODUCTION_ENV:
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        # a fresh copy of the module (the imported one keeps the environment of its import)
        spec = importlib.util.spec_from_file_location(
            "config.settings.production_probe", ROOT / "config/settings/production.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return vars(module)

    return load


def run_python(
    code: str, *, env: dict[str, str], unset: tuple[str, ...] = (), timeout: float = 60
) -> subprocess.CompletedProcess:
    """``python -c code`` at the project root, with ``env`` over a copy of this environment
    from which ``DJANGO_SETTINGS_MODULE`` (give it in ``env`` to set it) and the variables
    named in ``unset`` are removed."""
    removed = {"DJANGO_SETTINGS_MODULE", *unset}
    base = {k: v for k, v in os.environ.items() if k not in removed}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def club_processes(transactional_db: None) -> Iterator[Club]:
    """Production processes on the test database (``tests/deploy/servers.py``), on a Redis
    database emptied first: the worker's Redis outlives a test (and a run), and the guest
    throttle's history that other tests filled there (browser tests make a guest per visit,
    under the test settings' high rate) would make production's rate answer 429 here."""
    cache.clear()
    club = Club()
    yield club
    club.stop()
