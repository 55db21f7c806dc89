"""Random histories of the club's money, played straight through the services.

A hypothesis state machine opens wallets, grants coins, starts ranked matches (stakes held),
ends them with a winner (by points, resignation or a technical loss: to the wallet these are
all wins), voids them (refunds), settles them again (repeats and races lost), and plays
rematches that hold stakes again. After every step the ledger's invariants are checked against
the tables (``assert_ledger_invariants``) and every balance against a plain model.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    invariant,
    multiple,
    rule,
    run_state_machine_as_test,
)

from apps.accounts.models import User
from apps.common.errors import Problem
from apps.wallet.models import Account
from apps.wallet.services import (
    InsufficientCoins,
    coins_grant,
    match_settle,
    stakes_hold,
    wallet_open,
)
from tests.factories import UserFactory
from tests.sizes import size
from tests.wallet.conftest import assert_ledger_invariants

PLAYERS = 5
GRANT = django_settings.WALLET_SIGNUP_GRANT
STAKES = st.sampled_from(list(django_settings.WALLET_STAKES))
WINS = st.sampled_from(["points", "resignation", "technical_loss", "leaving"])


@dataclass
class Game:
    id: uuid.UUID
    players: tuple[int, int]
    stake: int
    outcome: tuple[str, int | None] | None = None  # ("payout", winner) or ("refund", None)


class Ledger(RuleBasedStateMachine):
    """One history per example, inside a transaction rolled back at its end."""

    users: list[User]
    admin: User

    held = Bundle("held")  # matches with stakes held, not yet settled
    settled = Bundle("settled")

    def __init__(self) -> None:
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        self.balances: dict[int, int] = {}  # the model: user id → coins (opened wallets only)
        self.escrows: dict[uuid.UUID, int] = {}

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    def _open_in_model(self, user_id: int) -> None:
        self.balances.setdefault(user_id, GRANT)

    # --- wallets and grants ------------------------------------------------------------

    @rule(i=st.integers(0, PLAYERS - 1))
    def open_wallet(self, i: int) -> None:
        user = self.users[i]
        account = wallet_open(user=user)
        self._open_in_model(user.pk)
        assert account.balance == self.balances[user.pk]

    @rule(i=st.integers(0, PLAYERS - 1), amount=st.integers(1, 3000))
    def grant(self, i: int, amount: int) -> None:
        user = self.users[i]
        coins_grant(admin=self.admin, user=user, amount=amount, reason="prize")
        self._open_in_model(user.pk)
        self.balances[user.pk] += amount

    # --- ranked matches ------------------------------------------------------------------

    def _hold(self, players: tuple[int, int], stake: int) -> Game | None:
        game = Game(id=uuid.uuid4(), players=players, stake=stake)
        would_have = {p: self.balances.get(p, GRANT) for p in players}
        if any(coins < stake for coins in would_have.values()):
            with pytest.raises(InsufficientCoins) as refused:
                stakes_hold(match_id=game.id, user_ids=list(players), stake=stake)
            assert sorted(refused.value.user_ids) == sorted(
                p for p, coins in would_have.items() if coins < stake
            )
            return None
        stakes_hold(match_id=game.id, user_ids=list(players), stake=stake)
        for p in players:
            self._open_in_model(p)
            self.balances[p] -= stake
        self.escrows[game.id] = 2 * stake
        return game

    @rule(
        target=held,
        pair=st.lists(st.integers(0, PLAYERS - 1), min_size=2, max_size=2, unique=True),
        stake=STAKES,
    )
    def start_ranked(self, pair: list[int], stake: int):  # type: ignore[no-untyped-def]
        players = (self.users[pair[0]].pk, self.users[pair[1]].pk)
        game = self._hold(players, stake)
        return multiple() if game is None else game

    @rule(game=held)
    def hold_again_is_a_no_op(self, game: Game) -> None:
        stakes_hold(match_id=game.id, user_ids=list(reversed(game.players)), stake=game.stake)

    @rule(target=settled, game=consumes(held), seat=st.integers(0, 1), how=WINS)
    def win(self, game: Game, seat: int, how: str) -> Game:
        # Points, resignation, leaving, a technical loss: the wallet sees a winner.
        winner = game.players[seat]
        match_settle(match_id=game.id, shares={winner: 1})
        self.balances[winner] += self.escrows.pop(game.id)
        game.outcome = ("payout", winner)
        return game

    @rule(target=settled, game=consumes(held))
    def void(self, game: Game) -> Game:
        match_settle(match_id=game.id, shares={})
        self.escrows.pop(game.id)
        for p in game.players:
            self.balances[p] += game.stake
        game.outcome = ("refund", None)
        return game

    @rule(game=settled)
    def settle_again(self, game: Game) -> None:
        assert game.outcome is not None
        winner = game.outcome[1]
        match_settle(match_id=game.id, shares={} if winner is None else {winner: 1})

    @rule(game=settled, seat=st.integers(0, 1))
    def settle_otherwise_is_refused(self, game: Game, seat: int) -> None:
        assert game.outcome is not None
        other = None if game.outcome[0] == "payout" else game.players[seat]
        with pytest.raises(Problem) as refused:
            match_settle(match_id=game.id, shares={} if other is None else {other: 1})
        assert refused.value.code == "match_already_settled"

    @rule(target=held, game=settled, stake=st.none() | STAKES)
    def rematch(self, game: Game, stake: int | None):  # type: ignore[no-untyped-def]
        again = self._hold(game.players, game.stake if stake is None else stake)
        return multiple() if again is None else again

    # --- after every step ------------------------------------------------------------------

    @invariant()
    def ledger_holds(self) -> None:
        assert_ledger_invariants()
        accounts = Account.objects.exclude(kind="club").values_list(
            "kind", "user_id", "match_id", "balance"
        )
        players, escrows = {}, {}
        for kind, user_id, match_id, balance in accounts:
            if kind == "player":
                players[user_id] = balance
            elif balance:
                escrows[match_id] = balance
        assert players == self.balances
        assert escrows == self.escrows


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.timeout(240)
def test_random_histories_keep_the_books_balanced() -> None:
    Ledger.users = [UserFactory() for _ in range(PLAYERS)]
    Ledger.admin = UserFactory(is_staff=True, is_superuser=True)
    run_state_machine_as_test(
        Ledger,
        settings=settings(
            max_examples=int(os.environ.get("WALLET_PROPERTY_EXAMPLES", size(60, 400))),
            stateful_step_count=10,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
