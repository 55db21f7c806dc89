from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter


class AccountAdapter(DefaultAccountAdapter):
    """Sign-ups through allauth create full (non-guest) players with a generated username."""

    def populate_username(self, request, user) -> None:  # type: ignore[no-untyped-def]
        super().populate_username(request, user)
        if not user.display_name and user.email:
            user.display_name = user.email.split("@")[0][:40]
