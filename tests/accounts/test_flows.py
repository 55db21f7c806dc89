"""allauth's headless flows over HTTP, for apps (X-Session-Token) and browsers (cookie + CSRF).

Every test runs once as an app and once as a browser.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core import mail
from pytest_django.fixtures import Settings

from apps.accounts.models import User

from .conftest import PASSWORD, Headless, mailed_code, pending_flows, unique_email

NewClient = Callable[[], Headless]


def _me(client: Headless) -> dict:
    response = client.api("get", "me/")
    assert response.status_code == 200, response.content
    return response.json()  # type: ignore[no-any-return]


def test_sign_up_needs_the_mailed_code_before_the_player_is_signed_in(
    headless: NewClient,
) -> None:
    client = headless()
    email = unique_email()

    response = client.sign_up(email)

    assert response.status_code == 401
    assert response.json()["meta"]["is_authenticated"] is False
    assert pending_flows(response) == {"verify_email"}
    assert [m.to for m in mail.outbox] == [[email]]
    assert client.api("get", "me/").status_code == 401

    wrong = client.verify_email("BBBB-CCCC")
    assert wrong.status_code == 400
    assert client.api("get", "me/").status_code == 401

    response = client.verify_email(mailed_code(email))
    assert response.status_code == 200
    assert response.json()["meta"]["is_authenticated"] is True
    assert response.json()["data"]["user"]["email"] == email
    me = _me(client)
    assert me["is_guest"] is False
    assert me["display_name"]
    assert email.split("@")[0] not in me["display_name"]  # opponents must not learn the address
    user = User.objects.get(pk=me["id"])
    assert (user.email, user.is_guest) == (email, False)


def test_an_address_cannot_be_registered_twice(headless: NewClient, settings: Settings) -> None:
    settings.ACCOUNT_RATE_LIMITS = False  # else: one mail per address per 10 s, a 429
    email = unique_email()
    headless().register(email)
    mail.outbox.clear()

    again = headless().sign_up(email, "another fine passphrase")

    # Indistinguishable from a first sign-up (no account enumeration); the owner is told.
    assert again.status_code == 401
    assert pending_flows(again) == {"verify_email"}
    assert [m.to for m in mail.outbox] == [[email]]
    # in the language of the request (Hungarian without Accept-Language), with the way back
    assert "már van fiókod" in mail.outbox[0].subject.lower()
    assert f"{settings.PUBLIC_BASE_URL}/account/password/reset" in mail.outbox[0].body
    assert User.objects.filter(email=email).count() == 1


def test_a_weak_password_is_refused(headless: NewClient) -> None:
    response = headless().sign_up(unique_email(), "12345678")

    assert response.status_code == 400
    assert {e["param"] for e in response.json()["errors"]} == {"password"}
    assert not mail.outbox


def test_log_in_with_email_and_password(headless: NewClient, verified_user: User) -> None:
    client = headless()
    assert client.api("get", "me/").status_code == 401

    response = client.log_in(verified_user.email)

    assert response.status_code == 200
    assert response.json()["meta"]["is_authenticated"] is True
    assert _me(client)["id"] == verified_user.pk
    session = client.auth("get", "auth/session")
    assert session.status_code == 200
    assert session.json()["data"]["user"]["id"] == verified_user.pk


def test_a_wrong_password_does_not_log_in(headless: NewClient, verified_user: User) -> None:
    client = headless()

    response = client.log_in(verified_user.email, "not the password")

    assert response.status_code == 400
    assert client.token is None
    assert client.api("get", "me/").status_code == 401


def test_logging_in_with_an_unverified_address_asks_for_the_code(
    headless: NewClient, settings: Settings
) -> None:
    settings.ACCOUNT_RATE_LIMITS = False  # else: one code per address per 10 s
    email = unique_email()
    headless().sign_up(email)  # never verified
    client = headless()

    response = client.log_in(email)

    assert response.status_code == 401, response.json()
    assert pending_flows(response) == {"verify_email"}
    assert client.api("get", "me/").status_code == 401
    assert client.verify_email(mailed_code(email)).status_code == 200
    assert _me(client)["is_guest"] is False


def test_log_out_ends_the_session(headless: NewClient, verified_user: User) -> None:
    client = headless()
    client.log_in(verified_user.email)
    assert _me(client)["id"] == verified_user.pk

    response = client.log_out()

    assert response.status_code == 401
    assert response.json()["meta"]["is_authenticated"] is False
    after = client.api("get", "me/")
    assert after.status_code == 401
    # an app still sends its (now dead) token; a browser's session cookie is simply gone
    expected = "invalid_token" if client.kind == "app" else "not_authenticated"
    assert after.json()["code"] == expected


def test_the_token_of_an_app_that_logged_out_no_longer_works(verified_user: User) -> None:
    app = Headless("app")
    app.log_in(verified_user.email)
    token = app.token

    app.log_out()

    assert app.token == token  # the app still holds it, but it is dead
    assert app.api("get", "me/").status_code == 401
    assert app.auth("get", "auth/session").status_code == 410


def test_password_reset_by_code(headless: NewClient, verified_user: User) -> None:
    client = headless()
    email = verified_user.email

    response = client.auth("post", "auth/password/request", {"email": email})
    assert response.status_code == 401
    assert "password_reset_by_code" in pending_flows(response)
    code = mailed_code(email)

    wrong = client.auth("get", "auth/password/reset", HTTP_X_PASSWORD_RESET_KEY="BBBB-CCCC")
    assert wrong.status_code == 400
    info = client.auth("get", "auth/password/reset", HTTP_X_PASSWORD_RESET_KEY=code)
    assert info.status_code == 200
    assert info.json()["data"]["user"]["id"] == verified_user.pk
    new_password = "a brand new passphrase"
    reset = client.auth("post", "auth/password/reset", {"key": code, "password": new_password})
    assert reset.status_code == 200  # a new password by code signs the player in
    assert _me(client)["id"] == verified_user.pk
    notice = mail.outbox[-1]  # and the owner is told, with the way back should it not be them
    assert (notice.to, notice.subject) == ([email], "[Snapszer Klub] Új jelszót állítottál be")

    assert headless().log_in(email, PASSWORD).status_code == 400
    fresh = headless()
    assert fresh.log_in(email, new_password).status_code == 200
    assert _me(fresh)["id"] == verified_user.pk


def test_password_reset_without_a_pending_request_is_a_conflict(headless: NewClient) -> None:
    response = headless().auth(
        "post", "auth/password/reset", {"key": "BBBB-CCCC", "password": "a brand new passphrase"}
    )

    assert response.status_code == 409
