"""A sign-up that was never finished: the address was given, the mailed code never typed (the
tab was closed, the mail lost). Signing up again with the same address and password takes the
player back to the code (a new one is mailed), as logging in does; allauth alone would answer
as if to a stranger ("this address has an account", enumeration prevention) and leave the
player stranded.

Nobody learns more than before: the answer is a sign-up's, "a code was mailed", whatever the
address and password; the new code goes only to the address, whose owner could set a new
password with a mailed code anyway. A wrong password gets allauth's mail about the existing
account, which leads to the forgotten-password page.
"""

from __future__ import annotations

from typing import Any

from allauth.account.internal.flows.login import perform_login
from allauth.account.models import EmailAddress, Login
from django.contrib.auth.hashers import make_password
from django.http import HttpRequest, HttpResponse

from .models import User


def unfinished_signup(signup: Any) -> User | None:
    """The account a validated sign-up form repeats: its address is taken by an account that
    never confirmed any address, and its password is that account's. The password is hashed
    once whatever the case, so the answer's time does not tell which it is."""
    if not getattr(signup, "account_already_exists", False):
        return None
    email = signup.cleaned_data.get("email") or ""
    password = signup.cleaned_data.get("password") or ""
    address = (
        EmailAddress.objects.filter(email__iexact=email, verified=False)
        .select_related("user")
        .first()
    )
    user = address.user if address is not None else None
    if (
        not isinstance(user, User)
        or not user.is_active
        or EmailAddress.objects.filter(user=user, verified=True).exists()
    ):
        make_password(password)
        return None
    return user if user.check_password(password) else None


def signup_resume(request: HttpRequest, user: User, email: str) -> HttpResponse:
    """Back to the code: a new one is mailed, the session waits for it, as after a sign-up."""
    return perform_login(request, Login(user=user, email=email, signup=True))
