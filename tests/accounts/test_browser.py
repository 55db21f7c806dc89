"""Browsers: the session cookie authenticates the API; unsafe requests need the CSRF token."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from apps.accounts.models import User

from .conftest import Headless, mailed_code, unique_email, unique_ip

pytestmark = pytest.mark.django_db


def _problem(response: Any, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert (body["status"], body["code"]) == (status, code)
    return body  # type: ignore[no-any-return]


def test_browsers_get_a_session_cookie_not_a_token() -> None:
    browser = Headless("browser")

    response = browser.register(unique_email())

    assert "session_token" not in response.json().get("meta", {})
    assert browser.http.cookies["sessionid"].value
    me = browser.api("get", "me/")
    assert me.status_code == 200
    assert me.json()["is_guest"] is False


def test_a_write_with_the_csrf_token_works_and_without_it_is_refused() -> None:
    browser = Headless("browser")
    browser.register(unique_email())
    before = browser.api("get", "me/").json()

    refused = browser.api("patch", "me/", {"display_name": "Hacked"}, csrf=False)

    body = _problem(refused, 403, "csrf_failed")
    assert "CSRF" in body["detail"]
    assert browser.api("get", "me/").json() == before

    done = browser.api("patch", "me/", {"display_name": "Zsófi"})
    assert done.status_code == 200
    assert User.objects.get(pk=before["id"]).display_name == "Zsófi"


def test_allauth_browser_endpoints_refuse_a_post_without_csrf() -> None:
    browser = Headless("browser")
    email = unique_email()

    response = browser.auth(
        "post", "auth/signup", {"email": email, "password": "correct horse battery"}, csrf=False
    )

    _problem(response, 403, "csrf_failed")
    assert not User.objects.filter(email=email).exists()


def test_after_logout_the_old_session_cookie_no_longer_authenticates() -> None:
    browser = Headless("browser")
    browser.register(unique_email())
    session = browser.http.cookies["sessionid"].value

    assert browser.log_out().status_code == 401

    assert browser.api("get", "me/").status_code == 401
    stale = Headless("browser")
    stale.http.cookies["sessionid"] = session
    assert stale.api("get", "me/").status_code == 401


def test_a_request_begun_before_a_login_and_answered_after_it_leaves_the_login_standing() -> None:
    """A page's request still on its way when the player logs in (the service worker filling
    its cache, a slow page) carries the session the login replaced. Its answer must not delete
    the session cookie: the browser would drop the new one, and the player, just greeted, would
    be logged out (seen in the browser tests, one run in five)."""
    browser = Headless("browser")
    email = unique_email()
    assert browser.sign_up(email).status_code == 401  # the code is asked for
    before_login = browser.http.cookies["sessionid"].value
    assert browser.verify_email(mailed_code(email)).status_code == 200
    assert browser.http.cookies["sessionid"].value != before_login

    late = APIClient(REMOTE_ADDR=unique_ip())
    late.cookies["sessionid"] = before_login
    answer = late.get("/api/v1/me/")

    assert answer.status_code == 401
    assert "sessionid" not in answer.cookies  # neither deleted nor replaced
    assert browser.api("get", "me/").status_code == 200


def test_logging_out_deletes_the_session_cookie() -> None:
    browser = Headless("browser")
    browser.register(unique_email())

    answer = browser.log_out()

    assert answer.cookies["sessionid"].value == ""
    assert answer.cookies["sessionid"]["max-age"] == 0
    assert browser.api("get", "me/").status_code == 401
