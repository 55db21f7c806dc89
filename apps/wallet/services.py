"""Wallet services: every movement of coins is one balanced ``Transfer`` in one transaction.

Locking: every service locks all the accounts a transfer touches with one
``SELECT … FOR UPDATE … ORDER BY id`` (``_lock``), so two transfers always take their locks in
the same order and cannot deadlock each other; balances are then read, checked and written
under those locks. The CHECK constraint on ``Account.balance`` is the last line of defence.

Idempotency (docs/wallet.md):
- ``wallet_open``: one account per player; the sign-up grant is made by the transaction that
  creates the account, so at most once.
- ``stakes_hold``: a second call for the same match is a no-op if it asks for the same players
  and stake, else ``409 stakes_already_held``. ``UNIQUE(match, kind)`` backs it.
- ``match_settle``: a second call (or a racing one) is a no-op if it names the same outcome,
  else ``409 match_already_settled``; at most one payout or refund per match in the database.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.common.errors import Conflict, Forbidden, NotFound, Problem

from .models import Account, LedgerEntry, Transfer


class InsufficientCoins(Conflict):
    """A player cannot pay a stake. The body names no balance and no player; the caller (the
    match or ranking service) finds who was short in ``user_ids``."""

    code = "insufficient_coins"
    title = "Not enough coins"

    def __init__(self, detail: str, *, user_ids: Sequence[int], **extra: Any) -> None:
        super().__init__(detail, **extra)
        self.user_ids = list(user_ids)


# --- accounts -------------------------------------------------------------------------------


def _account_insert(*, kind: str, user_id: int | None = None, match_id: Any = None) -> int | None:
    """``INSERT … ON CONFLICT DO NOTHING``: the new account's id, or None if it exists already
    (the unique constraints: one wallet per player, one escrow per match, one club). No
    savepoint needed, and a concurrent insert waits for the first one to commit or roll back."""
    table = Account._meta.db_table
    fields = {f.attname: f for f in Account._meta.concrete_fields}
    params = [
        kind,
        user_id,
        fields["match_id"].get_db_prep_value(
            fields["match_id"].to_python(match_id), connection, prepared=False
        ),
        fields["created_at"].get_db_prep_value(timezone.now(), connection, prepared=False),
    ]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (kind, user_id, match_id, balance, created_at) "
            "VALUES (%s, %s, %s, 0, %s) ON CONFLICT DO NOTHING RETURNING id",
            params,
        )
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def _club_account_id() -> int:
    """The club account, created on first use (there is exactly one)."""
    club = Account.objects.filter(kind=Account.Kind.CLUB).values_list("pk", flat=True).first()
    if club is None:
        club = (
            _account_insert(kind=Account.Kind.CLUB)
            or Account.objects.get(kind=Account.Kind.CLUB).pk
        )
    return club


def _escrow_account_id(match_id: uuid.UUID | str) -> int:
    return (
        _account_insert(kind=Account.Kind.ESCROW, match_id=match_id)
        or Account.objects.get(kind=Account.Kind.ESCROW, match_id=match_id).pk
    )


def _lock(account_ids: Iterable[int]) -> dict[int, Account]:
    """Lock the accounts in one statement, in id order (the fixed order: no deadlocks)."""
    ids = sorted(set(account_ids))
    locked = list(Account.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
    assert len(locked) == len(ids), "an account of the transfer does not exist"
    return {account.pk: account for account in locked}


def _balances_save(accounts: list[Account]) -> None:
    """One ``UPDATE … SET balance = CASE id …`` for the (locked) accounts of a transfer."""
    cases = " ".join("WHEN %s THEN %s" for _ in accounts)
    params: list[int] = []
    for account in accounts:
        params += [account.pk, account.balance]
    ids = ", ".join("%s" for _ in accounts)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Account._meta.db_table} SET balance = CASE id {cases} END "
            f"WHERE id IN ({ids})",
            [*params, *(a.pk for a in accounts)],
        )


def _post(
    *,
    kind: str,
    amounts: dict[int, int],
    accounts: dict[int, Account],
    match_id: uuid.UUID | str | None = None,
    created_by: User | None = None,
    reason: str = "",
) -> Transfer:
    """Write one balanced transfer: its entries and the new balances. The accounts must be
    locked by the caller (``_lock``) and ``amounts`` (account id → coins) must sum to zero."""
    assert sum(amounts.values()) == 0, "a transfer must balance"
    assert all(amounts.values()), "no empty entries"
    transfer = Transfer.objects.create(
        kind=kind, match_id=match_id, created_by=created_by, reason=reason
    )
    entries, changed = [], []
    for account_id in sorted(amounts):
        account = accounts[account_id]
        account.balance += amounts[account_id]
        if account.balance < 0 and account.kind != Account.Kind.CLUB:
            raise AssertionError("the caller must check balances before posting")
        changed.append(account)
        entries.append(
            LedgerEntry(
                transfer=transfer,
                account=account,
                amount=amounts[account_id],
                balance_after=account.balance,
            )
        )
    _balances_save(changed)
    LedgerEntry.objects.bulk_create(entries)
    return transfer


def _refuse_guests(user: User) -> None:
    if user.is_guest:
        raise Forbidden(
            "guests have no wallet: sign up to play for coins", code="guest_has_no_wallet"
        )


@transaction.atomic
def wallet_open(*, user: User) -> Account:
    """The player's account, opened (with the sign-up grant) if they have none yet.

    Idempotent and safe to call anywhere, any number of times (also concurrently): the grant
    is made only by the transaction that creates the account. Guests get no account
    (``403 guest_has_no_wallet``).
    """
    return _wallet_open(user)


def _wallet_open(user: User) -> Account:
    existing = Account.objects.filter(kind=Account.Kind.PLAYER, user=user).first()
    if existing is not None:
        return existing
    _refuse_guests(user)
    account_id = _account_insert(kind=Account.Kind.PLAYER, user_id=user.pk)
    if account_id is None:  # opened meanwhile by a concurrent call, which made the grant
        return Account.objects.get(kind=Account.Kind.PLAYER, user=user)
    grant = settings.WALLET_SIGNUP_GRANT
    club_id = _club_account_id()
    accounts = _lock([club_id, account_id])
    if grant > 0:
        _post(
            kind=Transfer.Kind.SIGNUP_GRANT,
            amounts={club_id: -grant, account_id: grant},
            accounts=accounts,
        )
    return accounts[account_id]


def _player_accounts(user_ids: Sequence[int]) -> dict[int, int]:
    """user id → account id (opened lazily for registered players); 404 for unknown users."""
    found = dict(
        Account.objects.filter(kind=Account.Kind.PLAYER, user_id__in=user_ids).values_list(
            "user_id", "pk"
        )
    )
    # Opened in id order, so two holds opening the same wallets insert them in one order.
    missing = sorted(uid for uid in user_ids if uid not in found)
    if missing:
        users = {u.pk: u for u in User.objects.filter(pk__in=missing)}
        for uid in missing:
            if uid not in users:
                raise NotFound(f"no such player: {uid}", code="player_not_found")
            found[uid] = _wallet_open(users[uid]).pk
    return {uid: found[uid] for uid in user_ids}


# --- grants ---------------------------------------------------------------------------------


def can_grant(admin: User) -> bool:
    """Whether ``admin`` may grant coins: active staff with ``wallet.grant_coins``."""
    return admin.is_active and admin.is_staff and admin.has_perm("wallet.grant_coins")


@transaction.atomic
def coins_grant(*, admin: User, user: User, amount: int, reason: str) -> Transfer:
    """Coins from the club to a player, by an administrator, with a reason (both recorded)."""
    if not can_grant(admin):
        raise Forbidden("you may not grant coins", code="grant_not_allowed")
    reason = reason.strip()
    if not reason:
        raise Problem("a grant needs a reason", code="reason_required")
    if (
        isinstance(amount, bool)
        or not isinstance(amount, int)
        or not 0 < amount <= settings.WALLET_GRANT_MAX
    ):
        raise Problem(
            f"a grant is a whole number of coins from 1 to {settings.WALLET_GRANT_MAX}",
            code="invalid_amount",
        )
    account = _wallet_open(user)
    club_id = _club_account_id()
    accounts = _lock([club_id, account.pk])
    return _post(
        kind=Transfer.Kind.GRANT,
        amounts={club_id: -amount, account.pk: amount},
        accounts=accounts,
        created_by=admin,
        reason=reason,
    )


# --- stakes ---------------------------------------------------------------------------------


def _stake_entries(match_id: uuid.UUID | str) -> list[LedgerEntry]:
    """The entries of the match's stake transfer (none if no stakes are held)."""
    return list(
        LedgerEntry.objects.filter(transfer__match_id=match_id, transfer__kind=Transfer.Kind.STAKE)
        .select_related("account")
        .order_by("pk")
    )


