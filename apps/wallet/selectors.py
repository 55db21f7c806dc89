"""Wallet reads: balances and a player's ledger history."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import Account, LedgerEntry


def balance_of(user_id: int) -> int:
    """The player's coins (0 if they have no wallet yet, e.g. a guest)."""
    balance = (
        Account.objects.filter(kind=Account.Kind.PLAYER, user_id=user_id)
        .values_list("balance", flat=True)
        .first()
    )
    return balance or 0


def ledger_of(user_id: int) -> QuerySet[LedgerEntry]:
    """The entries of the player's account, newest first (with their transfers)."""
    return (
        LedgerEntry.objects.filter(account__kind=Account.Kind.PLAYER, account__user_id=user_id)
        .select_related("transfer")
        .order_by("-pk")
    )
