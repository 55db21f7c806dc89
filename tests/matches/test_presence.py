"""Presence and time in the service, with a controlled clock: the reconnect window (back at 59 s,
a technical loss with its payout at 61 s, both gone voided and refunded), silent sockets,
heartbeats, pauses with the computer standing in, and shown hands."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from apps.matches import attendance, deadlines, services, tasks
from apps.matches.models import MatchEvent
from apps.ranking.models import Rating, RatingChange
from apps.wallet.selectors import balance_of
from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import (
    act,
    create_computer_match,
    create_friend_match,
    fetch,
    hidden_by_version,
    shown,
)
from tests.schema_check import Check

pytestmark = pytest.mark.django_db(transaction=True)
STAKE = 100


@pytest.fixture
def clock() -> Iterator[time_machine.Coordinates]:
    """The service's clock, stopped at the real time now and moved only by the test."""
    with time_machine.travel(datetime.now(UTC), tick=False) as traveller:
        yield traveller


def _ranked(make_player: MakePlayer) -> tuple[Player, Player, str]:
    a, b = make_player(), make_player()
    for p in (a, b):
        wallet_open(user=p.user)
    match_id = services.match_create_ranked(user_ids=(a.user.id, b.user.id), stake=STAKE)
    return a, b, match_id  # a sits in seat 0, b in seat 1


def _socket_gone(match_id: str, seat: int) -> None:
    """The seat's only match socket opens and then closes (a phone losing its signal)."""
    attendance.socket_opened(match_id, seat)
    assert attendance.socket_closed(match_id, seat)


def _wait(clock: time_machine.Coordinates, seconds: float, match_id: str, *present: Player) -> None:
    """Let ``seconds`` pass while the ``present`` players send a heartbeat every 10 s, as their
    apps do (a player who sends nothing for 30 s counts as gone)."""
    while seconds > 0:
        step = min(10, seconds)
        clock.shift(step)
        seconds -= step
        for player in present:
            response = player.client.post(f"/api/v1/matches/{match_id}/heartbeat/")
            assert response.status_code == 200


def _types(match_id: str) -> list[str]:
    return list(MatchEvent.objects.filter(match_id=match_id).values_list("type", flat=True))


def _events(player: Player, match_id: str) -> list[dict]:
    response = player.client.get(f"/api/v1/matches/{match_id}/events/?after_seq=0")
    assert response.status_code == 200, response.content
    return [envelope["event"] for envelope in response.json()["events"]]


# --- the reconnect window ---------------------------------------------------------------------


def test_back_at_59_seconds_keeps_the_match(
    make_player: MakePlayer, clock: time_machine.Coordinates
) -> None:
    a, b, match_id = _ranked(make_player)
    _socket_gone(match_id, 0)
    deadline = datetime.fromisoformat(fetch(b, match_id)["view"]["presence"]["away_until"][0])
    assert deadline == datetime.now(UTC) + timedelta(seconds=60)  # the opponent's countdown
    _wait(clock, 59, match_id, b)
    assert fetch(a, match_id)["status"] == "active"  # a's return: any request is a sign of life
    assert fetch(b, match_id)["view"]["presence"]["away_until"] == [None, None]
    _wait(clock, 2, match_id, a, b)
    assert deadlines.deadlines_apply(match_id) == 0 and tasks.deadlines_sweep() == 0
    assert fetch(b, match_id)["status"] == "active"
    assert _types(match_id).count("player_reconnected") == 1


def test_gone_for_61_seconds_is_a_technical_loss_with_the_payout(
    make_player: MakePlayer, clock: time_machine.Coordinates
) -> None:
    a, b, match_id = _ranked(make_player)
    start = balance_of(a.user.id) + STAKE  # before the stakes were held
    _socket_gone(match_id, 0)
    _wait(clock, 59, match_id, b)
    assert fetch(b, match_id)["status"] == "active"
    clock.shift(2)
    match = fetch(b, match_id)  # the opponent's load applies the deadline
    assert (match["status"], match["end_reason"], match["winner_seat"]) == (
        "finished",
        "technical_loss",
        1,
    )
    assert balance_of(b.user.id) == start + STAKE and balance_of(a.user.id) == start - STAKE
    assert Rating.objects.get(user=a.user).rating < 1500 < Rating.objects.get(user=b.user).rating
    assert tasks.deadlines_sweep() == 0  # a second application has no effect
    assert _types(match_id).count("match_ended") == 1