@transaction.atomic
def stakes_hold(*, match_id: uuid.UUID | str, user_ids: list[int], stake: int) -> None:
    """Move ``stake`` coins from each player into the match's escrow, all or nothing.

    - ``400 invalid_stake`` unless ``stake`` is one of ``WALLET_STAKES``;
    - ``400 invalid_players`` unless there are at least two distinct players;
    - ``403 guest_has_no_wallet`` if a player is a guest; ``404 player_not_found``;
    - ``409 insufficient_coins`` if any player has fewer than ``stake`` coins: nothing moves,
      and the body names neither the players nor their balances (``exc.user_ids`` does);
    - a second call for the match: a no-op if it is the same hold, else
      ``409 stakes_already_held``.
    """
    allowed = list(settings.WALLET_STAKES)
    if isinstance(stake, bool) or stake not in allowed:
        raise Problem(f"the stake must be one of {allowed}", code="invalid_stake", allowed=allowed)
    if len(user_ids) < 2 or len(set(user_ids)) != len(user_ids):
        raise Problem("a stake needs at least two distinct players", code="invalid_players")
    players = _player_accounts(user_ids)
    escrow_id = _escrow_account_id(match_id)
    accounts = _lock([escrow_id, *players.values()])
    held = _stake_entries(match_id)
    if held:
        before = {e.account.user_id: -e.amount for e in held if e.amount < 0}
        if before == dict.fromkeys(user_ids, stake):
            return
        raise Conflict("stakes for this match are already held", code="stakes_already_held")
    short = [uid for uid, account_id in players.items() if accounts[account_id].balance < stake]
    if short:
        raise InsufficientCoins(
            f"not enough coins for a stake of {stake}", user_ids=short, stake=stake
        )
    amounts = dict.fromkeys(players.values(), -stake)
    amounts[escrow_id] = stake * len(user_ids)
    _post(kind=Transfer.Kind.STAKE, amounts=amounts, accounts=accounts, match_id=match_id)


