"""Clients that walk allauth's headless flows over HTTP, as an app or as a browser would."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any, Literal

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from rest_framework.test import APIClient

from apps.accounts.models import User
from tests.factories import UserFactory

PASSWORD = "correct horse battery"
Kind = Literal["app", "browser"]
# The codes allauth mails: e.g. ``KXRT-BDFQ`` (letters in dashed groups) or digits.
_CODE = re.compile(r"^\s*([A-Z0-9]{2,}(?:-[A-Z0-9]{2,})+|\d{4,})\s*$", re.MULTILINE)


def unique_ip() -> str:
    """A client address of its own, so rate limits kept in the shared cache never carry over."""
    n = uuid.uuid4().int
    return f"10.{n % 250 + 1}.{n // 250 % 250 + 1}.{n // 62500 % 250 + 1}"


def unique_email() -> str:
    return f"p-{uuid.uuid4().hex[:12]}@example.com"


def mailed_code(to: str) -> str:
    """The code in the newest e-mail sent to ``to``."""
    sent = [m for m in mail.outbox if to in m.to]
    assert sent, f"no e-mail was sent to {to}"
    match = _CODE.search(sent[-1].body)
    assert match, sent[-1].body
    return match.group(1)


class Headless:
    """An allauth headless client.

    ``app``: authenticates only with the ``X-Session-Token`` the flows hand out (cookies are
    dropped before every request). ``browser``: session cookie, and CSRF checks enforced; the
    CSRF token is sent only when ``csrf`` is true.
    """

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        self.http = APIClient(enforce_csrf_checks=True, REMOTE_ADDR=unique_ip())
        self.token: str | None = None
        if kind == "browser":
            assert self.http.get("/_allauth/browser/v1/config").status_code == 200
            assert "csrftoken" in self.http.cookies

    def _headers(self, csrf: bool) -> dict[str, str]:
        if self.kind == "app":
            self.http.cookies.clear()
            return {"HTTP_X_SESSION_TOKEN": self.token} if self.token else {}
        token = self.http.cookies["csrftoken"].value
        return {"HTTP_X_CSRFTOKEN": token} if csrf else {}

    def auth(
        self, method: str, path: str, data: Any = None, *, csrf: bool = True, **extra: str
    ) -> Any:
        """A call to ``/_allauth/<kind>/v1/<path>``; keeps any session token it hands out."""
        response = self.request(
            method, f"/_allauth/{self.kind}/v1/{path}", data, csrf=csrf, **extra
        )
        if response.get("Content-Type") == "application/json":
            token = response.json().get("meta", {}).get("session_token")
            if token:
                assert self.kind == "app", "browsers get cookies, not session tokens"
                self.token = token
        return response

    def api(self, method: str, path: str, data: Any = None, *, csrf: bool = True) -> Any:
        """A call to the club's own API, ``/api/v1/<path>``."""
        return self.request(method, f"/api/v1/{path}", data, csrf=csrf)

    def request(self, method: str, url: str, data: Any, *, csrf: bool, **extra: str) -> Any:
        call = getattr(self.http, method)
        kwargs: dict[str, Any] = {**self._headers(csrf), **extra}
        if data is not None:
            kwargs["format"] = "json"
        return call(url, data, **kwargs)

    # --- the flows, step by step -------------------------------------------------------

    def sign_up(self, email: str, password: str = PASSWORD) -> Any:
        return self.auth("post", "auth/signup", {"email": email, "password": password})

    def verify_email(self, code: str) -> Any:
        return self.auth("post", "auth/email/verify", {"key": code})

    def log_in(self, email: str, password: str = PASSWORD) -> Any:
        return self.auth("post", "auth/login", {"email": email, "password": password})

    def log_out(self) -> Any:
        return self.auth("delete", "auth/session")

    def register(self, email: str, password: str = PASSWORD) -> Any:
        """Sign up and verify the address: the player ends up signed in."""
        assert self.sign_up(email, password).status_code == 401
        response = self.verify_email(mailed_code(email))
        assert response.status_code == 200, response.json()
        return response


def pending_flows(response: Any) -> set[str]:
    return {f["id"] for f in response.json()["data"]["flows"] if f.get("is_pending")}


@pytest.fixture(params=["app", "browser"])
def client_kind(request: pytest.FixtureRequest) -> Kind:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def headless(db: None, client_kind: Kind) -> Callable[[], Headless]:
    """A factory of headless clients of one kind (the test runs once per kind)."""
    return lambda: Headless(client_kind)


@pytest.fixture
def verified_user(db: None) -> User:
    """A registered player whose e-mail address is verified, with password ``PASSWORD``."""
    user = UserFactory(email=unique_email())
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user  # type: ignore[no-any-return]
