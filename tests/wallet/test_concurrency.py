"""The wallet under concurrency, on PostgreSQL with real commits: racing settlements pay once,
simultaneous stakes never overdraw a player, holds in opposite orders do not deadlock, and a
wallet opened many times at once gets one grant."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction
from django.test import override_settings

from apps.accounts.models import User
from apps.common.errors import Problem
from apps.wallet.models import Account, LedgerEntry, Transfer
from apps.wallet.selectors import balance_of
from apps.wallet.services import match_settle, stakes_hold, wallet_open
from tests.factories import UserFactory
from tests.wallet.conftest import assert_ledger_invariants, assert_running_balances

pytestmark = pytest.mark.django_db(transaction=True)

GRANT = 1000


def run_together(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls in threads released at the same instant, each on its own connection
    (closed at the end); a ``Problem`` comes back as its code, any other error as itself."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def worker(i: int) -> None:
        try:
            barrier.wait()
            calls[i]()
            results[i] = "ok"
        except Problem as problem:
            results[i] = problem.code
        except Exception as error:  # reported to the test
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def _player(coins: int = GRANT) -> User:
    user = UserFactory()
    with override_settings(WALLET_SIGNUP_GRANT=coins):
        wallet_open(user=user)
    return user


def _held(stake: int = 100) -> tuple[uuid.UUID, User, User]:
    a, b = _player(), _player()
    match = uuid.uuid4()
    stakes_hold(match_id=match, user_ids=[a.pk, b.pk], stake=stake)
    return match, a, b


def test_two_simultaneous_settlements_of_one_match_pay_once() -> None:
    for _ in range(5):
        match, a, b = _held()
        outcomes = run_together(
            [lambda m=match, w=a.pk: match_settle(match_id=m, shares={w: 1})] * 2
        )
        assert outcomes == ["ok", "ok"]
        assert balance_of(a.pk) == GRANT + 100 and balance_of(b.pk) == GRANT - 100
        assert Transfer.objects.filter(match_id=match, kind="payout").count() == 1
    assert_ledger_invariants()


def test_a_payout_racing_a_refund_settles_once() -> None:
    match, a, b = _held()
    outcomes = run_together(
        [
            lambda: match_settle(match_id=match, shares={b.pk: 1}),
            lambda: match_settle(match_id=match, shares={}),
        ]
    )
    assert sorted(outcomes) == ["match_already_settled", "ok"]
    [settled] = Transfer.objects.filter(match_id=match, kind__in=["payout", "refund"])
    expected = (GRANT - 100, GRANT + 100) if settled.kind == "payout" else (GRANT, GRANT)
    assert (balance_of(a.pk), balance_of(b.pk)) == expected
    assert_ledger_invariants()


def test_many_simultaneous_stakes_on_one_player_never_overdraw() -> None:
    poor = _player(coins=100)
    opponents = [_player() for _ in range(8)]
    outcomes = run_together(
        [
            lambda o=o: stakes_hold(match_id=uuid.uuid4(), user_ids=[poor.pk, o.pk], stake=50)
            for o in opponents
        ]
    )
    assert sorted(outcomes) == ["insufficient_coins"] * 6 + ["ok"] * 2
    assert balance_of(poor.pk) == 0
    assert Transfer.objects.filter(kind="stake").count() == 2
    assert sum(balance_of(o.pk) for o in opponents) == 8 * GRANT - 100
    assert_ledger_invariants()
    assert_running_balances()


def test_holds_locking_players_in_opposite_orders_do_not_deadlock() -> None:
    a, b, c = _player(), _player(), _player()
    trios = [[a.pk, b.pk, c.pk], [c.pk, b.pk, a.pk], [b.pk, a.pk, c.pk], [c.pk, a.pk, b.pk]]
    outcomes = run_together(
        [
            lambda ids=ids: stakes_hold(match_id=uuid.uuid4(), user_ids=ids, stake=20)
            for ids in trios * 3
        ]
    )
    assert outcomes == ["ok"] * 12
    assert balance_of(a.pk) == balance_of(b.pk) == balance_of(c.pk) == GRANT - 12 * 20
    assert_ledger_invariants()


def test_one_stake_hold_sent_many_times_at_once_is_held_once() -> None:
    a, b = _player(), _player()
    match = uuid.uuid4()
    outcomes = run_together(
        [lambda: stakes_hold(match_id=match, user_ids=[a.pk, b.pk], stake=200)] * 6
    )
    assert outcomes == ["ok"] * 6
    assert balance_of(a.pk) == balance_of(b.pk) == GRANT - 200
    assert Account.objects.get(kind="escrow", match_id=match).balance == 400
    assert_ledger_invariants()


def test_a_wallet_opened_many_times_at_once_gets_one_grant() -> None:
    users = [UserFactory() for _ in range(3)]
    outcomes = run_together(
        [lambda u=u: wallet_open(user=User.objects.get(pk=u.pk)) for u in users] * 4
    )
    assert outcomes == ["ok"] * 12
    for user in users:
        assert balance_of(user.pk) == GRANT
    assert Transfer.objects.filter(kind="signup_grant").count() == 3
    assert Account.objects.filter(kind="club").count() == 1
    assert_ledger_invariants()


def test_an_unbalanced_transfer_is_refused_at_commit() -> None:
    user = _player()
    account = Account.objects.get(user=user)
    with pytest.raises(DatabaseError, match="does not balance"), transaction.atomic():
        transfer = Transfer.objects.create(kind="grant", reason="forged")
        LedgerEntry.objects.create(transfer=transfer, account=account, amount=5, balance_after=5)
    assert balance_of(user.pk) == GRANT
    assert not Transfer.objects.filter(reason="forged").exists()


def test_holds_opening_the_same_wallets_at_once_grant_each_once() -> None:
    a, b = UserFactory(), UserFactory()  # no wallets yet: the holds open them
    outcomes = run_together(
        [
            lambda ids=ids: stakes_hold(match_id=uuid.uuid4(), user_ids=ids, stake=100)
            for ids in [[a.pk, b.pk], [b.pk, a.pk]] * 3
        ]
    )
    assert outcomes == ["ok"] * 6
    assert balance_of(a.pk) == balance_of(b.pk) == GRANT - 600
    assert Transfer.objects.filter(kind="signup_grant").count() == 2
    assert_ledger_invariants()
