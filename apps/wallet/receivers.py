"""Every player who signs up (allauth's ``user_signed_up``) gets a wallet and the sign-up grant;
a guest who signed up gets it once its address is verified (``became_member``).

Players who existed before the wallet, or whose sign-up missed this signal, get theirs lazily:
``wallet_open`` is called by every wallet read and stake (it is idempotent).
"""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.dispatch import receiver

from apps.accounts.models import User
from apps.accounts.signals import became_member

from .services import wallet_open


@receiver(user_signed_up, dispatch_uid="wallet_open_on_sign_up")
def open_wallet_on_sign_up(sender: Any, request: Any, user: User, **kwargs: Any) -> None:
    if not user.is_guest:
        wallet_open(user=user)


@receiver(became_member, dispatch_uid="wallet_open_on_guest_became_member")
def open_wallet_on_becoming_member(sender: Any, user: User, **kwargs: Any) -> None:
    wallet_open(user=user)
