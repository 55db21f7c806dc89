"""A suspension or a ban takes effect at once, everywhere (docs/moderation.md): when it is
issued (in the admin, by resolving a report, or by the service), the player's waiting rooms are
closed (or left, when another player opened them), its matchmaking ticket is cancelled, every
running online match it sits in ends as its technical loss (at four seats Kati takes its seat
and the table plays on), its match sockets are closed, and nothing the sanction forbids
succeeds afterwards: a move, a pause, a rematch either way, a new socket. Matches against the
computer go on. The other players learn nothing of the sanction: a closed room, a technical
loss, an offer that ran out. Lifting it lets the player play new matches; what ended stays
ended."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Callable
from datetime import timedelta
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from apps.accounts.models import User
from apps.matches import services as match_services
from apps.matches.models import Match, Seat
from apps.moderation.models import Report, Sanction
from apps.moderation.services import report_resolve, sanction_issue, sanction_lift
from apps.ranking.models import RatingChange, Ticket
from apps.wallet.integrity import escrows_holding, ledger_problems
from apps.wallet.selectors import balance_of
from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import GIVING_UP, act, create_computer_match, create_friend_match, fetch
from tests.matches.ws_helpers import TIMEOUT, Sockets, expect_refusal, in_thread

from .conftest import make_moderator

pytestmark = pytest.mark.django_db(transaction=True)

KINDS = ("suspension", "ban")
CODES = {"suspension": "suspended", "ban": "banned"}
# Words that would tell the other players about the sanction.
TELLTALES = ("suspen", "banned", "sanction", "moderat")


def _until(kind: str) -> Any:
    return timezone.now() + timedelta(days=3) if kind == "suspension" else None


def _issue(moderator: User, player: Player, kind: str) -> Sanction:
    return sanction_issue(
        moderator=moderator, user=player.user, kind=kind, reason="threats", until=_until(kind)
    )


def _issue_in_admin(browser: Client, player: Player, kind: str) -> Sanction:
    form: dict[str, Any] = {"user": player.user.pk, "kind": kind, "reason": "threats"}
    until = _until(kind)
    if until is not None:
        local = timezone.localtime(until)
        form |= {"ends_at_0": local.strftime("%Y-%m-%d"), "ends_at_1": local.strftime("%H:%M:%S")}
    added = browser.post("/admin/moderation/sanction/add/", form)
    assert added.status_code == 302, added.content.decode()[-2000:]
    return Sanction.objects.get(user=player.user, kind=kind)


def _issue_on_report(moderator: User, reporter: Player, player: Player, kind: str) -> Sanction:
    filed = reporter.client.post(
        "/api/v1/reports/",
        {"reported_user_id": player.user.pk, "category": "threat", "reason": "threats"},
        format="json",
    )
    assert filed.status_code == 201, filed.content
    report = Report.objects.get(pk=filed.json()["id"])
    report_resolve(
        moderator=moderator, report=report, action=kind, reason="threats", until=_until(kind)
    )
    return Sanction.objects.get(report=report)


def _silent_about_it(*bodies: Any) -> None:
    """Nothing the other players are shown names the sanction."""
    shown = json.dumps(bodies).lower()
    assert not any(word in shown for word in TELLTALES), shown


def _a_card(match: dict) -> dict:
    return next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")


# --- waiting rooms and the matchmaking queue --------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_room_opened_before_the_sanction_is_closed_as_if_by_its_host(
    make_player: MakePlayer, moderator_browser: Client, kind: str
) -> None:
    """The finding: a friend room opened, its host suspended in the admin, another player
    joined and the host played on."""
    host, friend = make_player(), make_player()
    room = host.client.post("/api/v1/rooms/", {}, format="json").json()
    _issue_in_admin(moderator_browser, host, kind)
    joined = friend.client.post(
        "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
    )
    assert (joined.status_code, joined.json()["code"]) == (410, "invite_cancelled")
    _silent_about_it(joined.json())
    closed = fetch(host, room["id"])
    assert closed["status"] == "cancelled" and closed["invite"] is None
    played = act(host, closed, {"type": "play_card", "card": "PA"}, "late")
    assert (played.status_code, played.json()["code"]) == (403, CODES[kind])
    kati = host.client.post(f"/api/v1/rooms/{room['id']}/seats/", {}, format="json")
    assert kati.status_code in (403, 409) and Seat.objects.filter(match_id=room["id"]).count() == 1


def test_a_player_waiting_in_another_players_room_leaves_it(
    make_player: MakePlayer, moderator: User
) -> None:
    host, sanctioned, friend, late = (make_player() for _ in range(4))
    room = host.client.post("/api/v1/rooms/", {"variant": "partnership"}, format="json").json()
    code = room["invite"]["code"]
    for player in (sanctioned, friend):
        joined = player.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
        assert joined.status_code == 200, joined.content
    _issue(moderator, sanctioned, "suspension")
    waiting = fetch(host, room["id"])
    assert waiting["status"] == "waiting"
    names = [p["name"] for p in waiting["players"]]
    assert names == [host.user.public_name, friend.user.public_name]
    gone = sanctioned.client.get(f"/api/v1/matches/{room['id']}/")
    assert (gone.status_code, gone.json()["code"]) == (404, "match_not_found")
    # the free seat is taken as any other: the room fills and starts
    assert late.client.post("/api/v1/rooms/join/", {"code": code}, format="json").status_code == 200
    started = host.client.post(f"/api/v1/rooms/{room['id']}/seats/", {}, format="json").json()
    assert started["status"] == "active"
    assert [p["seat"] for p in started["players"]] == [0, 1, 2, 3]
    assert sanctioned.user.pk not in Seat.objects.filter(match_id=room["id"]).values_list(
        "user_id", flat=True
    )


@pytest.mark.parametrize("kind", KINDS)
def test_a_waiting_matchmaking_ticket_is_cancelled_at_once(
    make_player: MakePlayer, moderator: User, kind: str
) -> None:
    player = make_player()
    asked = player.client.post("/api/v1/matchmaking/tickets/", {"stake": 20}, format="json")
    assert asked.status_code == 201 and asked.json()["status"] == "waiting"
    _issue(moderator, player, kind)
    ticket = player.client.get(f"/api/v1/matchmaking/tickets/{asked.json()['id']}/").json()
    assert (ticket["status"], ticket["cancel_reason"]) == ("cancelled", "restricted")
    assert not Ticket.objects.filter(user=player.user, status=Ticket.Status.WAITING).exists()


# --- running matches ---------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["service", "report"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_running_friend_match_ends_as_the_sanctioned_players_loss(
    make_player: MakePlayer, moderator: User, kind: str, how: str
) -> None:
    host, rude = make_player(), make_player()
    match = create_friend_match(host, rude)
    against_kati = create_computer_match(rude)
    if how == "service":
        sanction = _issue(moderator, rude, kind)
    else:
        sanction = _issue_on_report(moderator, host, rude, kind)
    seen = fetch(host, match["id"])
    assert (seen["status"], seen["winner_seat"], seen["end_reason"]) == (
        "finished",
        0,
        "technical_loss",
    )
    assert seen["view"]["result"]["radli"] == 1
    feed = host.client.get(f"/api/v1/matches/{match['id']}/events/?after_seq=0").json()
    assert feed["events"][-1]["event"]["type"] == "match_ended"
    _silent_about_it(seen, feed)
    # nothing more in it for the sanctioned player: no card, no pause
    theirs = fetch(rude, match["id"])
    assert theirs["view"]["legal_actions"] == []
    for action in ({"type": "play_card", "card": "PA"}, {"type": "pause"}):
        refused = act(rude, theirs, action, f"late-{action['type']}")
        assert (refused.status_code, refused.json()["code"]) == (403, CODES[kind])
    # the computer is not online play: that match goes on
    kati = fetch(rude, against_kati["id"])
    assert kati["status"] == "active"
    assert act(rude, kati, _a_card(kati), "k1").status_code == 200
    # lifting the sanction lets the player play new matches; the ended one stays ended
    sanction_lift(moderator=make_moderator(), sanction=sanction, reason="appeal upheld")
    assert fetch(host, match["id"])["status"] == "finished"
    assert rude.client.post("/api/v1/rooms/", {}, format="json").status_code == 201


@pytest.mark.parametrize("kind", KINDS)
def test_a_ranked_match_is_settled_as_a_forfeit(
    make_player: MakePlayer, moderator: User, kind: str
) -> None:
    good, rude = make_player(), make_player()
    for player in (good, rude):
        wallet_open(user=player.user)
    start = balance_of(good.user.id)
    stake = 100
    match_id = match_services.match_create_ranked(
        user_ids=(good.user.id, rude.user.id), stake=stake
    )
    _issue(moderator, rude, kind)
    seen = fetch(good, match_id)
    assert (seen["status"], seen["winner_seat"], seen["end_reason"]) == (
        "finished",
        0,
        "technical_loss",
    )
    _silent_about_it(seen)
    # the pot went to the winner, the escrow is empty, no coin was made or lost
    assert balance_of(good.user.id) == start + stake
    assert balance_of(rude.user.id) == start - stake
    assert escrows_holding([Match.objects.get(pk=match_id).pk]) == {}
    assert list(ledger_problems()) == []
    # rated as any decided match: the winner gains what the loser gives
    changes = {c.user_id: c for c in RatingChange.objects.filter(match_id=match_id)}
    assert changes[good.user.id].won and not changes[rude.user.id].won
    assert changes[good.user.id].delta > 0 > changes[rude.user.id].delta


def test_at_a_partnership_table_kati_takes_the_seat_and_the_table_plays_on(
    make_player: MakePlayer, moderator: User
) -> None:
    host, rude, friend = (make_player() for _ in range(3))
    room = host.client.post("/api/v1/rooms/", {"variant": "partnership"}, format="json").json()
    for player in (rude, friend):
        player.client.post("/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json")
    started = host.client.post(f"/api/v1/rooms/{room['id']}/seats/", {}, format="json").json()
    assert started["status"] == "active"
    match_id, seat = room["id"], fetch(rude, room["id"])["your_seat"]
    _issue(moderator, rude, "ban")
    seen = fetch(host, match_id)
    assert seen["status"] == "active"  # the others play on
    assert seen["view"]["presence"]["taken_over"][seat] == "technical_loss"  # as a quitter
    _silent_about_it(seen["view"]["presence"], seen["players"])
    assert Seat.objects.get(match_id=match_id, index=seat).quit_reason == "technical_loss"
    assert fetch(rude, match_id)["view"]["legal_actions"] == []
    # the two people left play; Kati plays the sanctioned player's cards
    rng = random.Random(5)
    for _ in range(150):
        for player in (host, friend):
            current = fetch(player, match_id)
            moves = [
                a
                for a in current["view"]["legal_actions"]
                if a["type"] not in (*GIVING_UP, "pause", "resume", "show_hand")
            ]
            if current["status"] == "active" and moves:
                answer = act(player, current, rng.choice(moves), f"m{rng.getrandbits(48)}")
                assert answer.status_code in (200, 409), answer.content
        feed = host.client.get(f"/api/v1/matches/{match_id}/events/?after_seq=0").json()
        by_kati = [
            e
            for e in feed["events"]
            if e["event"].get("seat") == seat and e["event"].get("stand_in")
        ]
        if by_kati:
            break
    assert by_kati, "Kati played the sanctioned player's seat"


# --- what stays refused ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_sanction_row_alone_already_refuses_moves_and_pauses_online(
    make_player: MakePlayer, kind: str
) -> None:
    """The guard in the move service: even a sanction that did not go through
    ``sanction_issue`` (written by hand) refuses every move but quitting."""
    host, rude = make_player(), make_player()
    match = create_friend_match(host, rude)
    Sanction.objects.create(
        user=rude.user, kind=kind, reason="test", created_by=make_moderator(), ends_at=_until(kind)
    )
    current = fetch(rude, match["id"])
    for action in ({"type": "pause"}, {"type": "show_hand"}):
        refused = act(rude, current, action, f"x-{action['type']}")
        assert (refused.status_code, refused.json()["code"]) == (403, CODES[kind])
    assert act(rude, current, {"type": "resign"}, "bye").status_code == 200


def _rematch(player: Player, match_id: str, accept: bool = False) -> Any:
    path = f"/api/v1/matches/{match_id}/rematch/" + ("accept/" if accept else "")
    return player.client.post(path)


@pytest.mark.parametrize("kind", KINDS)
def test_no_rematch_with_a_sanctioned_player_either_way(
    make_player: MakePlayer, moderator: User, kind: str
) -> None:
    host, rude = make_player(), make_player()
    finished = []
    for offerer in (rude, host):  # two finished matches, a rematch offered in each
        match = create_friend_match(host, rude)
        assert act(host, match, {"type": "resign"}, "gg").status_code == 200
        assert _rematch(offerer, match["id"]).status_code == 202
        finished.append(match["id"])
    offered_by_rude, offered_by_host = finished
    _issue(moderator, rude, kind)
    # the other player: the offer is gone, a new one cannot be made; no word of the sanction
    accepted = _rematch(host, offered_by_rude, accept=True)
    assert (accepted.status_code, accepted.json()["code"]) == (410, "rematch_expired")
    offered = _rematch(host, offered_by_host)
    assert (offered.status_code, offered.json()["code"]) == (409, "rematch_unavailable")
    _silent_about_it(accepted.json(), offered.json())
    # the sanctioned player is told its own restriction
    for response in (_rematch(rude, offered_by_host, accept=True), _rematch(rude, offered_by_rude)):
        assert (response.status_code, response.json()["code"]) == (403, CODES[kind])
    assert not Match.objects.filter(rematch_of__in=finished).exists()


# --- sockets ------------------------------------------------------------------------------------


@pytest.fixture
async def sockets() -> AsyncIterator[Sockets]:
    opened = Sockets()
    yield opened
    await opened.close_all()


async def _error_after_events(socket: WebsocketCommunicator, close_code: int) -> dict:
    """Skip the match's pushed events; then the error frame and the close."""
    while True:
        frame = await socket.receive_json_from(timeout=TIMEOUT)
        if frame["type"] != "event":
            break
    assert frame["type"] == "error", frame
    closed = await socket.receive_output(timeout=TIMEOUT)
    assert closed == {"type": "websocket.close", "code": close_code}, closed
    return frame


