"""The sweep of the computer's moves whose task was lost: the broker really down (a closed
port) when the move is queued after commit, then the sweep (a Celery beat task) plays it, once,
on the real PostgreSQL."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from apps.computer import services
from apps.computer.tasks import bot_move, bot_moves_sweep
from apps.matches import deadlines
from apps.matches.engine.presence import PAUSE_LENGTH
from apps.matches.models import Match, MatchEvent
from config.celery import app as celery_app
from tests.conftest import MakePlayer, Player
from tests.deploy.conftest import closed_port
from tests.matches.helpers import act, create_computer_match, create_friend_match, fetch

pytestmark = pytest.mark.django_db(transaction=True)

LATER = timedelta(seconds=60)  # past COMPUTER_MOVE_OVERDUE_SECONDS


@pytest.fixture
def broker_down() -> Iterator[None]:
    """Tasks are sent to a broker on a closed port (not run eagerly) until the test restores
    the test settings' eager tasks with ``broker_back``."""
    conf = celery_app.conf
    saved = conf.task_always_eager, conf.broker_url
    conf.task_always_eager, conf.broker_url = False, f"redis://127.0.0.1:{closed_port()}/0"
    conf.broker_connection_timeout = 1
    _forget_connections()
    try:
        yield
    finally:
        conf.task_always_eager, conf.broker_url = saved
        _forget_connections()


def _forget_connections() -> None:
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


def broker_back() -> None:
    celery_app.conf.task_always_eager = True


def _kati_events(match_id: str, after: int) -> list[MatchEvent]:
    return list(
        MatchEvent.objects.filter(match_id=match_id, seq__gt=after, actor__isnull=True)
        .exclude(type__in=["deal_started", "cards_dealt"])
        .order_by("seq")
    )


def _to_kati(player: Player, match: dict) -> dict:
    """Play the player's cards until Kati is to move (her answers are lost: the broker is
    down); returns the match then."""
    rng = random.Random(7)
    for n in range(20):
        match = fetch(player, match["id"])
        if match["view"]["deal"]["turn"] != match["your_seat"]:
            return match
        cards = [a for a in match["view"]["legal_actions"] if a["type"] == "play_card"]
        assert act(player, match, rng.choice(cards), f"m{n}").status_code == 200
    raise AssertionError("Kati never got the turn")


def test_kati_s_move_lost_with_the_broker_is_played_by_the_sweep_once(
    make_player: MakePlayer, broker_down: None, caplog: pytest.LogCaptureFixture
) -> None:
    player = make_player(guest=True)
    with caplog.at_level(logging.ERROR):
        match = _to_kati(player, create_computer_match(player, strength="beginner"))
    waiting = fetch(player, match["id"])
    assert waiting["version"] == match["version"]  # nobody plays for Kati
    assert services.bot_moves_sweep() == 0  # not overdue yet: her task may still come
    broker_back()
    assert services.bot_moves_sweep(now=timezone.now() + LATER) == 1
    after = fetch(player, match["id"])
    assert after["version"] > match["version"]
    assert after["status"] != "active" or after["view"]["deal"]["turn"] == after["your_seat"]
    kati = _kati_events(match["id"], match["version"])
    assert kati and kati[0].seq == match["version"] + 1  # her move, right after the wait
    # the lost task turning up after all, and the next sweeps, change nothing
    bot_move(match["id"])
    assert services.bot_moves_sweep(now=timezone.now() + 2 * LATER) == 0
    assert fetch(player, match["id"])["version"] == after["version"]


def test_the_sweep_leaves_a_match_where_a_player_thinks(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, strength="beginner")
    assert match["view"]["deal"]["turn"] == match["your_seat"]
    assert services.bot_moves_overdue(now=timezone.now() + LATER) == []
    assert bot_moves_sweep.apply().get() == 0  # the beat task, as the worker runs it
    assert fetch(player, match["id"])["version"] == match["version"]


def test_a_stand_in_s_card_lost_with_the_broker_is_played_by_the_sweep(
    make_player: MakePlayer, broker_down: None, caplog: pytest.LogCaptureFixture
) -> None:
    host, guest = make_player(), make_player()
    match_id = create_friend_match(host, guest)["id"]
    turn = fetch(host, match_id)["view"]["deal"]["turn"]
    mover = (host, guest)[turn]
    assert act(mover, fetch(mover, match_id), {"type": "pause"}, "p").status_code == 200
    ran_out = timezone.now() + PAUSE_LENGTH + timedelta(seconds=1)
    with caplog.at_level(logging.ERROR):
        assert deadlines.deadlines_apply(match_id, now=ran_out) >= 1  # the stand-in begins
    stood_in = Match.objects.get(pk=match_id)
    assert stood_in.turn_seat == turn  # its card was to follow, but the task was lost
    broker_back()
    assert services.bot_moves_overdue(now=ran_out + LATER) == [stood_in.id]
    assert services.bot_moves_sweep(now=ran_out + LATER) == 1
    cards = MatchEvent.objects.filter(match_id=match_id, seq__gt=stood_in.version)
    played: Any = cards.filter(type="card_played").first()
    assert played is not None and played.payload["seat"] == turn and played.payload["stand_in"]
