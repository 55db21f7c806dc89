from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player (or staff). Guests have no e-mail and may only play the computer."""

    display_name = models.CharField(max_length=40, blank=True)
    avatar_url = models.URLField(max_length=500, blank=True)
    is_guest = models.BooleanField(default=False)

    @property
    def public_name(self) -> str:
        return self.display_name or self.username
