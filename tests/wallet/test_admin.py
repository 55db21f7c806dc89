"""The wallet in the admin: accounts and transfers can be looked at, never edited; "Grant
coins…" (one account's page, or the action on many) goes through ``coins_grant``, which records
the admin and the reason; only administrators with the permission may grant."""

from __future__ import annotations

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from apps.accounts.models import User
from apps.wallet.models import Account, Transfer
from apps.wallet.selectors import balance_of
from apps.wallet.services import wallet_open
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

GRANT = 1000
CHANGELIST = "/admin/wallet/account/"


def _browser(user: User) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


@pytest.fixture
def admin_user() -> User:
    return UserFactory(username="root", is_staff=True, is_superuser=True)


def _account(user: User | None = None) -> Account:
    return wallet_open(user=user or UserFactory())


def test_an_admin_grants_coins_on_an_accounts_page(admin_user: User) -> None:
    account = _account()
    browser = _browser(admin_user)
    page = browser.get(reverse("admin:wallet_account_change", args=[account.pk]))
    assert page.status_code == 200
    grant_url = reverse("admin:wallet_account_grant", args=[account.pk])
    assert grant_url in page.content.decode()
    assert browser.get(grant_url).status_code == 200
    response = browser.post(grant_url, {"amount": "250", "reason": "tournament prize"})
    assert response.status_code == 302
    assert balance_of(account.user_id) == GRANT + 250
    [transfer] = Transfer.objects.filter(kind="grant")
    assert (transfer.created_by, transfer.reason) == (admin_user, "tournament prize")
    assert LogEntry.objects.filter(object_id=str(account.pk), user=admin_user).exists()


@pytest.mark.parametrize(
    ("form", "error"),
    [
        ({"amount": "0", "reason": "x"}, "greater than or equal to 1"),
        ({"amount": "10", "reason": ""}, "This field is required"),
        ({"amount": "99999999", "reason": "x"}, "less than or equal to"),
    ],
)
def test_a_grant_needs_a_positive_amount_and_a_reason(
    admin_user: User, form: dict, error: str
) -> None:
    account = _account()
    response = _browser(admin_user).post(
        reverse("admin:wallet_account_grant", args=[account.pk]), form
    )
    assert response.status_code == 200
    assert error in response.content.decode()
    assert balance_of(account.user_id) == GRANT


def test_the_grant_action_grants_each_selected_player(admin_user: User) -> None:
    accounts = [_account() for _ in range(3)]
    selected = [str(a.pk) for a in accounts[:2]]
    browser = _browser(admin_user)
    page = browser.post(CHANGELIST, {"action": "grant_selected", "_selected_action": selected})
    assert page.status_code == 200
    assert "Grant coins from the club" in page.content.decode()
    done = browser.post(
        CHANGELIST,
        {
            "action": "grant_selected",
            "_selected_action": selected,
            "apply": "1",
            "amount": "40",
            "reason": "server outage",
        },
        follow=True,
    )
    assert "Granted to" in done.content.decode()
    assert [balance_of(a.user_id) for a in accounts] == [GRANT + 40, GRANT + 40, GRANT]
    assert Transfer.objects.filter(kind="grant", reason="server outage").count() == 2


def test_accounts_and_transfers_are_read_only(admin_user: User) -> None:
    account = _account()
    transfer = Transfer.objects.get(kind="signup_grant")
    browser = _browser(admin_user)
    for url in (
        CHANGELIST,
        reverse("admin:wallet_account_change", args=[account.pk]),
        reverse("admin:wallet_transfer_changelist"),
        reverse("admin:wallet_transfer_change", args=[transfer.pk]),
    ):
        assert browser.get(url).status_code == 200
    assert browser.get(reverse("admin:wallet_account_add")).status_code == 403
    edit = browser.post(
        reverse("admin:wallet_account_change", args=[account.pk]),
        {"kind": "player", "user": account.user_id, "balance": "999999"},
    )
    assert edit.status_code == 403
    delete = browser.post(
        reverse("admin:wallet_account_delete", args=[account.pk]), {"post": "yes"}
    )
    assert delete.status_code == 403
    account.refresh_from_db()
    assert account.balance == GRANT
    assert (
        'name="balance"'
        not in browser.get(
            reverse("admin:wallet_account_change", args=[account.pk])
        ).content.decode()
    )


def test_only_administrators_with_the_permission_may_grant() -> None:
    account = _account()
    staff = UserFactory(is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_account"))
    browser = _browser(staff)
    assert browser.get(CHANGELIST).status_code == 200
    grant_url = reverse("admin:wallet_account_grant", args=[account.pk])
    assert browser.post(grant_url, {"amount": "5", "reason": "x"}).status_code == 403
    assert balance_of(account.user_id) == GRANT
    staff.user_permissions.add(Permission.objects.get(codename="grant_coins"))
    response = _browser(User.objects.get(pk=staff.pk)).post(
        grant_url, {"amount": "5", "reason": "x"}
    )
    assert response.status_code == 302
    assert balance_of(account.user_id) == GRANT + 5
    player = _browser(UserFactory())
    assert player.get(grant_url).status_code == 302  # to the admin login