def test_both_gone_voids_the_match_and_refunds_both(
    make_player: MakePlayer, clock: time_machine.Coordinates
) -> None:
    a, b, match_id = _ranked(make_player)
    start = balance_of(a.user.id) + STAKE
    _socket_gone(match_id, 0)
    _wait(clock, 10, match_id, b)
    _socket_gone(match_id, 1)
    clock.shift(51)  # a's window ran out while b is away too
    assert tasks.deadlines_sweep() == 1  # the beat sweep, no load needed
    match = fetch(a, match_id)
    assert (match["status"], match["end_reason"], match["winner_seat"]) == (
        "finished",
        "abandoned",
        None,
    )
    assert balance_of(a.user.id) == balance_of(b.user.id) == start
    assert not RatingChange.objects.filter(match_id=match_id).exists()


def test_a_second_socket_keeps_the_seat_connected(
    make_player: MakePlayer, clock: time_machine.Coordinates
) -> None:
    _, b, match_id = _ranked(make_player)
    attendance.socket_opened(match_id, 0)
    attendance.socket_opened(match_id, 0)  # the app reconnected before the old socket closed
    assert not attendance.socket_closed(match_id, 0)
    assert fetch(b, match_id)["view"]["presence"]["away_until"] == [None, None]


def test_a_silent_seat_is_gone_after_the_timeout_and_heartbeats_keep_one_present(
    make_player: MakePlayer, clock: time_machine.Coordinates, settings: object, check: Check
) -> None:
    a, b, match_id = _ranked(make_player)
    timeout = settings.PRESENCE_TIMEOUT_SECONDS  # type: ignore[attr-defined]
    clock.shift(timeout - 5)
    beat = a.client.post(f"/api/v1/matches/{match_id}/heartbeat/")
    body = check(beat, "/api/v1/matches/{match_id}/heartbeat/", "post")
    assert body["presence"]["away_until"] == [None, None]
    clock.shift(6)  # b has been silent for longer than the timeout; a has not
    assert tasks.deadlines_sweep() == 1
    match = check(a.client.get(f"/api/v1/matches/{match_id}/"), "/api/v1/matches/{match_id}/")
    away = match["view"]["presence"]["away_until"]
    assert away[0] is None and away[1] is not None
    # b comes back through a heartbeat: present again, and the match goes on
    assert b.client.post(f"/api/v1/matches/{match_id}/heartbeat/").status_code == 200
    assert fetch(a, match_id)["view"]["presence"]["away_until"] == [None, None]


def test_a_heartbeat_for_someone_elses_match_is_not_found(make_player: MakePlayer) -> None:
    _, _, match_id = _ranked(make_player)
    stranger = make_player()
    response = stranger.client.post(f"/api/v1/matches/{match_id}/heartbeat/")
    assert response.status_code == 404
    assert response.json()["code"] == "match_not_found"


# --- pause and the stand-in -------------------------------------------------------------------


def _friends(make_player: MakePlayer) -> tuple[Player, Player, str, int]:
    """A friend match; returns (the player to move, the other, the match id, the mover's seat)."""
    host, guest = make_player(), make_player()
    match_id = create_friend_match(host, guest)["id"]
    turn = fetch(host, match_id)["view"]["deal"]["turn"]
    return (host, guest, match_id, 0) if turn == 0 else (guest, host, match_id, 1)


def _play_any(player: Player, match_id: str, move_id: str) -> None:
    match = fetch(player, match_id)
    card = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")
    assert act(player, match, card, move_id).status_code == 200


def test_a_pause_runs_out_into_stand_in_moves_that_ok_stops(
    make_player: MakePlayer, clock: time_machine.Coordinates
) -> None:
    mover, other, match_id, seat = _friends(make_player)
    response = act(mover, fetch(mover, match_id), {"type": "pause"}, "p1")
    assert response.status_code == 200, response.content
    paused = fetch(other, match_id)["view"]["presence"]["paused"][seat]
    assert paused["stand_in"] is False  # the opponent sees the pause
    clock.shift(19)
    assert fetch(other, match_id)["view"]["deal"]["turn"] == seat  # still waiting
    clock.shift(2)
    match = fetch(other, match_id)  # the load applies the deadline; the stand-in plays at once
    assert match["view"]["presence"]["paused"][seat]["stand_in"] is True
    stand_in_cards = [
        e for e in _events(other, match_id) if e["type"] == "card_played" and e["stand_in"]
    ]
    assert [e["seat"] for e in stand_in_cards] == [seat]
    # the player presses OK: no card is played for it any more
    assert act(mover, fetch(mover, match_id), {"type": "resume"}, "ok").status_code == 200
    for turn in range(6):
        match = fetch(other, match_id)
        if match["status"] != "active":
            break
        to_move = mover if match["view"]["deal"]["turn"] == seat else other
        _play_any(to_move, match_id, f"after-ok-{turn}")
    feed = _events(other, match_id)
    ended = next(i for i, e in enumerate(feed) if e["type"] == "pause_ended")
    assert not any(e.get("stand_in") for e in feed[ended:])
    assert feed.count({"type": "stand_in_started", "schema_version": 1, "seat": seat}) == 1


