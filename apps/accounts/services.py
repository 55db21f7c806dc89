"""Account services: guests, profiles and the display names they choose."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from allauth.account.models import EmailAddress
from django.contrib.auth import login
from django.db import connection, transaction
from django.http import HttpRequest
from django.utils import timezone

from apps.common.errors import Forbidden
from apps.common.languages import club_language
from apps.common.mails import compose, fill

from .mail_texts import ACCOUNT_DELETED
from .models import GUEST_DISPLAY_NAME, User
from .names import DisplayNameRefused, display_name_check, display_name_skeleton
from .signals import account_closing, became_member

PLAYER_DISPLAY_NAME = "Játékos"  # "player"
# The numbers a new player's name is drawn from, one try each: a taken one draws again, from a
# wider range after a few (``default_display_name``).
_DEFAULT_NUMBER_RANGES = ((1000, 9999),) * 4 + ((100_000, 999_999),) * 4 + ((10**8, 10**9 - 1),)


def display_name_taken(name: str, *, user: User | None = None) -> bool:
    """Whether a player other than ``user`` has a name that looks like ``name`` (the same
    skeleton, names.py). Guests' names count for nobody: they play the computer only."""
    others = User.objects.filter(is_guest=False, display_name_skeleton=display_name_skeleton(name))
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    return others.exists()


def _name_lock(name: str) -> None:
    """Until the transaction ends, nobody else takes a name that looks like ``name``: two
    players choosing look-alike names at once are checked one after the other. (SQLite, in
    embedded mode, runs one writing transaction at a time anyway.)"""
    if connection.vendor != "postgresql":
        return
    digest = hashlib.blake2b(f"display_name:{display_name_skeleton(name)}".encode(), digest_size=8)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest.digest(), signed=True)]
        )


def display_name_clean(raw: str, *, user: User) -> str:
    """``raw`` as the display name ``user`` may take: normalised and allowed (names.py), and
    no other player's name looks like it; ``DisplayNameRefused`` otherwise. Call it in the
    transaction that saves the name (its lock holds until then). Every way of setting a name
    goes through here: guests, ``PATCH /api/v1/me/``, the admin."""
    name = display_name_check(raw, staff=user.is_staff)
    _name_lock(name)
    if display_name_taken(name, user=user):
        raise DisplayNameRefused(
            "another player's name is this one or looks like it; choose another",
            code="display_name_taken",
        )
    return name


def default_display_name() -> str:
    """A new player's name until they choose one, e.g. ``Játékos 4821``: one no player has."""
    for low, high in _DEFAULT_NUMBER_RANGES:
        name = f"{PLAYER_DISPLAY_NAME} {low + secrets.randbelow(high - low + 1)}"
        if not display_name_taken(name):
            break
    return name


@transaction.atomic
def guest_create(*, request: HttpRequest, display_name: str = "") -> tuple[User, str]:
    """A new guest identity, logged in on a fresh session; returns (user, session token).

    The token is the allauth session token: apps send it as ``X-Session-Token``; browsers also
    get the session cookie.
    """
    suffix = secrets.token_hex(8)
    user = User(username=f"guest-{suffix}", is_guest=True, display_name=GUEST_DISPLAY_NAME)
    if display_name:
        user.display_name = display_name_clean(display_name, user=user)
    user.set_unusable_password()
    user.save()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.save()
    token = request.session.session_key
    assert token is not None
    return user, token


@transaction.atomic
def profile_update(
    *,
    user: User,
    display_name: str | None,
    avatar_url: str | None,
    language: str | None = None,
) -> User:
    fields = []
    if language is not None:
        user.language = language
        fields.append("language")
    if display_name is not None:
        user.display_name = display_name_clean(display_name, user=user)
        fields.append("display_name")
    if avatar_url is not None:
        user.avatar_url = avatar_url
        fields.append("avatar_url")
    if fields:
        user.save(update_fields=fields)
    return user


@transaction.atomic
def guest_becomes_member(*, user: User) -> None:
    """A guest who signed up (``guests.py``) and verified its address is a member from now on:
    everything it played is already its own. Its name stays if it chose one no member has;
    otherwise it gets a new player's (``default_display_name``). ``became_member`` tells the
    apps above (the wallet opens with the sign-up grant)."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if not user.is_guest:
        return
    user.is_guest = False
    name = user.display_name
    if name and name != GUEST_DISPLAY_NAME:
        _name_lock(name)
    if not name or name == GUEST_DISPLAY_NAME or display_name_taken(name, user=user):
        user.display_name = default_display_name()
    user.save(update_fields=["is_guest", "display_name"])
    became_member.send(sender=User, user=user)


def account_delete(*, user: User, password: str, now: datetime | None = None) -> None:
    """A member deletes its own account (docs/api.md, "Accounts that recover"). The row stays, so
    that the event log and the other players' results keep its matches; what names or reaches
    the person goes: its name, e-mail addresses, avatar and password. Before that, in the same
    transaction, the apps above take it from every table, queue and list (``account_closing``):
    its online matches end as its technical loss, its matches against Kati end, its blocks go.
    Its sessions end on every process (the password is gone; ``account_changed`` through
    ``post_save``). The old address is told, in the player's language, after the commit."""
    if user.is_guest:
        raise Forbidden("only a member has an account to delete", code="registration_required")
    if not user.check_password(password):
        raise Forbidden("the password is not right", code="password_incorrect")
    now = now or timezone.now()
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        address, language = user.email, club_language(user.language)
        account_closing.send(sender=User, user_id=user.pk, now=now)
        EmailAddress.objects.filter(user=user).delete()
        user.username = f"deleted-{user.pk}"
        user.email = user.first_name = user.last_name = ""
        user.display_name = user.avatar_url = ""
        user.is_active = False
        user.set_unusable_password()
        user.deleted_at = now
        user.save()
        if address:
            letter = fill(ACCOUNT_DELETED, language, {"email": address})
            transaction.on_commit(lambda: compose(letter, [address]).send(), robust=True)
