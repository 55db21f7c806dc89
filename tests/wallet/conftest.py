"""Shared by the wallet tests: the ledger's invariants, checked straight from the tables."""

from __future__ import annotations

from django.db import connection

from apps.wallet.models import LedgerEntry

# One round trip (the property test checks this after every step): each column counts the
# violations of one invariant, except ``total``, the sum of all coins, which must be zero.
INVARIANTS = """
SELECT
  (SELECT count(*) FROM (SELECT transfer_id FROM wallet_ledgerentry
                         GROUP BY transfer_id HAVING sum(amount) <> 0) t) AS unbalanced,
  (SELECT coalesce(sum(balance), 0) FROM wallet_account) AS total,
  (SELECT count(*) FROM wallet_account WHERE balance < 0 AND kind <> 'club') AS negative,
  (SELECT count(*) FROM wallet_account a
     LEFT JOIN (SELECT account_id, sum(amount) AS s FROM wallet_ledgerentry
                GROUP BY account_id) e ON e.account_id = a.id
     WHERE a.balance <> coalesce(e.s, 0)) AS off_ledger,
  (SELECT count(*) FROM (SELECT match_id FROM wallet_transfer WHERE kind IN ('payout', 'refund')
                         GROUP BY match_id HAVING count(*) > 1) t) AS settled_twice,
  (SELECT count(*) FROM wallet_transfer t
     WHERE NOT EXISTS (SELECT 1 FROM wallet_ledgerentry e WHERE e.transfer_id = t.id)) AS empty
"""


def assert_ledger_invariants() -> None:
    """Every transfer balances (and has entries); all coins sum to zero (the club's negative
    balance is what it gave out); no account but the club's is negative; each balance is its
    ledger sum; each match is settled at most once."""
    with connection.cursor() as cursor:
        cursor.execute(INVARIANTS)
        columns = [c.name for c in cursor.description]
        found = dict(zip(columns, cursor.fetchone(), strict=True))
    assert found == {
        "unbalanced": 0,
        "total": 0,
        "negative": 0,
        "off_ledger": 0,
        "settled_twice": 0,
        "empty": 0,
    }


def assert_running_balances() -> None:
    """Each entry's ``balance_after`` is the running sum of its account's entries."""
    running: dict[int, int] = {}
    for account_id, amount, after in LedgerEntry.objects.order_by("pk").values_list(
        "account", "amount", "balance_after"
    ):
        running[account_id] = running.get(account_id, 0) + amount
        assert after == running[account_id]
