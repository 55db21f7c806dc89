"""Does the ledger balance? The wallet's half of ``manage.py verify_store`` (the matches' half,
``apps/matches/integrity.py``, checks each escrow against its match).

Each problem is one line an operator can act on; none means the ledger is sound:

- every account's ``balance`` is the sum of its entries, and its newest entry's
  ``balance_after`` is that balance;
- every transfer has entries and they sum to zero;
- all balances together are zero (the club's negative balance is every coin it gave out).
"""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

from django.db.models import Count, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce

from .models import Account, LedgerEntry, Transfer


def ledger_problems() -> Iterator[str]:
    """The ledger's problems, one line each (none: it balances)."""
    newest = LedgerEntry.objects.filter(account=OuterRef("pk")).order_by("-pk")
    accounts = Account.objects.annotate(
        entries_sum=Coalesce(Sum("entries__amount"), 0),
        newest_after=Subquery(newest.values("balance_after")[:1]),
    ).order_by("pk")
    total = 0
    for account in accounts.iterator():
        total += account.balance
        if account.balance != account.entries_sum:
            yield (
                f"wallet: {account} (account {account.pk}) has a balance of {account.balance} "
                f"but its entries sum to {account.entries_sum}"
            )
        elif account.newest_after is not None and account.newest_after != account.balance:
            yield (
                f"wallet: {account} (account {account.pk}) has a balance of {account.balance} "
                f"but its newest entry says {account.newest_after}"
            )
    transfers = (
        Transfer.objects.annotate(
            entries_sum=Coalesce(Sum("entries__amount"), 0), entry_count=Count("entries")
        )
        .exclude(entries_sum=0, entry_count__gt=0)
        .order_by("pk")
    )
    for transfer in transfers.iterator():
        if transfer.entry_count == 0:
            yield f"wallet: transfer {transfer} has no entries"
        else:
            yield (
                f"wallet: transfer {transfer} does not balance: "
                f"its entries sum to {transfer.entries_sum}"
            )
    if total != 0:
        yield f"wallet: all balances sum to {total}, not 0 (coins made or lost outside a transfer)"


def escrows_holding(match_ids: list[UUID] | None = None) -> dict[UUID, int]:
    """The escrows that hold coins: match id → coins held (of ``match_ids`` only if given)."""
    escrows = Account.objects.filter(kind=Account.Kind.ESCROW).exclude(balance=0)
    if match_ids is not None:
        escrows = escrows.filter(match_id__in=match_ids)
    return {
        match_id: balance
        for match_id, balance in escrows.values_list("match_id", "balance")
        if match_id is not None  # an escrow always has its match
    }
