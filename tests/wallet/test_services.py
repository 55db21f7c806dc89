"""The wallet services: opening wallets with the sign-up grant, admin grants, stakes held in a
match's escrow (all or nothing), payouts, refunds, and settling exactly once."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import Permission
from django.db import IntegrityError, transaction
from django.test import override_settings

from apps.accounts.models import User
from apps.common.errors import Problem
from apps.wallet.models import Account, Transfer
from apps.wallet.selectors import balance_of, ledger_of
from apps.wallet.services import (
    InsufficientCoins,
    coins_grant,
    match_settle,
    stakes_hold,
    wallet_open,
)
from tests.factories import GuestFactory, UserFactory
from tests.wallet.conftest import assert_ledger_invariants, assert_running_balances

pytestmark = pytest.mark.django_db

GRANT = 1000  # WALLET_SIGNUP_GRANT in the settings


def _player(coins: int = GRANT) -> User:
    """A registered player whose wallet opened with ``coins`` (the sign-up grant)."""
    user = UserFactory()
    with override_settings(WALLET_SIGNUP_GRANT=coins):
        wallet_open(user=user)
    return user


def _admin() -> User:
    return UserFactory(is_staff=True, is_superuser=True)


# --- opening ------------------------------------------------------------------------------


def test_a_new_wallet_gets_the_sign_up_grant_from_the_club_once() -> None:
    user = UserFactory()
    account = wallet_open(user=user)
    again = wallet_open(user=user)
    assert again.pk == account.pk
    assert balance_of(user.pk) == GRANT
    [entry] = ledger_of(user.pk)
    assert (entry.amount, entry.transfer.kind, entry.balance_after) == (
        GRANT,
        "signup_grant",
        GRANT,
    )
    assert Account.objects.get(kind="club").balance == -GRANT
    assert_ledger_invariants()


@override_settings(WALLET_SIGNUP_GRANT=250)
def test_the_sign_up_grant_is_configurable() -> None:
    user = UserFactory()
    wallet_open(user=user)
    assert balance_of(user.pk) == 250


@override_settings(WALLET_SIGNUP_GRANT=0)
def test_a_zero_sign_up_grant_opens_an_empty_wallet() -> None:
    user = UserFactory()
    wallet_open(user=user)
    assert balance_of(user.pk) == 0
    assert not ledger_of(user.pk).exists()


def test_guests_get_no_wallet() -> None:
    guest = GuestFactory()
    with pytest.raises(Problem) as refused:
        wallet_open(user=guest)
    assert (refused.value.status, refused.value.code) == (403, "guest_has_no_wallet")
    assert not Account.objects.filter(user=guest).exists()
    assert balance_of(guest.pk) == 0


# --- grants -------------------------------------------------------------------------------


def test_an_admin_grant_moves_coins_from_the_club_and_records_who_and_why() -> None:
    admin, user = _admin(), _player()
    transfer = coins_grant(admin=admin, user=user, amount=300, reason="tournament prize")
    assert (transfer.kind, transfer.created_by, transfer.reason) == (
        "grant",
        admin,
        "tournament prize",
    )
    assert balance_of(user.pk) == GRANT + 300
    assert Account.objects.get(kind="club").balance == -(GRANT + 300)
    assert_ledger_invariants()


def test_a_grant_opens_the_wallet_of_a_player_who_had_none() -> None:
    user = UserFactory()
    coins_grant(admin=_admin(), user=user, amount=5, reason="welcome back")
    assert balance_of(user.pk) == GRANT + 5


@pytest.mark.parametrize("amount", [0, -5, 10**9, True])
def test_a_grant_must_be_a_positive_amount(amount: int) -> None:
    user = _player()
    with pytest.raises(Problem) as refused:
        coins_grant(admin=_admin(), user=user, amount=amount, reason="x")
    assert refused.value.code == "invalid_amount"
    assert balance_of(user.pk) == GRANT


def test_a_grant_needs_a_reason_and_an_admin_with_the_permission() -> None:
    user = _player()
    with pytest.raises(Problem) as refused:
        coins_grant(admin=_admin(), user=user, amount=5, reason="  ")
    assert refused.value.code == "reason_required"
    staff = UserFactory(is_staff=True)
    with pytest.raises(Problem) as refused:
        coins_grant(admin=staff, user=user, amount=5, reason="because")
    assert (refused.value.status, refused.value.code) == (403, "grant_not_allowed")
    staff.user_permissions.add(Permission.objects.get(codename="grant_coins"))
    staff = User.objects.get(pk=staff.pk)  # the permission cache
    coins_grant(admin=staff, user=user, amount=5, reason="because")
    assert balance_of(user.pk) == GRANT + 5


def test_guests_cannot_be_granted_coins() -> None:
    with pytest.raises(Problem) as refused:
        coins_grant(admin=_admin(), user=GuestFactory(), amount=5, reason="x")
    assert refused.value.code == "guest_has_no_wallet"


# --- stakes -------------------------------------------------------------------------------


def test_stakes_move_from_each_player_into_the_escrow_in_one_transfer() -> None:
    a, b = _player(), _player()
    match = uuid.uuid4()
    stakes_hold(match_id=match, user_ids=[a.pk, b.pk], stake=100)
    assert balance_of(a.pk) == balance_of(b.pk) == GRANT - 100
    assert Account.objects.get(kind="escrow", match_id=match).balance == 200
    [transfer] = Transfer.objects.filter(match_id=match)
    assert transfer.kind == "stake"
    assert sorted(e.amount for e in transfer.entries.all()) == [-100, -100, 200]
    entry = ledger_of(a.pk).first()
    assert (entry.amount, entry.transfer.kind, entry.transfer.match_id) == (-100, "stake", match)
    assert_ledger_invariants()


@pytest.mark.parametrize("stake", [0, 10, 99, -20, 5000])
def test_only_the_allowed_stakes(stake: int) -> None:
    a, b = _player(), _player()
    with pytest.raises(Problem) as refused:
        stakes_hold(match_id=uuid.uuid4(), user_ids=[a.pk, b.pk], stake=stake)
    assert (refused.value.status, refused.value.code) == (400, "invalid_stake")
    assert refused.value.extra["allowed"] == [20, 50, 100, 200, 500, 1000]
    assert not Transfer.objects.filter(kind="stake").exists()


@pytest.mark.parametrize("players", ["one", "same twice"])
def test_a_stake_needs_two_distinct_players(players: str) -> None:
    a = _player()
    ids = [a.pk] if players == "one" else [a.pk, a.pk]
    with pytest.raises(Problem) as refused:
        stakes_hold(match_id=uuid.uuid4(), user_ids=ids, stake=20)
    assert refused.value.code == "invalid_players"


def test_insufficient_coins_moves_nothing_and_names_no_balance() -> None:
    rich, poor = _player(), _player(coins=40)
    match = uuid.uuid4()
    with pytest.raises(InsufficientCoins) as refused:
        stakes_hold(match_id=match, user_ids=[rich.pk, poor.pk], stake=50)
    problem = refused.value
    assert (problem.status, problem.code) == (409, "insufficient_coins")
    assert problem.user_ids == [poor.pk]
    assert problem.extra == {"stake": 50}
    assert "40" not in problem.detail and str(GRANT) not in problem.detail
    assert balance_of(rich.pk) == GRANT and balance_of(poor.pk) == 40
    assert not Transfer.objects.filter(match_id=match).exists()
    assert not Account.objects.filter(kind="escrow", match_id=match).exists()
    assert_ledger_invariants()


def test_a_player_may_stake_every_last_coin() -> None:
    a, b = _player(coins=50), _player()
    stakes_hold(match_id=uuid.uuid4(), user_ids=[a.pk, b.pk], stake=50)
    assert balance_of(a.pk) == 0


def test_holding_the_same_stakes_again_is_a_no_op_and_other_stakes_a_conflict() -> None:
    a, b, c = _player(), _player(), _player()
    match = uuid.uuid4()
    stakes_hold(match_id=match, user_ids=[a.pk, b.pk], stake=100)
    stakes_hold(match_id=match, user_ids=[b.pk, a.pk], stake=100)
    assert balance_of(a.pk) == GRANT - 100
    for ids, stake in (([a.pk, b.pk], 200), ([a.pk, c.pk], 100)):
        with pytest.raises(Problem) as refused:
            stakes_hold(match_id=match, user_ids=ids, stake=stake)
        assert (refused.value.status, refused.value.code) == (409, "stakes_already_held")
    assert Transfer.objects.filter(match_id=match).count() == 1
    assert_ledger_invariants()


def test_guests_and_unknown_players_cannot_stake() -> None:
    a = _player()
    with pytest.raises(Problem) as refused:
        stakes_hold(match_id=uuid.uuid4(), user_ids=[a.pk, GuestFactory().pk], stake=20)
    assert refused.value.code == "guest_has_no_wallet"
    with pytest.raises(Problem) as refused:
        stakes_hold(match_id=uuid.uuid4(), user_ids=[a.pk, 10**9], stake=20)
    assert (refused.value.status, refused.value.code) == (404, "player_not_found")
    assert balance_of(a.pk) == GRANT


# --- settling -----------------------------------------------------------------------------


def _held(stake: int = 100) -> tuple[uuid.UUID, User, User]:
    a, b = _player(), _player()
    match = uuid.uuid4()
    stakes_hold(match_id=match, user_ids=[a.pk, b.pk], stake=stake)
    return match, a, b


def test_the_winner_takes_the_whole_escrow() -> None:
    match, a, b = _held(200)
    match_settle(match_id=match, shares={b.pk: 1})
    assert balance_of(a.pk) == GRANT - 200
    assert balance_of(b.pk) == GRANT + 200
    assert Account.objects.get(kind="escrow", match_id=match).balance == 0
    entry = ledger_of(b.pk).first()
    assert (entry.amount, entry.transfer.kind, entry.balance_after) == (400, "payout", GRANT + 200)
    assert_ledger_invariants()
    assert_running_balances()


def test_a_void_match_refunds_each_stake() -> None:
    match, a, b = _held(50)
    match_settle(match_id=match, shares={})
    assert balance_of(a.pk) == balance_of(b.pk) == GRANT
    [refund] = Transfer.objects.filter(match_id=match, kind="refund")
    assert sorted(e.amount for e in refund.entries.all()) == [-100, 50, 50]
    assert_ledger_invariants()


def test_settling_twice_pays_once() -> None:
    match, a, _b = _held()
    match_settle(match_id=match, shares={a.pk: 1})
    match_settle(match_id=match, shares={a.pk: 1})
    assert balance_of(a.pk) == GRANT + 100
    assert Transfer.objects.filter(match_id=match, kind="payout").count() == 1
    refund_match, c, _ = _held()
    match_settle(match_id=refund_match, shares={})
    match_settle(match_id=refund_match, shares={})
    assert balance_of(c.pk) == GRANT
    assert_ledger_invariants()


@pytest.mark.parametrize("second", ["other winner", "refund"])
def test_settling_otherwise_after_a_payout_is_a_conflict(second: str) -> None:
    match, a, b = _held()
    match_settle(match_id=match, shares={a.pk: 1})
    with pytest.raises(Problem) as refused:
        match_settle(match_id=match, shares={b.pk: 1} if second == "other winner" else {})
    assert (refused.value.status, refused.value.code) == (409, "match_already_settled")
    assert balance_of(a.pk) == GRANT + 100 and balance_of(b.pk) == GRANT - 100


def test_a_winner_who_did_not_stake_is_refused() -> None:
    match, _a, _ = _held()
    with pytest.raises(Problem) as refused:
        match_settle(match_id=match, shares={_player().pk: 1})
    assert refused.value.code == "invalid_winner"
    assert Account.objects.get(kind="escrow", match_id=match).balance == 200


def test_settling_a_match_without_stakes_is_a_no_op() -> None:
    a = _player()
    match_settle(match_id=uuid.uuid4(), shares={a.pk: 1})
    match_settle(match_id=uuid.uuid4(), shares={})
    assert balance_of(a.pk) == GRANT
    assert not Transfer.objects.exclude(kind="signup_grant").exists()


def test_a_rematch_holds_stakes_again_under_its_own_id() -> None:
    match, a, b = _held(100)
    match_settle(match_id=match, shares={a.pk: 1})
    rematch = uuid.uuid4()
    stakes_hold(match_id=rematch, user_ids=[a.pk, b.pk], stake=100)
    match_settle(match_id=rematch, shares={a.pk: 1})
    assert balance_of(a.pk) == GRANT + 200 and balance_of(b.pk) == GRANT - 200
    assert_ledger_invariants()


# --- the database's own guards --------------------------------------------------------------


def test_the_database_refuses_a_negative_player_balance() -> None:
    user = _player()
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.filter(user=user).update(balance=-1)


def test_the_database_refuses_a_second_settlement() -> None:
    match, _, _ = _held()
    match_settle(match_id=match, shares={})
    with pytest.raises(IntegrityError), transaction.atomic():
        Transfer.objects.create(kind="payout", match_id=match)


def test_the_ledger_is_append_only() -> None:
    user = _player()
    entry = ledger_of(user.pk).first()
    with pytest.raises(Exception, match="append-only"), transaction.atomic():
        type(entry).objects.filter(pk=entry.pk).update(amount=5)
    with pytest.raises(Exception, match="append-only"), transaction.atomic():
        Transfer.objects.filter(pk=entry.transfer_id).update(reason="edited")


def test_winners_share_the_pot_in_whole_coins_the_odd_coins_to_the_lower_ids() -> None:
    """A payout map of three equal shares of a 200-coin pot: 66 each and the two odd coins one
    each to the lower user ids; the fourth player's stake is lost (one balanced transfer)."""
    players = [_player() for _ in range(4)]
    before = {p.pk: balance_of(p.pk) for p in players}
    match = uuid.uuid4()
    stakes_hold(match_id=match, user_ids=[p.pk for p in players], stake=50)
    winners = sorted(p.pk for p in players[:3])
    match_settle(match_id=match, shares=dict.fromkeys(reversed(winners), 1))
    gained = [balance_of(pk) - before[pk] for pk in winners]
    assert gained == [67 - 50, 67 - 50, 66 - 50]
    assert balance_of(players[3].pk) - before[players[3].pk] == -50
    assert_ledger_invariants()
