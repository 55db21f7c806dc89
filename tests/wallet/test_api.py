"""The wallet API: your balance and your ledger history (never anyone else's), as documented in
the OpenAPI schema; a sign-up opens the wallet with the grant; guests have no wallet."""

from __future__ import annotations

import uuid

import pytest
from django.core import mail
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.wallet.services import coins_grant, match_settle, stakes_hold
from tests.conftest import MakePlayer
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

WALLET, LEDGER = "/api/v1/wallet/", "/api/v1/wallet/ledger/"
GRANT = 1000


def test_a_new_player_sees_the_sign_up_grant(make_player: MakePlayer, check) -> None:
    player = make_player()
    assert check(player.client.get(WALLET), WALLET) == {"balance": GRANT}
    page = check(player.client.get(LEDGER), LEDGER)
    assert page["count"] == 1
    [entry] = page["results"]
    assert entry["amount"] == GRANT and entry["balance_after"] == GRANT
    assert (entry["kind"], entry["match_id"]) == ("signup_grant", None)
    # Asking again grants nothing more.
    assert player.client.get(WALLET).json() == {"balance": GRANT}


def test_the_history_is_newest_first_with_matches_and_running_balances(
    make_player: MakePlayer, check
) -> None:
    me, rival = make_player(), make_player()
    won, void = uuid.uuid4(), uuid.uuid4()
    stakes_hold(match_id=won, user_ids=[me.user.pk, rival.user.pk], stake=100)
    match_settle(match_id=won, shares={me.user.pk: 1})
    stakes_hold(match_id=void, user_ids=[rival.user.pk, me.user.pk], stake=50)
    match_settle(match_id=void, shares={})
    admin = UserFactory(is_staff=True, is_superuser=True)
    coins_grant(admin=admin, user=me.user, amount=7, reason="bug bounty")

    page = check(me.client.get(LEDGER), LEDGER)
    rows = [(e["kind"], e["amount"], e["match_id"], e["balance_after"]) for e in page["results"]]
    assert rows == [
        ("grant", 7, None, 1107),
        ("refund", 50, str(void), 1100),
        ("stake", -50, str(void), 1050),
        ("payout", 200, str(won), 1100),
        ("stake", -100, str(won), 900),
        ("signup_grant", 1000, None, 1000),
    ]
    assert check(me.client.get(WALLET), WALLET) == {"balance": 1107}
    # The rival sees only their own entries.
    theirs = rival.client.get(LEDGER).json()["results"]
    assert [(e["kind"], e["amount"]) for e in theirs] == [
        ("refund", 50),
        ("stake", -50),
        ("stake", -100),
        ("signup_grant", 1000),
    ]
    assert rival.client.get(WALLET).json() == {"balance": 900}


def test_the_history_is_paginated(make_player: MakePlayer, check) -> None:
    me = make_player()
    admin = UserFactory(is_staff=True, is_superuser=True)
    for amount in range(1, 6):
        coins_grant(admin=admin, user=me.user, amount=amount, reason="x")
    first = check(me.client.get(LEDGER, {"limit": 2}), LEDGER)
    assert first["count"] == 6
    assert [e["amount"] for e in first["results"]] == [5, 4]
    second = me.client.get(first["next"]).json()
    assert [e["amount"] for e in second["results"]] == [3, 2]


def test_guests_have_no_wallet(make_player: MakePlayer, check) -> None:
    guest = make_player(guest=True)
    for path in (WALLET, LEDGER):
        body = check(guest.client.get(path), path)
        assert (body["status"], body["code"]) == (403, "guest_has_no_wallet")


def test_the_wallet_needs_authentication(anon: APIClient, check) -> None:
    for path in (WALLET, LEDGER):
        assert check(anon.get(path), path)["code"] == "not_authenticated"


def test_signing_up_opens_the_wallet_with_the_grant(anon: APIClient) -> None:
    response = anon.post(
        "/_allauth/app/v1/auth/signup",
        {"email": "neo@example.com", "password": "correct horse battery"},
        format="json",
    )
    assert response.status_code == 401  # the address is still to be verified
    assert mail.outbox
    user = User.objects.get(email="neo@example.com")
    assert user.wallet.balance == GRANT
    assert [e.transfer.kind for e in user.wallet.entries.all()] == ["signup_grant"]
