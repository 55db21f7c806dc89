"""Account services: guests and profiles."""

from __future__ import annotations

import secrets

from django.contrib.auth import login
from django.db import transaction
from django.http import HttpRequest

from .models import User

GUEST_DISPLAY_NAME = "Vendég"  # "guest"
PLAYER_DISPLAY_NAME = "Játékos"  # "player"


def default_display_name() -> str:
    """A new player's name until they choose one, e.g. ``Játékos 4821``."""
    return f"{PLAYER_DISPLAY_NAME} {secrets.randbelow(9000) + 1000}"


@transaction.atomic
def guest_create(*, request: HttpRequest, display_name: str = "") -> tuple[User, str]:
    """A new guest identity, logged in on a fresh session; returns (user, session token).

    The token is the allauth session token: apps send it as ``X-Session-Token``; browsers also
    get the session cookie.
    """
    suffix = secrets.token_hex(8)
    user = User(
        username=f"guest-{suffix}", is_guest=True, display_name=display_name or GUEST_DISPLAY_NAME
    )
    user.set_unusable_password()
    user.save()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.save()
    token = request.session.session_key
    assert token is not None
    return user, token


def profile_update(*, user: User, display_name: str | None, avatar_url: str | None) -> User:
    fields = []
    if display_name is not None:
        user.display_name = display_name
        fields.append("display_name")
    if avatar_url is not None:
        user.avatar_url = avatar_url
        fields.append("avatar_url")
    if fields:
        user.save(update_fields=fields)
    return user
