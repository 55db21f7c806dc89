"""Every player who signs up (allauth's ``user_signed_up``) gets a wallet and the sign-up grant.

Players who existed before the wallet, or whose sign-up missed this signal, get theirs lazily:
``wallet_open`` is called by every wallet read and stake (it is idempotent).
"""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.dispatch import receiver

from apps.accounts.models import User

from .services import wallet_open


@receiver(user_signed_up, dispatch_uid="wallet_open_on_sign_up")
def open_wallet_on_sign_up(sender: Any, request: Any, user: User, **kwargs: Any) -> None:
    if not user.is_guest:
        wallet_open(user=user)
