"""The club administrators' user page shows the player's coins as the ledger sums them."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.wallet.services import wallet_open
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_user_page_shows_the_ledger_balance() -> None:
    admin = UserFactory(is_staff=True, is_superuser=True)
    player = UserFactory()
    wallet_open(user=player)  # the 1,000-coin sign-up grant
    client = Client()
    client.force_login(admin)
    page = client.get(f"/admin/accounts/user/{player.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "coins" in text.lower() and "1,000" in text
