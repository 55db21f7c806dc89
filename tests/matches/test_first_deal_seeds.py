"""A match the server makes (a ranked pairing, a rematch) takes its players' seeds for its first
deal too (docs/api.md section 7.0, issue 39): the match starts with the server's commitment to
the first deal's secret and no deal; each player sends a seed of their own after seeing it
(``POST …/seeds/``), and the deal is dealt when the last is in; a seat that sends none in
``FIRST_DEAL_SEED_SECONDS`` gets a server seed, marked so. Neither the server nor one player
could have chosen the deck, and nobody waits for a client that sends its seed."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest

from apps.matches import deadlines, event_store
from apps.matches.models import Match
from apps.ranking.matchmaking import ticket_create
from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import act, fetch, record_verifies

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 12  # seconds: above the product's 10 (a busy machine never gets there by itself), under
# the presence timeout (30 s: no seat goes silent before the wait is over)
SEEDS = {0: "a1" * 16, 1: "b2" * 16}


@pytest.fixture(autouse=True)
def product_wait(settings: Any) -> None:
    settings.FIRST_DEAL_SEED_SECONDS = WAIT


def paired(make_player: MakePlayer) -> tuple[dict[int, Player], str]:
    """Two members who asked for a ranked klub match at the same stake, paired: by seat."""
    a, b = make_player(display_name="Anna"), make_player(display_name="Béla")
    for player in (a, b):
        wallet_open(user=player.user)
        ticket_create(user=player.user, stake=100)  # paired as soon as the second is in
    match = Match.objects.get()
    seats = {seat.user_id: seat.index for seat in match.seats.all()}
    return {seats[a.user.id]: a, seats[b.user.id]: b}, str(match.id)


def send_seed(player: Player, match_id: str, body: Any) -> Any:
    return player.client.post(f"/api/v1/matches/{match_id}/seeds/", body, format="json")


def seed_of(seat: int, deal: int = 1) -> dict[str, Any]:
    return {"deal": deal, "value": SEEDS[seat]}


def types(answer: Any) -> list[str]:
    return [envelope["event"]["type"] for envelope in answer.json()["events"]]


def deal_record(player: Player, match_id: str, number: int = 1) -> dict[str, Any]:
    answer = player.client.get(f"/api/v1/matches/{match_id}/deals/{number}/")
    assert answer.status_code == 200, answer.content
    return answer.json()


def resign(player: Player, match_id: str) -> None:
    assert act(player, fetch(player, match_id), {"type": "resign"}, "gg").status_code == 200


def test_a_ranked_pairing_deals_its_first_deal_from_both_players_seeds(
    make_player: MakePlayer,
) -> None:
    players, match_id = paired(make_player)
    seen = {seat: fetch(player, match_id) for seat, player in players.items()}
    for match in seen.values():
        view = match["view"]
        # no cards yet: the same commitment shown to both, and nobody's seed is in
        assert view["status"] == "awaiting_deal" and view["deal"] is None
        assert view["next_deal"]["number"] == 1 and view["next_deal"]["seeded"] == []
        assert view["next_deal"]["commitment"] == seen[0]["view"]["next_deal"]["commitment"]
        assert datetime.fromisoformat(view["next_deal"]["until"]) > datetime.now().astimezone()
        # nothing to do but give up (no pause: there is no deal to pause)
        assert {a["type"] for a in view["legal_actions"]} == {"resign", "leave"}
    promised = seen[0]["view"]["next_deal"]["commitment"]

    first = send_seed(players[0], match_id, seed_of(0))
    assert first.status_code == 200, first.content
    assert types(first) == ["seed_given"]
    waiting = fetch(players[1], match_id)["view"]
    assert waiting["deal"] is None and waiting["next_deal"]["seeded"] == [0]

    # the last seed deals the deal at once, with the commitment both saw
    last = send_seed(players[1], match_id, seed_of(1))
    assert last.status_code == 200, last.content
    assert types(last) == ["seed_given", "deal_started"]
    for player in players.values():
        deal = fetch(player, match_id)["view"]["deal"]
        assert deal["number"] == 1 and deal["commitment"] == promised
        assert len(deal["hand"]) == 5

    resign(players[1], match_id)
    record = deal_record(players[0], match_id)
    assert record["seeds"] == [
        {"seat": 0, "value": SEEDS[0], "by": "player"},
        {"seat": 1, "value": SEEDS[1], "by": "player"},
    ]
    assert record_verifies(record, promised)


def test_a_seat_that_sends_no_seed_gets_the_servers_when_the_wait_runs_out(
    make_player: MakePlayer,
) -> None:
    players, match_id = paired(make_player)
    promised = fetch(players[0], match_id)["view"]["next_deal"]["commitment"]
    assert send_seed(players[0], match_id, seed_of(0)).status_code == 200
    match = Match.objects.get(pk=match_id)
    until = event_store.state_load(match).seeds_until
    # the wait is a deadline like any other: a task is due then, and not a moment before
    assert until is not None and match.next_deadline_at == until
    assert deadlines.deadlines_apply(match_id, now=until - timedelta(milliseconds=1)) == 0
    assert fetch(players[1], match_id)["view"]["deal"] is None

    assert deadlines.deadlines_apply(match_id, now=until) == 1
    feed = players[1].client.get(f"/api/v1/matches/{match_id}/events/").json()["events"]
    assert [e["event"]["type"] for e in feed][-2:] == ["seeds_closed", "deal_started"]
    assert fetch(players[1], match_id)["view"]["deal"]["commitment"] == promised
    assert Match.objects.get(pk=match_id).next_deadline_at is None
    # too late now: the seed is not due any more, and nothing changes
    late = send_seed(players[1], match_id, seed_of(1))
    assert (late.status_code, late.json()["code"]) == (409, "seed_not_due")

    resign(players[0], match_id)
    record = deal_record(players[1], match_id)
    assert record["seeds"][0] == {"seat": 0, "value": SEEDS[0], "by": "player"}
    assert record["seeds"][1]["seat"] == 1 and record["seeds"][1]["by"] == "server"
    assert record_verifies(record, promised)


def test_a_seed_sent_twice_changes_nothing_and_bad_ones_are_refused_with_their_codes(
    make_player: MakePlayer,
) -> None:
    players, match_id = paired(make_player)
    assert send_seed(players[0], match_id, seed_of(0)).status_code == 200
    version = fetch(players[0], match_id)["version"]

    again = send_seed(players[0], match_id, seed_of(0))  # a retry after a lost answer
    assert again.status_code == 200 and again.json()["events"] == []
    refusals = [
        (players[0], {"deal": 1, "value": "c3" * 16}, 409, "seed_not_due"),  # a second one
        (players[1], {"deal": 2, "value": SEEDS[1]}, 409, "seed_not_due"),  # not the next deal
        (players[1], {"deal": 1, "value": "XYZ"}, 400, "invalid_seed"),
        (players[1], {"deal": 1, "value": "ab" * 4}, 400, "invalid_seed"),  # too short
        (players[1], {"deal": 1, "value": SEEDS[1], "seat": 0}, 400, "invalid_input"),
        (players[1], {"deal": "1", "value": SEEDS[1]}, 400, "invalid_input"),
        (players[1], {"value": SEEDS[1]}, 400, "invalid_input"),
        (make_player(), seed_of(1), 404, "match_not_found"),  # not a seat of the match
    ]
    for who, body, status, code in refusals:
        answer = send_seed(who, match_id, body)
        assert (answer.status_code, answer.json()["code"]) == (status, code), body
    assert fetch(players[0], match_id)["version"] == version
    assert fetch(players[0], match_id)["view"]["next_deal"]["seeded"] == [0]


def test_a_rematch_waits_for_the_players_seeds_too(make_player: MakePlayer) -> None:
    players, match_id = paired(make_player)
    for seat, player in players.items():
        send_seed(player, match_id, seed_of(seat))
    resign(players[1], match_id)
    assert players[0].client.post(f"/api/v1/matches/{match_id}/rematch/").status_code == 202
    accepted = players[1].client.post(f"/api/v1/matches/{match_id}/rematch/accept/")
    assert accepted.status_code == 201, accepted.content
    rematch = accepted.json()["new_match_id"]
    view = fetch(players[0], rematch)["view"]
    assert view["deal"] is None and view["next_deal"]["number"] == 1
    for seat, player in players.items():
        assert send_seed(player, rematch, seed_of(seat)).status_code == 200
    assert fetch(players[0], rematch)["view"]["deal"]["number"] == 1


def test_no_answer_shows_the_first_deals_secret_while_it_waits(make_player: MakePlayer) -> None:
    players, match_id = paired(make_player)
    secret = event_store.state_load(Match.objects.get(pk=match_id)).next_secret
    assert secret
    bodies = [send_seed(players[0], match_id, seed_of(0)).content.decode()]
    for player in players.values():
        bodies.append(json.dumps(fetch(player, match_id)))
        bodies.append(player.client.get(f"/api/v1/matches/{match_id}/events/").content.decode())
    bodies.append(send_seed(players[0], match_id, {"deal": 1, "value": "XYZ"}).content.decode())
    assert all(secret not in body for body in bodies)
    assert all('"secret"' not in body for body in bodies)


def test_a_seed_sent_alone_and_again_with_a_move_lets_the_move_through(
    make_player: MakePlayer,
) -> None:
    """The page sent its seed alone, and the player's move carried it too before the page had
    seen it in: the move is applied, the seed counted once."""
    players, match_id = paired(make_player)
    assert send_seed(players[0], match_id, seed_of(0)).status_code == 200
    match = fetch(players[0], match_id)
    body = {
        "action": {"type": "resign"},
        "expected_version": match["version"],
        "client_move_id": "gg",
        "seed": seed_of(0),
    }
    moved = players[0].client.post(f"/api/v1/matches/{match_id}/actions/", body, format="json")
    assert moved.status_code == 200, moved.content
    assert "seed_given" not in types(moved)
    assert fetch(players[1], match_id)["winner_seat"] == 1
