"""A move and its deadline arriving together: exactly one outcome, every time.

A player whose reconnect window is about to run out plays a card at the very moment the deadline
task fires (two threads, two database connections, released together around the deadline). Either
the card is played (the player is back, the match goes on, the stakes stay in escrow) or the
technical loss is (the card is refused, the pot is paid once), never both and never neither.
"""

from __future__ import annotations

import os
import queue
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from apps.common.errors import Problem
from apps.matches import deadlines, event_store, services
from apps.matches.engine import legal_actions
from apps.matches.engine.commands import Disconnect
from apps.matches.models import Match, MatchEvent
from apps.wallet.selectors import balance_of
from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer
from tests.matches.helpers import server_command
from tests.sizes import size
from tests.wallet.conftest import assert_ledger_invariants

pytestmark = pytest.mark.django_db(transaction=True)
# 80 races: each outcome is about as likely (the move lands within 3 ms either side of the
# deadline), so both happen in every run; the nightly 500 try the rarer interleavings
RACES = int(os.environ.get("DEADLINE_RACES", size(80, 500)))
STAKE = 20


class Lane:
    """A thread with its own database connection that runs the calls it is given, in order."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[Callable[[], Any] | None] = queue.Queue()
        self._results: queue.Queue[Any] = queue.Queue()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            while (job := self._jobs.get()) is not None:
                try:
                    self._results.put(job())
                except Exception as error:  # handed to the test, which raises it
                    self._results.put(error)
        finally:
            connection.close()

    def submit(self, job: Callable[[], Any]) -> None:
        self._jobs.put(job)

    def result(self) -> Any:
        outcome = self._results.get(timeout=30)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def stop(self) -> None:
        self._jobs.put(None)
        self._thread.join()


@pytest.fixture
def lanes() -> Iterator[tuple[Lane, Lane]]:
    pair = (Lane(), Lane())
    yield pair
    for lane in pair:
        lane.stop()


def _at(moment: float) -> None:
    """Sleep until ``moment`` (``time.time()`` seconds)."""
    delay = moment - time.time()
    if delay > 0:
        time.sleep(delay)


def _move(at: float, match_id: str, *, user: Any, payload: dict, version: int, move_id: str) -> str:
    """The player's card, sent at ``at``: "played", or "refused" (a 409)."""
    _at(at)
    try:
        services.match_command_submit(
            match_id=match_id,  # type: ignore[arg-type]
            user=user,
            payload=payload,
            expected_version=version,
            client_move_id=move_id,
        )
    except Problem as refused:
        assert refused.status == 409, refused
        return "refused"
    return "played"


def _fire(at: float, match_id: str) -> int:
    """The deadline task, firing at its deadline ``at``."""
    _at(at)
    return deadlines.deadlines_apply(match_id)


@pytest.mark.slow
def test_a_move_and_the_deadline_together_have_exactly_one_outcome(
    make_player: MakePlayer, lanes: tuple[Lane, Lane], settings: Any
) -> None:
    settings.WALLET_SIGNUP_GRANT = STAKE * RACES  # enough for every race's stake in escrow
    players = [make_player(), make_player()]
    for p in players:
        wallet_open(user=p.user)
    rng = random.Random(2026)
    mover_lane, deadline_lane = lanes
    outcomes: Counter[str] = Counter()
    aim = 0.0  # the move's moment less the deadline's, steered to where both outcomes happen
    for race in range(RACES):
        before = [balance_of(p.user.id) for p in players]
        match_id = services.match_create_ranked(
            user_ids=(players[0].user.id, players[1].user.id), stake=STAKE
        )
        match = Match.objects.get(pk=match_id)
        seat = match.turn_seat
        assert seat is not None
        mover, other = players[seat], players[1 - seat]
        # the mover's window runs out a few milliseconds from now
        deadline = time.time() + 0.006
        opened = timezone.now() - timedelta(seconds=60) + timedelta(seconds=0.006)
        match = server_command(match_id, Disconnect(seat), now=opened)
        state = event_store.state_load(match)
        card = next(a for a in legal_actions(state, seat) if a.type == "play_card")
        payload = {"type": "play_card", "card": card.card.code}  # type: ignore[attr-defined]
        version = match.version
        move_at = deadline + aim + rng.uniform(-0.003, 0.003)
        move = partial(
            _move,
            move_at,
            match_id,
            user=mover.user,
            payload=payload,
            version=version,
            move_id=f"race-{race}",
        )
        mover_lane.submit(move)
        deadline_lane.submit(partial(_fire, deadline, match_id))
        moved, fired = mover_lane.result(), deadline_lane.result()

        match.refresh_from_db()
        types = list(MatchEvent.objects.filter(match_id=match_id).values_list("type", flat=True))
        after = [balance_of(p.user.id) for p in players]
        if moved == "played":
            outcome = "card"
            assert match.status == Match.Status.ACTIVE and "match_ended" not in types
            assert "card_played" in types[types.index("player_reconnected") :], types
            assert after == [b - STAKE for b in before]  # both stakes still in escrow
            assert fired == 0
        else:
            outcome = "technical_loss"
            assert (match.status, match.end_reason) == (Match.Status.FINISHED, "technical_loss")
            assert match.winner_seat == 1 - seat
            assert "card_played" not in types[types.index("player_disconnected") :]
            assert balance_of(mover.user.id) == before[seat] - STAKE
            assert balance_of(other.user.id) == before[1 - seat] + STAKE
        assert types.count("match_ended") <= 1
        assert deadlines.deadlines_apply(match_id) == 0  # applying again changes nothing
        outcomes[outcome] += 1
        aim += 0.002 if outcome == "card" else -0.002  # a busy machine delays one side more
    assert_ledger_invariants()
    assert sum(outcomes.values()) == RACES
    print(f"{RACES} races: {dict(outcomes)}")
    # the race is real: both outcomes happen
    assert outcomes["card"] > 0 and outcomes["technical_loss"] > 0, outcomes
