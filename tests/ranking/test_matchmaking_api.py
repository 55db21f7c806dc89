"""Matchmaking as players meet it: tickets over the API, pairing, the push, cancellation."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from typing import Any

import pytest
from channels.layers import get_channel_layer

from apps.chat.models import Block
from apps.matches.models import Match
from apps.moderation.models import Sanction
from apps.ranking import matchmaking, tasks
from apps.ranking.models import Rating
from tests.conftest import Player

# Pairing runs after commit, as in production: these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True)

TICKETS = "/api/v1/matchmaking/tickets/"


def ask(player: Player, stake: int = 100) -> Any:
    return player.client.post(TICKETS, {"stake": stake}, format="json")


def poll(player: Player, ticket_id: int) -> dict[str, Any]:
    response = player.client.get(f"{TICKETS}{ticket_id}/")
    assert response.status_code == 200
    return response.json()


def rated(make_player: Any, rating: int) -> Player:
    player = make_player()
    Rating.objects.create(user=player.user, rating=rating, matches=30)
    return player


def test_two_players_at_one_stake_are_paired_into_one_ranked_match(
    make_player, creator, clock
) -> None:
    anna, bela = make_player(display_name="Anna"), make_player(display_name="Béla")
    first = ask(anna)
    assert first.status_code == 201
    assert first.json()["status"] == "waiting"
    assert first.json()["match_id"] is None

    second = ask(bela).json()
    assert second["status"] == "matched"
    assert second["opponent"] == {"id": anna.user.pk, "name": "Anna"}
    mine = poll(anna, first.json()["id"])
    assert mine["status"] == "matched"
    assert mine["match_id"] == second["match_id"]
    assert mine["opponent"]["name"] == "Béla"
    assert creator.calls == [((anna.user.pk, bela.user.pk), 100, mine["match_id"])]
    match = Match.objects.get(pk=mine["match_id"])
    assert (match.mode, match.stake) == ("ranked", 100)


def test_different_stakes_are_never_paired(make_player, creator, clock) -> None:
    anna, bela = make_player(), make_player()
    a, b = ask(anna, 20).json(), ask(bela, 50).json()
    clock.advance(500)
    tasks.matchmaking_sweep.delay()
    assert poll(anna, a["id"])["status"] == poll(bela, b["id"])["status"] == "waiting"
    assert creator.calls == []


def test_the_closest_rating_is_preferred(make_player, creator, clock) -> None:
    anna, far, near = rated(make_player, 1500), rated(make_player, 1580), rated(make_player, 1520)
    a = matchmaking.ticket_create(user=anna.user, stake=100)
    assert a.status == "waiting"
    # far (80 apart: acceptable) and near (20 apart) arrive together: one pairing run sees both
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(matchmaking, "_pairing_schedule", lambda stake: None)
        matchmaking.ticket_create(user=far.user, stake=100)
        matchmaking.ticket_create(user=near.user, stake=100)
    assert matchmaking.matchmaking_pair(stake=100) == 1
    assert creator.calls[0][0] == (anna.user.pk, near.user.pk)
    assert poll(anna, a.pk)["opponent"]["id"] == near.user.pk


def test_the_accepted_gap_widens_with_the_time_waited(make_player, creator, clock) -> None:
    low, high = rated(make_player, 1500), rated(make_player, 1750)
    a = ask(low).json()
    b = ask(high).json()
    assert b["status"] == "waiting"  # 250 apart: more than the 100 accepted at once
    clock.advance(10)  # 200 accepted now
    assert poll(low, a["id"])["status"] == "waiting"
    clock.advance(5)  # 250
    assert poll(low, a["id"])["status"] == "matched"
    assert poll(high, b["id"])["opponent"]["id"] == low.user.pk


def test_blocked_players_are_never_paired(make_player, creator, clock) -> None:
    anna, bela, cili = make_player(), make_player(), make_player()
    Block.objects.create(blocker=bela.user, blocked=anna.user)
    a, b = ask(anna).json(), ask(bela).json()
    assert a["status"] == b["status"] == "waiting"  # equal ratings, but blocked
    clock.advance(500)
    tasks.matchmaking_sweep.delay()
    assert poll(anna, a["id"])["status"] == poll(bela, b["id"])["status"] == "waiting"
    assert creator.calls == []
    c = ask(cili).json()
    assert c["status"] == "matched"
    assert c["opponent"]["id"] == anna.user.pk  # the longer waiting of the two
    assert poll(bela, b["id"])["status"] == "waiting"


def test_one_open_ticket_per_player(make_player, creator, clock) -> None:
    anna = make_player()
    first = ask(anna).json()
    again = ask(anna, 500)
    assert again.status_code == 409
    assert again["Content-Type"] == "application/problem+json"
    assert again.json()["code"] == "ticket_already_open"
    assert again.json()["ticket_id"] == first["id"]
    cancelled = anna.client.delete(f"{TICKETS}{first['id']}/")
    assert cancelled.status_code == 200
    assert cancelled.json()["status"] == "cancelled"
    assert cancelled.json()["cancel_reason"] == "cancelled_by_player"
    assert ask(anna, 500).status_code == 201


def test_guests_restricted_players_and_bad_stakes_are_refused(make_player, creator) -> None:
    guest = make_player(guest=True)
    refused = ask(guest)
    assert refused.status_code == 403
    assert refused.json()["code"] == "registration_required"

    banned, moderator = make_player(), make_player(is_staff=True)
    Sanction.objects.create(
        user=banned.user, kind=Sanction.Kind.BAN, reason="cheating", created_by=moderator.user
    )
    assert ask(banned).json()["code"] == "banned"

    bad = ask(make_player(), 30)
    assert bad.status_code == 400
    assert bad.json()["code"] == "invalid_stake"
    assert make_player().client.post(TICKETS, {}, format="json").status_code == 400


def test_a_ticket_is_private_and_a_matched_one_cannot_be_cancelled(
    make_player, creator, clock
) -> None:
    anna, bela, stranger = make_player(), make_player(), make_player()
    a = ask(anna).json()
    ask(bela)
    hidden = stranger.client.get(f"{TICKETS}{a['id']}/")
    assert hidden.status_code == 404
    assert hidden.json()["code"] == "ticket_not_found"
    assert stranger.client.delete(f"{TICKETS}{a['id']}/").status_code == 404
    late = anna.client.delete(f"{TICKETS}{a['id']}/")
    assert late.status_code == 409
    assert late.json()["code"] == "already_matched"
    assert late.json()["match_id"] == poll(anna, a["id"])["match_id"]


def test_a_player_short_of_coins_loses_the_ticket_and_the_other_keeps_waiting(
    make_player, creator, clock
) -> None:
    poor, rich, third = make_player(), make_player(), make_player()
    creator.short_of_coins.add(poor.user.pk)
    p = ask(poor, 1000).json()
    r = ask(rich, 1000).json()
    assert r["status"] == "waiting"
    cancelled = poll(poor, p["id"])
    assert (cancelled["status"], cancelled["cancel_reason"]) == ("cancelled", "insufficient_coins")
    assert ask(third, 1000).json()["status"] == "matched"
    assert poll(rich, r["id"])["opponent"]["id"] == third.user.pk


def test_unanswered_tickets_expire_after_ten_minutes(make_player, creator, clock) -> None:
    anna = make_player()
    a = ask(anna).json()
    clock.advance(599)
    tasks.matchmaking_sweep.delay()
    assert poll(anna, a["id"])["status"] == "waiting"
    clock.advance(2)
    tasks.matchmaking_sweep.delay()
    expired = poll(anna, a["id"])
    assert (expired["status"], expired["cancel_reason"]) == ("cancelled", "expired")


@pytest.fixture
def socket_loop() -> Iterator[Callable[[Coroutine[Any, Any, Any]], Any]]:
    """An event loop on its own thread, as a socket server has: channels subscribed there stay
    subscribed while the test makes its requests. Returns ``run(coroutine) -> result``."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield lambda coroutine: asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout=10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=5)


