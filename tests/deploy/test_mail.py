"""Outgoing mail under the production settings: any backend, SMTP configured from the
environment (``EMAIL_*``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core import mail
from rest_framework.test import APIClient

from tests.accounts.conftest import unique_email, unique_ip

BACKENDS = "django.core.mail.backends"


@pytest.mark.parametrize("backend", ["console", "locmem"])
def test_sign_up_with_a_backend_other_than_smtp(
    backend: str,
    db: None,
    settings: Any,
    production_settings: Callable[..., dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The SMTP options (host, port, …) are not handed to a backend that takes none."""
    settings.MAILERS = production_settings(EMAIL_BACKEND=f"{BACKENDS}.{backend}.EmailBackend")[
        "MAILERS"
    ]
    email = unique_email()  # allauth sends one mail per address per 10 s (in the shared cache)
    response = APIClient().post(
        "/_allauth/app/v1/auth/signup",
        {"email": email, "password": "correct horse battery"},
        format="json",
        REMOTE_ADDR=unique_ip(),
    )
    assert response.status_code == 401, response.content  # pending: verify the address
    if backend == "locmem":
        assert [m.to for m in mail.outbox] == [[email]]
    else:
        assert email in capsys.readouterr().out


def test_smtp_is_configured_from_the_environment(
    settings: Any, production_settings: Callable[..., dict[str, Any]]
) -> None:
    settings.MAILERS = production_settings(
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="2525",
        EMAIL_HOST_USER="club",
        EMAIL_HOST_PASSWORD="s3cret",
        EMAIL_USE_TLS="true",
        EMAIL_TIMEOUT="7",
    )["MAILERS"]
    smtp = mail.mailers["default"]
    assert type(smtp).__module__ == f"{BACKENDS}.smtp"
    assert (smtp.host, smtp.port) == ("smtp.example.org", 2525)
    assert (smtp.username, smtp.password) == ("club", "s3cret")
    assert (smtp.use_tls, smtp.use_ssl, smtp.timeout) == (True, False, 7)


@pytest.mark.parametrize(
    ("env", "port"),
    [({}, 25), ({"EMAIL_USE_TLS": "true"}, 587), ({"EMAIL_USE_SSL": "true"}, 465)],
)
def test_smtp_port_follows_the_protocol_unless_given(
    env: dict[str, str],
    port: int,
    settings: Any,
    production_settings: Callable[..., dict[str, Any]],
) -> None:
    settings.MAILERS = production_settings(**env)["MAILERS"]
    smtp = mail.mailers["default"]
    assert (smtp.host, smtp.port) == ("localhost", port)
    assert (smtp.use_ssl, smtp.use_tls) == ("EMAIL_USE_SSL" in env, "EMAIL_USE_TLS" in env)
    assert smtp.username is None and smtp.timeout is not None