def test_pauses_are_limited_and_not_for_games_against_the_computer(
    make_player: MakePlayer,
) -> None:
    mover, _, match_id, _ = _friends(make_player)
    assert act(mover, fetch(mover, match_id), {"type": "pause"}, "p1").status_code == 200
    assert act(mover, fetch(mover, match_id), {"type": "resume"}, "r1").status_code == 200
    again = act(mover, fetch(mover, match_id), {"type": "pause"}, "p2")
    assert (again.status_code, again.json()["code"]) == (409, "pause_limit")
    guest = make_player(guest=True)
    computer = create_computer_match(guest)
    refused = act(guest, fetch(guest, computer["id"]), {"type": "pause"}, "p")
    assert (refused.status_code, refused.json()["code"]) == (409, "online_only")


def test_a_player_cannot_claim_a_stand_in_card(make_player: MakePlayer) -> None:
    mover, other, match_id, _ = _friends(make_player)
    match = fetch(mover, match_id)
    card = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")
    sneaky = act(mover, match, {**card, "stand_in": True}, "sneaky")
    # refused and named (issue 28: no field silently overruled), and no card recorded as the
    # computer's
    assert sneaky.status_code == 400 and "stand_in" in sneaky.json()["detail"]
    assert not [e for e in _events(other, match_id) if e["type"] == "card_played"]
    assert act(mover, match, card, "honest").status_code == 200
    played = [e for e in _events(other, match_id) if e["type"] == "card_played"]
    assert played[-1]["stand_in"] is False


# --- showing one's hand -------------------------------------------------------------------------


def test_a_shown_hand_is_visible_to_the_opponent_for_ten_seconds_only(
    make_player: MakePlayer, clock: time_machine.Coordinates, check: Check
) -> None:
    mover, other, match_id, seat = _friends(make_player)
    hand = set(fetch(mover, match_id)["view"]["deal"]["hand"])
    showing = act(mover, fetch(mover, match_id), {"type": "show_hand"}, "show")
    check(showing, "/api/v1/matches/{match_id}/actions/", "post")
    seen = other.client.get(f"/api/v1/matches/{match_id}/")
    (shown_hand,) = check(seen, "/api/v1/matches/{match_id}/")["view"]["deal"]["shown_hands"]
    assert shown_hand["seat"] == seat and set(shown_hand["cards"]) == hand
    (event,) = [e for e in _events(other, match_id) if e["type"] == "hand_shown"]
    assert set(event["cards"]) == hand
    clock.shift(9)
    assert fetch(other, match_id)["view"]["deal"]["shown_hands"] != []
    clock.shift(1)
    body = fetch(other, match_id)
    assert body["view"]["deal"]["shown_hands"] == []
    feed = _events(other, match_id)
    assert "hand_hidden" in [e["type"] for e in feed]
    # after the 10 s, nothing the opponent can fetch names a card of the hand
    secret = hidden_by_version(match_id, 1 - seat)[body["version"]]
    assert hand <= secret
    assert shown(body, secret) == [] and shown(feed, secret) == []


def test_the_stand_in_plays_a_sixty_six_match_too(
    make_player: MakePlayer, clock: time_machine.Coordinates
) -> None:
    """A paused player's seat in a sixty-six match is played for too: the stand-in plays legal
    cards of the 24-card game until the player is back."""
    host, guest = make_player(), make_player()
    room = host.client.post("/api/v1/rooms/", {"variant": "sixty-six"}, format="json")
    assert room.status_code == 201, room.content
    code = room.json()["invite"]["code"]
    assert (
        guest.client.post("/api/v1/rooms/join/", {"code": code}, format="json").status_code == 200
    )
    match_id = room.json()["id"]
    turn = fetch(host, match_id)["view"]["deal"]["turn"]
    mover, other, seat = (host, guest, 0) if turn == 0 else (guest, host, 1)
    assert len(fetch(mover, match_id)["view"]["deal"]["hand"]) == 6
    assert act(mover, fetch(mover, match_id), {"type": "pause"}, "p1").status_code == 200
    clock.shift(21)
    match = fetch(other, match_id)
    assert match["view"]["presence"]["paused"][seat]["stand_in"] is True
    played = [e for e in _events(other, match_id) if e["type"] == "card_played" and e["stand_in"]]
    assert [e["seat"] for e in played] == [seat]