async def _events_until_end(socket: WebsocketCommunicator) -> dict:
    while True:
        frame = await socket.receive_json_from(timeout=TIMEOUT)
        assert frame["type"] == "event", frame
        if frame["event"]["type"] == "match_ended":
            return frame


@pytest.mark.parametrize("kind", KINDS)
async def test_the_sanctioned_players_match_sockets_are_closed_and_new_ones_refused(
    make_player: Callable[..., Player], moderator: User, sockets: Sockets, kind: str
) -> None:
    host, rude = await in_thread(make_player), await in_thread(make_player)
    match = await in_thread(create_friend_match, host, rude)
    against_kati = await in_thread(create_computer_match, rude)
    rude_socket, _ = await sockets.ready(match["id"], rude.token)
    host_socket, _ = await sockets.ready(match["id"], host.token)
    kati_socket, _ = await sockets.ready(against_kati["id"], rude.token)
    sanction = await in_thread(_issue, moderator, rude, kind)

    error = await _error_after_events(rude_socket, 4403)
    assert error["code"] == CODES[kind]
    if kind == "suspension":
        assert error["ends_at"] == sanction.ends_at.isoformat()  # type: ignore[union-attr]
    # the opponent is told the match ended, nothing more, and keeps its socket
    ended = await _events_until_end(host_socket)
    assert ended["event"]["reason"] == "technical_loss" and ended["event"]["winner"] == 0
    _silent_about_it(ended)
    await host_socket.send_json_to({"type": "ping"})
    assert await host_socket.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}
    # the socket on the match against the computer stays open
    await kati_socket.send_json_to({"type": "ping"})
    assert await kati_socket.receive_json_from(timeout=TIMEOUT) == {"type": "pong"}

    again = await sockets.connect(match["id"])
    await again.send_json_to({"type": "authenticate", "token": rude.token})
    refused = await expect_refusal(again, 4403)
    assert refused["code"] == CODES[kind]
    _, ready = await sockets.ready(against_kati["id"], rude.token)
    assert ready["seat"] == 0
