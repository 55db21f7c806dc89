"""Limits count requests per client address: the socket's, or the one the trusted proxy saw.

With no proxy trusted (``TRUSTED_PROXY_COUNT=0``, the default) ``X-Forwarded-For`` is whatever
the client wrote, so it is ignored. With one (deploy/nginx.conf, which overwrites the header)
the header's last entry is the address: anything a client put before it is ignored too.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import RequestFactory
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.common.addresses import client_address

from .conftest import PASSWORD, Headless, unique_ip

pytestmark = pytest.mark.django_db

PROXY = "127.0.0.1"  # the socket's peer when nginx stands in front
# what an attacker writes in the header, and what the shipped nginx used to forward for it
SPOOFED = ["203.0.113.{}", "198.51.100.{}, 127.0.0.1"]


def _new_guest(remote: str, forwarded: str | None = None) -> Any:
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return APIClient().post("/api/v1/guests/", {}, format="json", **extra)


def _log_in(client: Headless, email: str, password: str, remote: str, forwarded: str) -> Any:
    return client.auth(
        "post",
        "auth/login",
        {"email": email, "password": password},
        REMOTE_ADDR=remote,
        HTTP_X_FORWARDED_FOR=forwarded,
    )


# --- the one place that says which address a request came from ---------------------------


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "expected"),
    [
        (0, "10.0.0.5", None, "10.0.0.5"),
        (0, "10.0.0.5", "203.0.113.7", "10.0.0.5"),  # nobody vouches for the header
        (1, PROXY, "10.0.0.5", "10.0.0.5"),
        (1, PROXY, "203.0.113.7, 10.0.0.5", "10.0.0.5"),  # the client's own entries come first
        (2, PROXY, "203.0.113.7, 10.0.0.5, 10.9.9.9", "10.0.0.5"),  # counted from the right
        (1, PROXY, None, PROXY),  # not through the proxy (a probe inside): the socket's
        (2, PROXY, "10.0.0.5", PROXY),  # fewer entries than proxies: the chain is not there
        (1, PROXY, "not-an-address", PROXY),
        (1, PROXY, " 2001:DB8::1 ", "2001:db8::1"),
    ],
)
def test_the_client_address_is_the_sockets_unless_a_trusted_proxy_forwards_it(
    settings: Settings, proxies: int, remote: str, forwarded: str | None, expected: str
) -> None:
    settings.TRUSTED_PROXY_COUNT = proxies
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded

    assert client_address(RequestFactory().get("/", **extra)) == expected


# --- the guest throttle -------------------------------------------------------------------


@pytest.mark.parametrize("spoofed", SPOOFED)
def test_without_a_trusted_proxy_a_forwarded_header_does_not_escape_the_guest_throttle(
    settings: Settings, spoofed: str
) -> None:
    settings.GUEST_CREATE_RATE = "2/hour"
    address = unique_ip()
    assert [_new_guest(address).status_code for _ in range(2)] == [201, 201]

    refused = [_new_guest(address, forwarded=spoofed.format(i)) for i in range(5)]

    assert [r.status_code for r in refused] == [429] * 5
    assert {r.json()["code"] for r in refused} == {"throttled"}


def test_behind_the_proxy_the_guest_throttle_counts_the_address_it_saw(
    settings: Settings,
) -> None:
    settings.GUEST_CREATE_RATE = "2/hour"
    settings.TRUSTED_PROXY_COUNT = 1
    client = unique_ip()
    assert [_new_guest(PROXY, forwarded=client).status_code for _ in range(2)] == [201, 201]

    # entries the client sent itself come before the one nginx wrote, and change nothing
    spoofed = [
        _new_guest(PROXY, forwarded=f"{s.format(i)}, {client}").status_code
        for s in SPOOFED
        for i in range(2)
    ]
    # another client behind the same proxy has a count of its own
    neighbour = _new_guest(PROXY, forwarded=unique_ip())

    assert spoofed == [429] * 4
    assert neighbour.status_code == 201


# --- allauth's limits (failed logins) ------------------------------------------------------


def test_without_a_trusted_proxy_a_forwarded_header_does_not_escape_the_login_limit(
    verified_user: User,
) -> None:
    attacker = Headless("app")
    address = unique_ip()
    guesses = [
        _log_in(attacker, verified_user.email, "wrong", address, f"203.0.113.{i}").status_code
        for i in range(5)
    ]

    again = _log_in(attacker, verified_user.email, PASSWORD, address, "203.0.113.99")

    assert guesses == [400] * 5
    assert again.status_code == 429
    assert attacker.token is None


def test_behind_the_proxy_the_login_limit_counts_the_address_it_saw(
    settings: Settings, verified_user: User
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    attacker, owner = Headless("app"), Headless("app")
    address = unique_ip()
    guesses = [
        _log_in(attacker, verified_user.email, "wrong", PROXY, f"203.0.113.{i}, {address}")
        for i in range(5)
    ]

    # the attacker's prepended values do not make a new address of it ...
    again = _log_in(attacker, verified_user.email, PASSWORD, PROXY, f"203.0.113.99, {address}")
    # ... and the owner, behind the same proxy from another address, is not held back
    own = _log_in(owner, verified_user.email, PASSWORD, PROXY, unique_ip())

    assert [g.status_code for g in guesses] == [400] * 5
    assert again.status_code == 429
    assert own.status_code == 200, own.json()
    assert own.json()["meta"]["is_authenticated"] is True
