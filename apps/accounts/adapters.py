from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import EmailMessage
from django.forms import BaseForm
from django.http import HttpRequest

from apps.common.addresses import client_address
from apps.common.languages import club_language
from apps.common.mails import compose, fill

from . import logins
from .guests import FORMER_GUEST, signed_in_guest
from .mail_texts import LETTERS
from .models import User
from .services import default_display_name


def _setting_of(user: object, address: str) -> str | None:
    """The language setting of the mail's recipient: the user the mail is about, else the
    account the address belongs to (none for an unknown address)."""
    if not isinstance(user, User):
        user = User.objects.filter(email__iexact=address).only("language").first()
    return user.language if user is not None else None


class AccountAdapter(DefaultAccountAdapter):
    """Sign-ups through allauth create full (non-guest) players with a display name.

    The name is generated rather than taken from the e-mail address: opponents see it, and the
    address is private. Players choose their own with ``PATCH /api/v1/me/``.

    A guest who signs up *becomes* the new player (``guests.py``): its own row takes the
    address and password, and stays a guest until the address is verified. A guest who logs in
    to another account is remembered in the new session (``login``).

    allauth's rate limits count per the club's client address, and failed logins per account
    *and* address (``logins``).
    """

    def new_user(self, request: HttpRequest) -> AbstractBaseUser:
        return signed_in_guest(request) or super().new_user(request)

    def save_user(
        self, request: HttpRequest, user: AbstractBaseUser, form: BaseForm, commit: bool = True
    ) -> AbstractBaseUser:
        assert isinstance(user, User)
        guest = user.pk is not None and user.is_guest
        if guest:
            user.username = ""  # drawn anew from the address, as every player's is
        player = super().save_user(request, user, form, commit=False)
        assert isinstance(player, User)
        if not guest:
            player.is_guest = False
            if not player.display_name:
                player.display_name = default_display_name()
        if commit:
            player.save()
            if guest and str(request.session.get(SESSION_KEY)) == str(player.pk):
                # the new password would end the guest's session, and the sign-up with it
                request.session[HASH_SESSION_KEY] = player.get_session_auth_hash()
        return player

    def login(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        guest = signed_in_guest(request)
        super().login(request, user)
        if guest is not None and guest.pk != user.pk:
            request.session[FORMER_GUEST] = guest.pk

    def render_mail(
        self,
        template_prefix: str,
        email: str | list[str],
        context: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> EmailMessage:
        """allauth's account mails in the club's words (``mail_texts``), in the recipient's
        language (their setting, else the request's), as text and HTML."""
        letters = LETTERS.get(template_prefix)
        if letters is None:  # a mail the club's settings never send
            return super().render_mail(template_prefix, email, context, headers)
        to = [email] if isinstance(email, str) else email
        language = club_language(_setting_of(context.get("user"), to[0]))
        return compose(fill(letters, language, context), to)

    def get_client_ip(self, request: HttpRequest) -> str:
        """The address every allauth rate limit counts by (apps/common/addresses.py), rather
        than allauth's own reading of X-Forwarded-For (``ALLAUTH_TRUSTED_PROXY_COUNT``, unset).
        allauth cuts an IPv6 one to its /64 itself."""
        address = client_address(request)
        if not address:
            raise PermissionDenied("Unable to determine client IP address")
        return address

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        # allauth counts failed logins under this key, and clears it on a password reset (then
        # for the address that reset it); it is the account, and here the address too
        account = super()._get_login_attempts_cache_key(request, **credentials)
        return logins.failures_key(account, request)

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        """Counts the attempt (allauth takes it back if the password was right); over a limit,
        the answer is 429 with ``Retry-After`` rather than allauth's 400."""
        try:
            super().pre_authenticate(request, **credentials)
        except ValidationError as refused:
            if refused.code != logins.REFUSED:
                raise
            key = self._get_login_attempts_cache_key(request, **credentials)
            raise ImmediateHttpResponse(logins.too_many(request, refused, key=key)) from None
