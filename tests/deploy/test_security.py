"""HTTPS in production: ``manage.py check --deploy`` finds nothing, the settings behind it
come from the environment, and a request forwarded by the TLS proxy is seen as secure."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from apps.accounts.models import User
from config.settings.base import EMBEDDED_SECRET_KEY
from tests.deploy.conftest import ROOT, run_python

PRODUCTION = "config.settings.production"

SECURITY = (
    "HTTPS_ONLY",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_PROXY_SSL_HEADER",
)


def check_deploy(**env: str) -> subprocess.CompletedProcess:
    """``manage.py check --deploy`` under the production settings; no ``DJANGO_SECRET_KEY``
    unless given."""
    dropped = {*SECURITY, "DJANGO_SECRET_KEY"}
    base = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **base,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_ALLOWED_HOSTS": "club.example",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_check_deploy_is_clean_with_a_secret_key_of_its_own() -> None:
    done = check_deploy(DJANGO_SECRET_KEY=secrets.token_urlsafe(50))
    assert done.returncode == 0, done.stderr
    assert "no issues" in done.stdout


def refused(done: subprocess.CompletedProcess) -> str:
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr
    return done.stderr.strip().splitlines()[-1]


def test_production_refuses_to_start_without_a_secret_key() -> None:
    setup = "import django; django.setup()"
    no_key = run_python(
        setup, env={"DJANGO_SETTINGS_MODULE": PRODUCTION}, unset=("DJANGO_SECRET_KEY",)
    )
    message = refused(no_key)
    assert "DJANGO_SECRET_KEY is not set" in message
    assert "DJANGO_SECRET_KEY is not set" in refused(check_deploy())


@pytest.mark.parametrize(
    ("key", "why"),
    [
        (EMBEDDED_SECRET_KEY, "embedded"),
        ("django-insecure-" + secrets.token_urlsafe(50), "django-insecure-"),
        ("change-me-to-50-or-more-random-characters", "50"),  # deploy/.env.example's
        ("a" * 60, "different characters"),
        ("   ", "is not set"),
    ],
    ids=["embedded", "django-insecure", "env-example", "one-character", "blank"],
)
def test_production_refuses_a_known_insecure_secret_key(key: str, why: str) -> None:
    done = run_python(
        "import django; django.setup()",
        env={"DJANGO_SETTINGS_MODULE": PRODUCTION, "DJANGO_SECRET_KEY": key},
    )
    message = refused(done)
    assert why in message
    assert key.strip() == "" or key not in done.stderr  # never printed


def test_https_settings_come_from_the_environment(
    production_settings: Callable[..., dict[str, Any]],
) -> None:
    on = production_settings()
    assert on["SECURE_SSL_REDIRECT"] and on["SESSION_COOKIE_SECURE"] and on["CSRF_COOKIE_SECURE"]
    assert on["SECURE_HSTS_SECONDS"] >= 365 * 24 * 3600
    assert on["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")

    plain = production_settings(HTTPS_ONLY="false")  # a private network, a bench
    assert not plain["SECURE_SSL_REDIRECT"] and not plain["SESSION_COOKIE_SECURE"]
    assert not plain["CSRF_COOKIE_SECURE"] and plain["SECURE_HSTS_SECONDS"] == 0

    tuned = production_settings(
        SECURE_HSTS_SECONDS="3600",
        SECURE_HSTS_PRELOAD="false",
        SECURE_PROXY_SSL_HEADER="HTTP_X_FORWARDED_SCHEME,https",
    )
    assert (tuned["SECURE_HSTS_SECONDS"], tuned["SECURE_HSTS_PRELOAD"]) == (3600, False)
    assert tuned["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_SCHEME", "https")
    assert production_settings(SECURE_PROXY_SSL_HEADER="")["SECURE_PROXY_SSL_HEADER"] is None


@pytest.fixture
def behind_the_proxy(settings: Any, production_settings: Callable[..., dict[str, Any]]) -> dict:
    """The production HTTPS settings (the defaults) in this process."""
    prod = production_settings()
    for name in SECURITY[1:]:
        setattr(settings, name, prod[name])
    return prod


def test_behind_the_proxy(client: Any, behind_the_proxy: dict) -> None:
    """A page over plain HTTP is redirected to HTTPS (not the health checks); a request the
    proxy forwards as HTTPS is secure and gets HSTS."""
    redirected = client.get("/leaderboard/klub/")
    assert redirected.status_code == 301
    assert redirected["Location"] == "https://testserver/leaderboard/klub/"
    assert client.get("/healthz").status_code == 200  # probes speak plain HTTP inside

    secure = client.get("/api/v1/errors/", HTTP_X_FORWARDED_PROTO="https")
    assert secure.status_code == 200
    hsts = f"max-age={behind_the_proxy['SECURE_HSTS_SECONDS']}"
    assert secure["Strict-Transport-Security"].startswith(hsts)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/errors/"),
        ("post", "/api/v1/guests/"),
        ("post", "/api/v1/matches/computer/"),
        ("get", "/_allauth/app/v1/config"),
    ],
)
def test_an_api_call_over_plain_http_is_refused_never_redirected(
    client: Any, behind_the_proxy: dict, method: str, path: str
) -> None:
    """Issue 35: a redirect comes after the call has sent its token in clear, and a client that
    follows a 301 repeats a POST as a GET; the call is refused with a problem instead, and
    nothing is done (no guest is made). Over HTTPS the same call is answered."""
    refused = getattr(client, method)(path, {}, content_type="application/json")
    assert refused.status_code == 403
    assert "Location" not in refused
    assert refused["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == "https_required"
    assert not User.objects.exists()
    secure = client.post("/api/v1/guests/", {}, "application/json", HTTP_X_FORWARDED_PROTO="https")
    assert secure.status_code == 201
