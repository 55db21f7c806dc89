"""A thousand random ranked matches through the match service — won on points, resigned,
left, lost technically, voided, rematched, some refused for lack of coins — and after every
step the ledger's invariants hold: each transfer sums to zero, the total of all coins is
unchanged, no balance is negative, each balance is its ledger sum, each match settled once.

A random walk over shared state (a stateful property test): ``RANKED_PROPERTY_MATCHES`` and
``RANKED_PROPERTY_SEED`` change its length and path (by default 150 matches, a thousand
nightly: ``tests/sizes.py``).
"""

from __future__ import annotations

import os
import random

import pytest

from apps.accounts.models import User
from apps.common.errors import Problem
from apps.matches import event_store, rematches, services
from apps.matches.engine import (
    Abandon,
    Command,
    Leave,
    PlayCard,
    Resign,
    Surrender,
    TechnicalLoss,
)
from apps.matches.engine import legal_actions as engine_legal_actions
from apps.matches.models import Match
from apps.matches.seating import seats_of
from apps.wallet.selectors import balance_of
from apps.wallet.services import coins_grant, match_settle, wallet_open
from tests.factories import UserFactory
from tests.matches.helpers import server_command
from tests.sizes import size
from tests.wallet.conftest import assert_ledger_invariants

pytestmark = pytest.mark.django_db(transaction=True)

MATCHES = int(os.environ.get("RANKED_PROPERTY_MATCHES", size(150, 1000)))
SEED = int(os.environ.get("RANKED_PROPERTY_SEED", "2026"))
STAKES = (20, 50, 100, 200, 500, 1000)


def _play_out(match_id: str, rng: random.Random) -> Match:
    """Deals until someone reaches 7: a few cards, then one side gives the deal up (a real
    game-points result, 1 to 3 a deal), so a match ends on points in a few dozen commands."""
    match = Match.objects.get(pk=match_id)
    while match.status == Match.Status.ACTIVE:
        state = event_store.state_load(match)
        assert state.deal is not None
        seat = state.deal.turn
        plays = [a for a in engine_legal_actions(state, seat) if isinstance(a, PlayCard)]
        if rng.random() < 0.3:
            match = server_command(match_id, Surrender(rng.randrange(2), confirm=True))
        else:
            match = server_command(match_id, rng.choice(plays))
    return match


def _end(match_id: str, rng: random.Random) -> Match:
    how = rng.choices(["points", "resign", "leave", "technical", "void"], [1, 4, 2, 2, 1])[0]
    seat = rng.randrange(2)
    if how == "points":
        return _play_out(match_id, rng)
    command: Command = {
        "resign": Resign(seat),
        "leave": Leave(seat),  # allowed: no card of the first deal has been played yet
        "technical": TechnicalLoss(seat),
        "void": Abandon(),
    }[how]
    return server_command(match_id, command)


@pytest.mark.slow
def test_a_thousand_random_ranked_matches_keep_every_coin() -> None:
    rng = random.Random(SEED)
    admin = UserFactory(is_staff=True, is_superuser=True)
    players: list[User] = [UserFactory() for _ in range(8)]
    for player in players:
        wallet_open(user=player)
    counts = {"played": 0, "refused": 0, "rematches": 0, "voided": 0}
    previous: Match | None = None
    while counts["played"] < MATCHES:
        if previous is not None and rng.random() < 0.15:
            offerer, other = (User.objects.get(pk=s.user_id) for s in seats_of(previous))
            try:
                rematches.rematch_offer(user=offerer, match_id=previous.id)
                new = rematches.rematch_accept(user=other, match_id=previous.id)
                counts["rematches"] += 1
                match_id = str(new.id)
            except Problem as refused:
                assert refused.code == "insufficient_coins"
                counts["refused"] += 1
                assert_ledger_invariants()
                previous = None
                continue
        else:
            a, b = rng.sample(players, 2)
            stake = rng.choice(STAKES)
            before = (balance_of(a.id), balance_of(b.id))
            try:
                match_id = services.match_create_ranked(user_ids=(a.id, b.id), stake=stake)
            except Problem as refused:
                assert refused.code == "insufficient_coins"
                assert min(before) < stake and (balance_of(a.id), balance_of(b.id)) == before
                counts["refused"] += 1
                poorest = a if before[0] < before[1] else b
                coins_grant(admin=admin, user=poorest, amount=1000, reason="top-up")
                assert_ledger_invariants()
                continue
        assert_ledger_invariants()  # stakes held
        match = _end(match_id, rng)
        assert match.status == Match.Status.FINISHED
        winner = None if match.winner_seat is None else seats_of(match)[match.winner_seat].user_id
        counts["voided"] += winner is None
        again = {} if winner is None else {winner: 1}
        match_settle(match_id=match.id, shares=again)  # a second settlement: no-op
        assert_ledger_invariants()
        counts["played"] += 1
        previous = match
    assert counts["played"] == MATCHES
    assert counts["refused"] > 0 and counts["rematches"] > 0 and counts["voided"] > 0