def test_both_players_are_told_on_their_socket_group(make_player, creator, socket_loop) -> None:
    anna, bela = make_player(), make_player()
    layer = get_channel_layer()
    inbox = {}
    for player in (anna, bela):
        channel = socket_loop(layer.new_channel())
        socket_loop(layer.group_add(f"user.{player.user.pk}", channel))
        inbox[player.user.pk] = channel
    a = ask(anna).json()
    b = ask(bela).json()
    for player, ticket, other in ((anna, a, bela), (bela, b, anna)):
        message = socket_loop(layer.receive(inbox[player.user.pk]))
        assert message["type"] == "matchmaking.matched"
        assert message["ticket_id"] == ticket["id"]
        assert message["match_id"] == b["match_id"]
        assert message["stake"] == 100
        assert message["opponent"]["id"] == other.user.pk


def test_a_player_banned_while_waiting_is_not_paired(make_player, creator, clock) -> None:
    anna, bela, moderator = make_player(), make_player(), make_player(is_staff=True)
    a = ask(anna).json()
    Sanction.objects.create(
        user=anna.user, kind=Sanction.Kind.BAN, reason="cheating", created_by=moderator.user
    )
    b = ask(bela).json()
    assert b["status"] == "waiting"
    gone = poll(anna, a["id"])
    assert (gone["status"], gone["cancel_reason"]) == ("cancelled", "restricted")
    assert creator.calls == []
