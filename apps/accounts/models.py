from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.db import models

from apps.common.languages import club_language

from .names import display_name_skeleton

GUEST_DISPLAY_NAME = "Vendég"  # "guest": a guest's name until it chooses one
_WORDS = {
    "hu": {"deleted": "Törölt játékos", "guest": GUEST_DISPLAY_NAME},
    "en": {"deleted": "Deleted player", "guest": "Guest"},
}


def _word(name: str) -> str:
    return _WORDS[club_language()][name]


class User(AbstractUser):
    """A player (or staff). Guests have no e-mail and may only play the computer."""

    display_name = models.CharField(max_length=40, blank=True)
    # What the display name looks like (names.py), kept in step by ``save``: the look-up of a
    # player whose name looks like a new one (``services.display_name_clean``).
    display_name_skeleton = models.CharField(max_length=200, blank=True, editable=False)
    avatar_url = models.URLField(max_length=500, blank=True)
    is_guest = models.BooleanField(default=False)
    # The language the player chose ("hu", "en"; "" none yet): the API's problems answer in it
    # (apps/common/languages.py), whatever the device's Accept-Language. Set when a signed-in
    # player picks a language in the web client (apps/web/views.py set_language).
    language = models.CharField(
        max_length=8, blank=True, default="", choices=[("hu", "Magyar"), ("en", "English")]
    )

    # When the player deleted the account (services.account_delete): the name, the address
    # and the password are gone; the row stays, for the matches it played.
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta(AbstractUser.Meta):
        indexes = [
            # players only: guests play the computer, nobody sees their names
            models.Index(
                fields=["display_name_skeleton"],
                condition=models.Q(is_guest=False),
                name="user_player_name_skeleton",
            )
        ]

    @property
    def public_name(self) -> str:
        """The name others see, in the active language where it is the club's word: a deleted
        player's ("Törölt játékos"), a guest's that chose none ("Vendég")."""
        if self.deleted_at is not None:
            return _word("deleted")
        if self.is_guest and self.display_name == GUEST_DISPLAY_NAME:
            return _word("guest")
        return self.display_name or self.username

    def save(self, *args: Any, **kwargs: Any) -> None:
        skeleton = display_name_skeleton(self.display_name) if self.display_name else ""
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "display_name_skeleton"}
        self.display_name_skeleton = skeleton
        super().save(*args, **kwargs)
