"""Failed logins are limited per client address and per (account, address): whoever guesses is
held back, the owner of the account never (docs/api.md, "Login limits").

Every test runs once as an app and once as a browser; each ``headless()`` client has an address
of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import time_machine
from allauth.account.models import EmailAddress

from apps.accounts.models import User
from tests.factories import UserFactory

from .conftest import Headless, unique_email

NewClient = Callable[[], Headless]

PER_ACCOUNT_AND_ADDRESS = 5  # in 5 minutes
PER_ADDRESS = 10  # in a minute, whatever the accounts


def _assert_too_many(response: Any) -> int:
    """A refused login: 429, allauth's error shape, and the seconds to wait."""
    assert response.status_code == 429, response.content
    body = response.json()
    assert body["status"] == 429
    assert [e["code"] for e in body["errors"]] == ["too_many_login_attempts"]
    retry_after = int(response["Retry-After"])
    assert retry_after > 0
    return retry_after


def _fail(client: Headless, email: str, times: int) -> list[int]:
    return [client.log_in(email, "not the password").status_code for _ in range(times)]


def test_a_third_partys_wrong_passwords_do_not_lock_the_owner_out(
    headless: NewClient, verified_user: User
) -> None:
    attacker, owner = headless(), headless()
    guesses = _fail(attacker, verified_user.email, PER_ACCOUNT_AND_ADDRESS + 3)

    response = owner.log_in(verified_user.email)

    assert response.status_code == 200, response.json()
    assert response.json()["meta"]["is_authenticated"] is True
    assert owner.api("get", "me/").json()["id"] == verified_user.pk
    assert guesses == [400] * PER_ACCOUNT_AND_ADDRESS + [429] * 3


def test_the_guessing_address_is_refused_with_retry_after_even_with_the_right_password(
    headless: NewClient, verified_user: User
) -> None:
    attacker = headless()
    _fail(attacker, verified_user.email, PER_ACCOUNT_AND_ADDRESS)

    response = attacker.log_in(verified_user.email)

    retry_after = _assert_too_many(response)
    assert retry_after <= 5 * 60
    assert attacker.api("get", "me/").status_code == 401
    # the wait is the one announced: after it, the right password works from there again
    now = time.time()
    with time_machine.travel(now + retry_after - 2):
        _assert_too_many(attacker.log_in(verified_user.email))
    with time_machine.travel(now + retry_after):
        assert attacker.log_in(verified_user.email).status_code == 200


def test_one_address_guessing_across_many_accounts_is_limited(headless: NewClient) -> None:
    sprayer = headless()
    accounts = [UserFactory(email=unique_email()) for _ in range(PER_ADDRESS + 1)]
    for user in accounts:
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    guesses = [_fail(sprayer, user.email, 1)[0] for user in accounts[:PER_ADDRESS]]

    last = accounts[-1]
    refused = sprayer.log_in(last.email)  # a fresh account, even with its right password

    assert guesses == [400] * PER_ADDRESS
    retry_after = _assert_too_many(refused)
    assert retry_after <= 60
    assert headless().log_in(last.email).status_code == 200  # its owner, elsewhere


def test_successful_logins_do_not_count(headless: NewClient, verified_user: User) -> None:
    client = headless()

    statuses = []
    for _ in range(PER_ACCOUNT_AND_ADDRESS + 2):
        statuses.append(client.log_in(verified_user.email).status_code)
        client.log_out()
        client.token = None  # an app forgets the token it logged out with

    assert statuses == [200] * (PER_ACCOUNT_AND_ADDRESS + 2)
