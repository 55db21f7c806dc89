"""A guest's verified address makes it a member (``services.guest_becomes_member``)."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from allauth.account.signals import email_confirmed
from django.dispatch import receiver

from .models import User
from .services import guest_becomes_member


@receiver(email_confirmed, dispatch_uid="guest_becomes_member_on_email_confirmed")
def member_on_email_confirmed(sender: Any, email_address: EmailAddress, **kwargs: Any) -> None:
    user = email_address.user
    if isinstance(user, User) and user.is_guest:
        guest_becomes_member(user=user)
