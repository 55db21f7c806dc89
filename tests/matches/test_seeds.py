"""Seeds over the API (docs/api.md section 7.0): a player's seed sent with a move goes into the
next deal, a seat that sent none gets one from the server, marked so in the deal record; a bad
seed is refused with its code and the move with it; and no response ever carries a secret
before its deal is over."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from apps.matches import event_store
from apps.matches.models import Match
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import (
    act,
    create_computer_match,
    create_friend_match,
    fetch,
    random_move,
    record_verifies,
)

pytestmark = pytest.mark.django_db(transaction=True)

SEED = "5eed" * 8


def on_turn(players: dict[int, Player], match_id: str) -> tuple[Player, dict[str, Any]]:
    """The player whose move it is, with its own fetch of the match."""
    turn = fetch(players[0], match_id)["view"]["deal"]["turn"]
    return players[turn], fetch(players[turn], match_id)


def send(player: Player, match: dict[str, Any], action: dict, move_id: str, seed: Any) -> Any:
    body = {
        "action": action,
        "expected_version": match["version"],
        "client_move_id": move_id,
        "seed": seed,
    }
    return player.client.post(f"/api/v1/matches/{match['id']}/actions/", body, format="json")


def surrender(match: dict[str, Any]) -> dict[str, Any]:
    (give_up,) = [a for a in match["view"]["legal_actions"] if a["type"] == "surrender"]
    return {**give_up, "confirm": True}


def record(player: Player, match_id: str, number: int) -> dict[str, Any]:
    answer = player.client.get(f"/api/v1/matches/{match_id}/deals/{number}/")
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_a_seed_goes_into_the_next_deal_and_a_seat_without_one_gets_the_servers(
    make_player: MakePlayer,
) -> None:
    host, friend = make_player(display_name="Anna"), make_player(display_name="Béla")
    match_id = create_friend_match(host, friend)["id"]
    players = {0: host, 1: friend}
    mover, match = on_turn(players, match_id)
    upcoming = match["view"]["next_deal"]
    assert upcoming["number"] == 2 and upcoming["seeded"] == []
    seat = match["view"]["seat"]
    card = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")

    answer = send(mover, match, card, "card-with-seed", {"deal": 2, "value": SEED})
    assert answer.status_code == 200, answer.content
    first, *move = answer.json()["events"]
    assert first["event"] == {
        "type": "seed_given",
        "schema_version": 1,
        "seat": seat,
        "deal": 2,
        "value": SEED,
    }
    # then the move's own events (a king or queen led may announce its marriage first)
    assert "card_played" in [e["event"]["type"] for e in move]
    other = players[1 - seat]
    assert fetch(other, match_id)["view"]["next_deal"]["seeded"] == [seat]

    # the deal is given up; the second is dealt from the committed secret and the seeds
    for number in (1, 2):
        player, match = on_turn(players, match_id)
        assert act(player, match, surrender(match), f"give-up-{number}").status_code == 200
    first_deal, second_deal = record(host, match_id, 1), record(friend, match_id, 2)
    assert first_deal["scheme"] == "hmac-fy-1"
    assert [s["by"] for s in first_deal["seeds"]] == ["server", "server"]  # no move before it
    assert record_verifies(first_deal)
    assert second_deal["commitment"] == upcoming["commitment"]
    assert record_verifies(second_deal, upcoming["commitment"])
    seeds = {s["seat"]: s for s in second_deal["seeds"]}
    assert seeds[seat] == {"seat": seat, "value": SEED, "by": "player"}
    assert seeds[1 - seat]["by"] == "server" and seeds[1 - seat]["value"] != SEED


def test_a_computer_seat_adds_no_seed(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, variant="klub", strength="beginner")
    seat = match["your_seat"]
    match = fetch(player, match["id"])
    assert act(player, match, surrender(match), "give-up").status_code == 200
    assert record(player, match["id"], 1)["seeds"] == [
        {"seat": seat, "value": record(player, match["id"], 1)["seeds"][0]["value"], "by": "server"}
    ]


@pytest.mark.parametrize(
    ("seed", "status", "code"),
    [
        ("5eed5eed5eed5eed", 400, "invalid_seed"),  # not {deal, value}
        ({"deal": 2}, 400, "invalid_seed"),
        ({"deal": 2, "value": SEED, "by": "player"}, 400, "invalid_seed"),
        ({"deal": "2", "value": SEED}, 400, "invalid_seed"),
        ({"deal": 2, "value": SEED.upper()}, 400, "invalid_seed"),
        ({"deal": 2, "value": "5eed"}, 400, "invalid_seed"),  # too short
        ({"deal": 2, "value": "5" * 129}, 400, "invalid_seed"),  # too long
        ({"deal": 1, "value": SEED}, 409, "seed_not_due"),  # the deal being played
        ({"deal": 3, "value": SEED}, 409, "seed_not_due"),  # not the next one
    ],
)
def test_a_bad_seed_is_refused_with_its_code_and_its_move_with_it(
    make_player: MakePlayer, seed: Any, status: int, code: str
) -> None:
    player = make_player(guest=True)
    match = fetch(player, create_computer_match(player, strength="beginner")["id"])
    card = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")
    answer = send(player, match, card, "bad-seed", seed)
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert fetch(player, match["id"])["version"] == match["version"]  # nothing was applied


def test_a_second_seed_for_the_same_deal_is_not_due(make_player: MakePlayer) -> None:
    player = make_player(guest=True)
    match = fetch(player, create_computer_match(player, strength="beginner")["id"])
    moves = [a for a in match["view"]["legal_actions"] if a["type"] == "play_card"]
    assert send(player, match, moves[0], "one", {"deal": 2, "value": SEED}).status_code == 200
    match = fetch(player, match["id"])
    assert match["view"]["next_deal"]["seeded"] == [match["view"]["seat"]]
    if match["view"]["deal"]["number"] != 1:
        pytest.skip("the first move ended the deal")  # (cannot happen with five cards each)
    card = next(a for a in match["view"]["legal_actions"] if a["type"] == "play_card")
    answer = send(player, match, card, "two", {"deal": 2, "value": "ab" * 16})
    assert (answer.status_code, answer.json()["code"]) == (409, "seed_not_due")


def test_no_response_carries_a_secret_before_its_deal_is_over(make_player: MakePlayer) -> None:
    """Two friends play a whole match at random, each move with a seed, some of them bad: no
    body either receives (views, answers, refusals, the feed) holds the running deal's secret
    or the next deal's, which the server holds all along."""
    host, friend = make_player(), make_player()
    match_id = create_friend_match(host, friend)["id"]
    players = {0: host, 1: friend}
    rng = random.Random(66)
    bodies = 0
    for step in range(600):
        mover, match = on_turn(players, match_id)
        upcoming = match["view"].get("next_deal") or {"number": 1}
        seed: Any = rng.choice(
            [
                {"deal": upcoming["number"], "value": f"{rng.getrandbits(128):032x}"},
                {"deal": upcoming["number"] + 1, "value": SEED},
                {"deal": upcoming["number"], "value": "XYZ"},
                None,
            ]
        )
        move = random_move(match["view"], rng)
        answer = (
            send(mover, match, move, f"m{step}", seed)
            if seed
            else act(mover, match, move, f"m{step}")
        )
        secrets = secrets_now(match_id)
        seen = [answer.content.decode()] + [
            json.dumps(fetch(p, match_id)) + feed_text(p, match_id) for p in players.values()
        ]
        for text in seen:
            assert not any(secret in text for secret in secrets), "a secret left the server"
        bodies += len(seen)
        if fetch(host, match_id)["status"] != "active":
            break
    assert bodies > 100