@transaction.atomic
def match_settle(*, match_id: uuid.UUID | str, shares: Mapping[int, int]) -> None:
    """Empty the match's escrow by the payout map ``shares`` (user id → share of the pot): the
    pot split in proportion to the shares, in whole coins, the odd coins going one each to the
    largest shares (ties: the lower user id); with no shares (a voided match) each stake goes
    back to its player (refund).

    Called through the match's settlement in the transaction that appends its final event.
    A match with no stakes held (not ranked) is a no-op. Settling again with the same payees
    (also two racing calls) is a no-op: the escrow row lock serialises them and the second
    sees the first; other payees are ``409 match_already_settled``. A payee who did not stake
    is ``400 invalid_winner``.
    """
    entries = _stake_entries(match_id)
    if not entries:
        return
    escrow = next(e.account for e in entries if e.amount > 0)
    stakes = {e.account.user_id: (e.account_id, -e.amount) for e in entries if e.amount < 0}
    if any(user_id not in stakes for user_id in shares):
        raise Problem("the winner did not stake in this match", code="invalid_winner")
    accounts = _lock(e.account_id for e in entries)
    kind = Transfer.Kind.PAYOUT if shares else Transfer.Kind.REFUND
    settled = (
        Transfer.objects.filter(match_id=match_id, kind__in=Transfer.SETTLEMENT_KINDS)
        .prefetch_related("entries__account")
        .first()
    )
    if settled is not None:
        paid = {e.account.user_id for e in settled.entries.all() if e.amount > 0}
        if settled.kind == kind and (kind == Transfer.Kind.REFUND or paid == set(shares)):
            return
        raise Conflict("this match was settled otherwise", code="match_already_settled")
    pot = accounts[escrow.pk].balance
    if shares:
        split = _split(pot, shares)
        amounts = {stakes[user_id][0]: coins for user_id, coins in split.items() if coins}
    else:
        amounts = dict(stakes.values())
    amounts[escrow.pk] = -pot
    _post(kind=kind, amounts=amounts, accounts=accounts, match_id=match_id)


def _split(pot: int, shares: Mapping[int, int]) -> dict[int, int]:
    """``pot`` in whole coins in proportion to ``shares``; the odd coins one each to the
    largest shares first (ties: the lower user id)."""
    total = sum(shares.values())
    split = {user_id: pot * share // total for user_id, share in shares.items()}
    odd = pot - sum(split.values())
    for user_id in sorted(shares, key=lambda u: (-shares[u], u))[:odd]:
        split[user_id] += 1
    return split
