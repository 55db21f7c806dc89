from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.forms import BaseForm
from django.http import HttpRequest

from apps.common.addresses import client_address

from .models import User
from .services import default_display_name


class AccountAdapter(DefaultAccountAdapter):
    """Sign-ups through allauth create full (non-guest) players with a display name.

    The name is generated rather than taken from the e-mail address: opponents see it, and the
    address is private. Players choose their own with ``PATCH /api/v1/me/``.

    allauth's rate limits count per the club's client address.
    """

    def save_user(
        self, request: HttpRequest, user: AbstractBaseUser, form: BaseForm, commit: bool = True
    ) -> AbstractBaseUser:
        player = super().save_user(request, user, form, commit=False)
        assert isinstance(player, User)
        player.is_guest = False
        if not player.display_name:
            player.display_name = default_display_name()
        if commit:
            player.save()
        return player

    def get_client_ip(self, request: HttpRequest) -> str:
        """The address every allauth rate limit counts by (apps/common/addresses.py), rather
        than allauth's own reading of X-Forwarded-For (``ALLAUTH_TRUSTED_PROXY_COUNT``, unset).
        allauth cuts an IPv6 one to its /64 itself."""
        address = client_address(request)
        if not address:
            raise PermissionDenied("Unable to determine client IP address")
        return address