def secrets_now(match_id: str) -> list[str]:
    """The secrets the server holds now: the running deal's and the next deal's."""
    state = event_store.state_load(Match.objects.get(pk=match_id))
    held = [state.next_secret] if state.next_secret else []  # never revealed
    if state.deal is not None and not state.deal.over:
        held.append(state.deal.salt)
    return [secret for secret in held if secret]


def feed_text(player: Player, match_id: str) -> str:
    answer = player.client.get(f"/api/v1/matches/{match_id}/events/", {"after_seq": 0})
    assert answer.status_code == 200
    return answer.content.decode()


# --- the first deal: a commitment asked for before the match is made ---------------------------


def commitment(player: Player) -> str:
    answer = player.client.post("/api/v1/matches/commitments/", {}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["deal"] == 1 and body["expires_in"] > 0
    return str(body["commitment"])


def test_the_first_deal_takes_the_seed_sent_with_the_match_s_creation(
    make_player: MakePlayer,
) -> None:
    player = make_player(guest=True)
    promised = commitment(player)
    body = {"strength": "beginner", "seed": {"commitment": promised, "value": SEED}}
    created = player.client.post("/api/v1/matches/computer/", body, format="json")
    assert created.status_code == 201, created.content
    match = created.json()
    assert match["view"]["deal"]["commitment"] == promised
    events = [
        e["event"]
        for e in player.client.get(f"/api/v1/matches/{match['id']}/events/").json()["events"]
    ]
    assert [e["type"] for e in events[:4]] == [
        "match_started",
        "secret_committed",
        "seed_given",
        "deal_started",
    ]
    assert events[1] == {
        "type": "secret_committed",
        "schema_version": 1,
        "deal": 1,
        "commitment": promised,
    }
    shown = created.content.decode() + json.dumps(events)
    assert not any(secret in shown for secret in secrets_now(match["id"]))
    assert act(player, match, surrender(match), "give-up").status_code == 200
    first = record(player, match["id"], 1)
    assert first["seeds"] == [{"seat": match["your_seat"], "value": SEED, "by": "player"}]
    assert record_verifies(first, promised)

    # a commitment is good for one match: used, it is gone
    again = player.client.post("/api/v1/matches/computer/", body, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "seed_not_due")


def test_a_first_seed_needs_a_commitment_given_to_the_player(make_player: MakePlayer) -> None:
    anna, bela = make_player(guest=True), make_player(guest=True)
    annas = commitment(anna)
    for who, seed, status, code in [
        (bela, {"commitment": annas, "value": SEED}, 409, "seed_not_due"),  # not his
        (anna, {"commitment": "0" * 64, "value": SEED}, 409, "seed_not_due"),  # never given
        (anna, {"commitment": annas}, 400, "invalid_seed"),
        (anna, {"commitment": annas[:10], "value": SEED}, 400, "invalid_seed"),
        (anna, {"deal": 1, "value": SEED}, 400, "invalid_seed"),
    ]:
        body = {"strength": "beginner", "seed": seed}
        answer = who.client.post("/api/v1/matches/computer/", body, format="json")
        assert (answer.status_code, answer.json()["code"]) == (status, code), seed
    # refused, it was not used up
    body = {"strength": "beginner", "seed": {"commitment": annas, "value": SEED}}
    assert anna.client.post("/api/v1/matches/computer/", body, format="json").status_code == 201


# --- a friend room's first deal: the room's commitment, shown before anyone joins --------------

JOINERS = "c0ffee00" * 4


def open_room(host: Player, seed: Any = None) -> dict[str, Any]:
    body = {} if seed is None else {"seed": seed}
    room = host.client.post("/api/v1/rooms/", body, format="json")
    assert room.status_code == 201, room.content
    return room.json()


def invite(player: Player, code: str) -> dict[str, Any]:
    answer = player.client.get(f"/api/v1/rooms/invites/{code}/")
    assert answer.status_code == 200, answer.content
    return answer.json()


def join(player: Player, code: str, seed: Any = None) -> Any:
    body = {"code": code} | ({} if seed is None else {"seed": seed})
    return player.client.post("/api/v1/rooms/join/", body, format="json")


def first_deal_over(players: dict[int, Player], match_id: str) -> None:
    mover, match = on_turn(players, match_id)
    assert act(mover, match, surrender(match), "give-up").status_code == 200


def test_a_friend_room_s_first_deal_takes_both_seeds_against_the_commitment_seen_before(
    make_player: MakePlayer,
) -> None:
    host, friend = make_player(), make_player()
    promised = commitment(host)
    room = open_room(host, {"commitment": promised, "value": SEED})
    code = room["invite"]["code"]
    shown = invite(friend, code)
    assert shown["commitment"] == promised and shown["deal"] == 1
    assert shown["code"] == code and shown["variant"] == "klub"
    joined = join(friend, code.lower(), {"commitment": shown["commitment"], "value": JOINERS})
    assert joined.status_code == 200, joined.content
    match = joined.json()
    assert match["view"]["deal"]["commitment"] == promised
    events = [
        e["event"]["type"]
        for e in friend.client.get(f"/api/v1/matches/{match['id']}/events/").json()["events"]
    ]
    assert events[:5] == [
        "match_started",
        "secret_committed",
        "seed_given",
        "seed_given",
        "deal_started",
    ]
    first_deal_over({0: host, 1: friend}, match["id"])
    first = record(friend, match["id"], 1)
    assert first["seeds"] == [
        {"seat": 0, "value": SEED, "by": "player"},
        {"seat": 1, "value": JOINERS, "by": "player"},
    ]
    assert record_verifies(first, shown["commitment"])
    # the host's commitment went into the room: it is used, another room cannot take it
    again = host.client.post(
        "/api/v1/rooms/", {"seed": {"commitment": promised, "value": SEED}}, format="json"
    )
    assert (again.status_code, again.json()["code"]) == (409, "seed_not_due")


def test_a_room_made_without_a_seed_still_commits_and_a_joiner_without_one_gets_the_servers(
    make_player: MakePlayer,
) -> None:
    host, friend, third = make_player(), make_player(), make_player()
    room = open_room(host)
    shown = invite(friend, room["invite"]["code"])
    assert shown["commitment"]
    joined = join(friend, room["invite"]["code"])
    assert joined.status_code == 200, joined.content
    match = joined.json()
    first_deal_over({0: host, 1: friend}, match["id"])
    first = record(host, match["id"], 1)
    assert [(s["seat"], s["by"]) for s in first["seeds"]] == [(0, "server"), (1, "server")]
    assert record_verifies(first, shown["commitment"])

    # with the host's seed and none from the joiner: the joiner's seat is filled by the server
    promised = commitment(host)
    room = open_room(host, {"commitment": promised, "value": SEED})
    match = join(third, room["invite"]["code"]).json()
    first_deal_over({0: host, 1: third}, match["id"])
    first = record(third, match["id"], 1)
    assert first["seeds"][0] == {"seat": 0, "value": SEED, "by": "player"}
    assert first["seeds"][1]["by"] == "server"
    assert record_verifies(first, promised)


def test_a_room_s_seeds_are_refused_with_their_codes(make_player: MakePlayer) -> None:
    host, friend, other = make_player(), make_player(), make_player()
    others = commitment(other)
    for seed, status, code in [
        ({"commitment": others, "value": SEED}, 409, "seed_not_due"),  # not the host's
        ({"commitment": "0" * 64, "value": SEED}, 409, "seed_not_due"),  # never given
        ({"commitment": others, "value": "XYZ"}, 400, "invalid_seed"),
        ({"deal": 1, "value": SEED}, 400, "invalid_seed"),
        ("seed", 400, "invalid_seed"),
    ]:
        answer = host.client.post("/api/v1/rooms/", {"seed": seed}, format="json")
        assert (answer.status_code, answer.json()["code"]) == (status, code), seed
    room = open_room(host)
    code = room["invite"]["code"]
    rooms = invite(friend, code)["commitment"]
    other_room = invite(friend, open_room(other)["invite"]["code"])["commitment"]
    for seed, status, error in [
        ({"commitment": other_room, "value": SEED}, 409, "seed_not_due"),  # another room's
        ({"commitment": others, "value": SEED}, 409, "seed_not_due"),  # a Kati commitment
        ({"commitment": rooms, "value": "ab"}, 400, "invalid_seed"),
        ({"commitment": rooms}, 400, "invalid_seed"),
        ([rooms, SEED], 400, "invalid_seed"),
    ]:
        answer = join(friend, code, seed)
        assert (answer.status_code, answer.json()["code"]) == (status, error), seed
    assert Match.objects.get(pk=room["id"]).seats.count() == 1  # nobody joined
    assert join(friend, code, {"commitment": rooms, "value": JOINERS}).status_code == 200
    # the room is full: its commitment is used
    late = join(other, code, {"commitment": rooms, "value": JOINERS})
    assert (late.status_code, late.json()["code"]) == (409, "room_full")
    assert host.client.get("/api/v1/rooms/invites/NOSUCH/").json()["code"] == "invite_not_found"


def test_no_answer_shows_a_room_s_secret_before_its_first_deal_is_over(
    make_player: MakePlayer,
) -> None:
    host, friend = make_player(), make_player()
    promised = commitment(host)
    room = open_room(host, {"commitment": promised, "value": SEED})
    secret = Match.objects.get(pk=room["id"]).first_secret
    assert secret and secret not in json.dumps(room)
    code = room["invite"]["code"]
    seen = [
        json.dumps(room),
        json.dumps(invite(friend, code)),
        json.dumps(fetch(host, room["id"])),
        host.client.get("/api/v1/matches/").content.decode(),
    ]
    joined = join(friend, code, {"commitment": promised, "value": JOINERS})
    match_id = joined.json()["id"]
    seen += [joined.content.decode(), feed_text(host, match_id), feed_text(friend, match_id)]
    seen += [json.dumps(fetch(p, match_id)) for p in (host, friend)]
    early = friend.client.get(f"/api/v1/matches/{match_id}/deals/1/")
    seen.append(early.content.decode())
    assert early.status_code != 200
    assert not any(secret in text for text in seen), "the room's secret left the server"
    first_deal_over({0: host, 1: friend}, match_id)
    assert record(host, match_id, 1)["salt"] == secret  # revealed once the deal is over
