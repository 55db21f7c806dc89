"""The ranking app's reactions to moderation (``apps/moderation/signals.py``) and to an account's
end (``apps/accounts/signals.py``): a player barred from online play, or deleting its account,
leaves the matchmaking queue at once."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.dispatch import receiver

from apps.accounts.signals import account_closing
from apps.moderation.signals import online_play_barred

from .matchmaking import tickets_withdraw


@receiver(online_play_barred, dispatch_uid="ranking.tickets_withdraw")
@receiver(account_closing, dispatch_uid="ranking.tickets_withdraw_closing")
def tickets_withdraw_barred(sender: Any, *, user_id: int, now: datetime, **_: Any) -> None:
    tickets_withdraw(user_id=user_id, now=now)
