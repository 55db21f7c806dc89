"""The coin ledger (docs/wallet.md): accounts, transfers and their balanced entries.

- ``Account``: one per registered player, one escrow per staked match, and one club account
  (where coins come from: its balance is the negative of all coins in circulation).
  ``balance`` is a projection of the account's entries, kept by the services under a row lock;
  a CHECK constraint refuses a negative balance on every account but the club's.
- ``Transfer``: one movement of coins (a kind, maybe a match, an admin and a reason). Its
  ``LedgerEntry`` rows sum to zero (PostgreSQL checks it at commit: migration 0002).
  ``UNIQUE(match_id, kind)`` for stakes, payouts and refunds, and at most one settlement
  (payout or refund) per match.
- Transfers and entries are append-only: on PostgreSQL a trigger refuses UPDATE and DELETE.

Matches are referenced by their UUID (``match_id``), not by a foreign key: the match services
call the wallet inside their own transactions, and the ledger outlives any match row.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Account(models.Model):
    class Kind(models.TextChoices):
        PLAYER = "player"
        ESCROW = "escrow", "match escrow"
        CLUB = "club"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="wallet",
    )
    match_id = models.UUIDField(null=True, blank=True, help_text="escrow accounts: the match")
    balance = models.BigIntegerField(default=0, help_text="coins; the sum of the entries")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(balance__gte=0) | Q(kind="club"), name="wallet_balance_not_negative"
            ),
            models.CheckConstraint(
                condition=(
                    Q(kind="player", user__isnull=False, match_id__isnull=True)
                    | Q(kind="escrow", user__isnull=True, match_id__isnull=False)
                    | Q(kind="club", user__isnull=True, match_id__isnull=True)
                ),
                name="wallet_account_owner_matches_kind",
            ),
            models.UniqueConstraint(
                fields=["match_id"], condition=Q(kind="escrow"), name="wallet_one_escrow_per_match"
            ),
            models.UniqueConstraint(
                fields=["kind"], condition=Q(kind="club"), name="wallet_one_club_account"
            ),
        ]

    def __str__(self) -> str:
        if self.kind == self.Kind.PLAYER:
            return f"wallet of {self.user}"
        if self.kind == self.Kind.ESCROW:
            return f"escrow of match {self.match_id}"
        return "the club"


class Transfer(models.Model):
    class Kind(models.TextChoices):
        SIGNUP_GRANT = "signup_grant", "sign-up grant"
        GRANT = "grant", "admin grant"
        STAKE = "stake", "stakes held"
        PAYOUT = "payout", "payout to the winner"
        REFUND = "refund", "stakes refunded"

    # The kinds that happen at most once per match.
    MATCH_KINDS = (Kind.STAKE, Kind.PAYOUT, Kind.REFUND)
    SETTLEMENT_KINDS = (Kind.PAYOUT, Kind.REFUND)

    kind = models.CharField(max_length=20, choices=Kind.choices)
    match_id = models.UUIDField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="admin grants: who granted",
    )
    reason = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["match_id", "kind"],
                condition=Q(kind__in=["stake", "payout", "refund"]),
                name="wallet_match_transfer_once",
            ),
            models.UniqueConstraint(
                fields=["match_id"],
                condition=Q(kind__in=["payout", "refund"]),
                name="wallet_match_settled_once",
            ),
            models.CheckConstraint(
                condition=Q(match_id__isnull=False) | ~Q(kind__in=["stake", "payout", "refund"]),
                name="wallet_match_transfer_has_match",
            ),
        ]
        permissions = [("grant_coins", "Can grant coins from the club to a player")]

    def __str__(self) -> str:
        suffix = f" (match {self.match_id})" if self.match_id else ""
        return f"#{self.pk} {self.get_kind_display()}{suffix}"


class LedgerEntry(models.Model):
    transfer = models.ForeignKey(Transfer, on_delete=models.PROTECT, related_name="entries")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="entries")
    amount = models.BigIntegerField(help_text="coins in (positive) or out (negative)")
    balance_after = models.BigIntegerField(help_text="the account's balance after this entry")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "ledger entries"
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="wallet_entry_not_zero"),
            models.UniqueConstraint(
                fields=["transfer", "account"], name="wallet_one_entry_per_account"
            ),
        ]
        indexes = [models.Index(fields=["account", "-id"], name="wallet_entry_account_newest")]

    def __str__(self) -> str:
        return f"{self.amount:+d} on {self.account} ({self.transfer})"
