"""Four-seat ``partnership`` tables over the API (issue 27 point 4): a room the host fills with
friends by the invite code and with Kati, the game starting at four; a player who leaves or
resigns hands the seat to Kati and the others play on, the leaver recorded as such; the game is
abandoned when no person is left at the table or every person left is away; the chat of four;
no coins move; each player's stats count games, hands won as caller, solos and chips at the
end."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest
import time_machine
from django.utils import timezone

from apps.matches import event_store
from apps.matches.deadlines import deadlines_apply
from apps.matches.engine import INITIAL, evolve
from apps.matches.engine.presence import RECONNECT_WINDOW
from apps.matches.engine.variants.partnership.events import BiddingEnded
from apps.matches.models import Seat
from apps.wallet.models import Account
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import GIVING_UP, act, create_computer_match, fetch

pytestmark = pytest.mark.django_db(transaction=True)

PARTNERSHIP = "partnership"


def _room(host: Player) -> dict:
    response = host.client.post("/api/v1/rooms/", {"variant": PARTNERSHIP}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def _join(player: Player, code: str) -> dict:
    response = player.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def _kati(host: Player, room: dict, strength: str = "beginner") -> dict:
    url = f"/api/v1/rooms/{room['id']}/seats/"
    response = host.client.post(url, {"strength": strength}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def _table(make_player: MakePlayer, people: int) -> tuple[dict, list[Player]]:
    """A started partnership game of ``people`` persons (the host and friends who joined by
    the code) and Kati in the other seats."""
    players = [make_player() for _ in range(people)]
    room = _room(players[0])
    code = room["invite"]["code"]  # only the host is shown it
    for friend in players[1:]:
        room = _join(friend, code)
    for _ in range(4 - people):
        room = _kati(players[0], room)
    assert room["status"] == "active"
    return room, players


def _balance(player: Player) -> int | None:
    account = Account.objects.filter(user=player.user).first()
    return None if account is None else account.balance


def _my_turn_move(player: Player, match_id: str, rng: random.Random) -> bool:
    """The player makes one legal move if it has one (never quitting); whether it did."""
    match = fetch(player, match_id)
    moves = [a for a in match["view"]["legal_actions"] if a["type"] not in GIVING_UP]
    moves = [a for a in moves if a["type"] not in ("pause", "resume", "show_hand")]
    if match["status"] != "active" or not moves:
        return False
    response = act(player, match, rng.choice(moves), f"m{rng.getrandbits(48)}")
    assert response.status_code in (200, 409), response.content  # 409: a race with Kati
    return response.status_code == 200


def _solos(match_id: str, seat: int) -> int:
    """The hands ``seat`` played alone, read from the stored events: at each end of the bidding,
    whether the caller holds the card it called."""
    state, solos = INITIAL, 0
    for event in event_store.events_load(match_id):
        state = evolve(state, event)
        if isinstance(event, BiddingEnded) and event.caller == seat:
            solos += event.card in state.deal.hands[seat]
    return solos


def test_a_room_of_four_fills_with_friends_by_the_code_and_kati_and_starts_at_four(
    make_player: MakePlayer,
) -> None:
    host, first, second, late = (make_player() for _ in range(4))
    room = _room(host)
    assert room["status"] == "waiting"
    assert len(room["players"]) == 1 and room["view"]["variant"] == PARTNERSHIP
    code = room["invite"]["code"]
    assert _join(first, code)["status"] == "waiting"  # two of four: still waiting
    assert _join(second, code)["status"] == "waiting"
    started = _kati(host, room, "club")
    assert started["status"] == "active"
    assert [p["is_computer"] for p in started["players"]] == [False, False, False, True]
    assert started["players"][3]["strength"] == "club"
    refused = late.client.post("/api/v1/rooms/join/", {"code": code}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "room_full"
    seats = {fetch(p, room["id"])["your_seat"] for p in (host, first, second)}
    assert seats == {0, 1, 2}
    views = [fetch(p, room["id"])["view"] for p in (host, first, second)]
    assert all(len(v["deal"]["hand"]) == 6 for v in views)  # each its own six cards
    assert all(v["deal"]["hand_sizes"] == [6] * 4 for v in views)
    assert all(v["presence"]["taken_over"] == [None] * 4 for v in views)


def test_a_player_who_leaves_mid_hand_hands_the_seat_to_kati_and_the_others_play_on(
    make_player: MakePlayer,
) -> None:
    room, (host, friend) = _table(make_player, people=2)
    match_id = room["id"]
    balances = {p.user.pk: _balance(p) for p in (host, friend)}
    left = act(friend, fetch(friend, match_id), {"type": "leave"}, "bye")
    assert left.status_code == 200, left.content
    friend_seat = fetch(friend, match_id)["your_seat"]
    view = fetch(host, match_id)["view"]
    assert view["presence"]["taken_over"][friend_seat] == "left"
    assert fetch(host, match_id)["status"] == "active"  # the others play on
    # the leaver may only watch now: nothing is offered and anything sent is refused
    after = fetch(friend, match_id)
    assert after["view"]["legal_actions"] == []
    refused = act(friend, after, {"type": "pass"}, "again")
    assert refused.status_code == 409 and refused.json()["code"] == "seat_taken_over"
    # the host plays on; Kati plays both other seats, the leaver's too
    rng = random.Random(3)
    for _ in range(120):
        _my_turn_move(host, match_id, rng)
        events = host.client.get(f"/api/v1/matches/{match_id}/events/?after_seq=0").json()
        by_leaver = [
            e["event"]
            for e in events["events"]
            if e["event"].get("seat") == friend_seat and e["event"].get("stand_in")
        ]
        if by_leaver:
            break
    assert by_leaver, "Kati played the leaver's seat"
    assert Seat.objects.get(match_id=match_id, index=friend_seat).quit_reason == "left"
    for player in (host, friend):  # unranked: no coins move
        assert _balance(player) == balances[player.user.pk]


def test_the_game_is_abandoned_when_the_last_person_resigns_and_the_quitter_lost(
    make_player: MakePlayer,
) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, variant=PARTNERSHIP, strength="beginner")
    resigned = act(player, match, {"type": "resign"}, "r1")
    assert resigned.status_code == 200, resigned.content
    after = fetch(player, match["id"])
    assert after["status"] == "finished"
    assert after["view"]["result"]["reason"] == "abandoned"
    assert after["view"]["presence"]["taken_over"][after["your_seat"]] == "resigned"
    seats = Seat.objects.filter(match_id=match["id"]).order_by("index")
    assert [s.result for s in seats] == ["lost", "void", "void", "void"]
    stats = player.client.get(f"/api/v1/players/{player.user.pk}/stats/").json()["partnership"]
    assert stats["games"] == 1 and stats["losses"] == 1 and stats["left"] == 1


def test_abandoned_when_every_person_still_at_the_table_is_away(
    make_player: MakePlayer,
) -> None:
    room, (_, _, third) = _table(make_player, people=3)
    match_id = room["id"]
    act(third, fetch(third, match_id), {"type": "leave"}, "bye")
    now = timezone.now()
    for seat in (0, 1):  # the two persons left at the table go silent
        Seat.objects.filter(match_id=match_id, index=seat).update(
            last_seen_at=now - timedelta(minutes=5)
        )
    deadlines_apply(match_id, now=now)
    # read by the leaver: a look from a person still at the table would bring it back
    away = fetch(third, match_id)["view"]["presence"]["away_until"]
    assert away[0] is not None and away[1] is not None
    assert away[2] is None  # Kati's now: never away
    deadlines_apply(match_id, now=now + RECONNECT_WINDOW + timedelta(seconds=1))
    seats = Seat.objects.filter(match_id=match_id).order_by("index")
    match = fetch(third, match_id)
    assert match["status"] == "finished"
    assert match["view"]["result"]["reason"] == "abandoned"
    assert [s.result for s in seats] == ["void", "void", "lost", "void"]
    assert [s.quit_reason for s in seats] == ["", "", "left", ""]


def test_four_seats_chat_together(make_player: MakePlayer) -> None:
    room, players = _table(make_player, people=4)
    for n, player in enumerate(players):
        url = f"/api/v1/matches/{room['id']}/chat/"
        posted = player.client.post(url, {"text": f"szia {n}"}, format="json")
        assert posted.status_code == 201, posted.content
    for player in players:
        page = player.client.get(f"/api/v1/matches/{room['id']}/chat/").json()
        assert sorted((m["sender_seat"], m["text"]) for m in page["messages"]) == [
            (n, f"szia {n}") for n in range(4)
        ]


def test_stats_count_hands_won_as_caller_solos_and_chips_at_the_end(
    make_player: MakePlayer,
) -> None:
    """A person plays hands against three Katis, then leaves: its stats hold what its seat's
    record says the game came to (the chips and counts at the end, as the view showed them)."""
    player = make_player()
    match = create_computer_match(player, variant=PARTNERSHIP, strength="beginner")
    rng = random.Random(11)
    for _ in range(200):
        match = fetch(player, match["id"])
        if match["view"]["deals_played"] >= 3:
            break
        if not _my_turn_move(player, match["id"], rng):
            deadline = match["view"]["deal"]["deadline"]
            if deadline is not None:
                deadlines_apply(match["id"], now=timezone.now() + timedelta(seconds=10))
    seat = match["your_seat"]
    before = fetch(player, match["id"])["view"]
    won_as_caller = before["scores"][seat]
    act(player, fetch(player, match["id"]), {"type": "leave"}, "bye")
    end = fetch(player, match["id"])["view"]
    chips = end["deal"]["chips"][seat]
    record = Seat.objects.get(match_id=match["id"], index=seat)
    assert record.tally["chips"] == chips
    assert record.tally["hands_won_as_caller"] == won_as_caller
    stats = player.client.get(f"/api/v1/players/{player.user.pk}/stats/").json()["partnership"]
    assert stats["games"] == 1 and stats["left"] == 1 and stats["losses"] == 1
    assert stats["hands_won_as_caller"] == won_as_caller
    assert stats["solos"] == record.tally["solos"] == _solos(match["id"], seat)
    assert stats["chips_won"] == chips - 3000 and stats["best_chips"] == chips
    others = make_player()
    fresh = others.client.get(f"/api/v1/players/{others.user.pk}/stats/").json()["partnership"]
    assert fresh == {
        "games": 0,
        "wins": 0,
        "losses": 0,
        "left": 0,
        "hands_won_as_caller": 0,
        "solos": 0,
        "chips_won": 0,
        "best_chips": None,
    }


def test_a_doubling_after_the_windows_deadline_is_refused_and_nothing_is_stored(
    make_player: MakePlayer,
) -> None:
    """The person lets Kati call; in the doubling window it waits past the deadline, then says
    Kontra: the window closed at its deadline (applied first), so the stale version is a
    ``version_conflict`` and the Kontra at the new version ``doubling_closed``."""
    player = make_player(guest=True)
    with time_machine.travel(timezone.now(), tick=False) as clock:
        match = create_computer_match(player, variant=PARTNERSHIP, strength="club")
        for step in range(120):
            match = fetch(player, match["id"])
            moves = {a["type"]: a for a in match["view"]["legal_actions"]}
            if "kontra" in moves:
                break
            for kind in ("pass", "no_double", "play"):
                if kind in moves:  # pass in the bidding, so that Kati calls; play along
                    act(player, match, moves[kind], f"m{step}")
                    break
            else:  # a window or a shown hand of the others: its deadline moves the hand on
                clock.shift(timedelta(seconds=6))
        else:
            pytest.fail("the person was never offered Kontra")
        stale = match
        deadline = datetime.fromisoformat(stale["view"]["deal"]["deadline"])
        clock.move_to(deadline + timedelta(seconds=1))
        late = act(player, stale, {"type": "kontra"}, "late")
        assert late.status_code == 409 and late.json()["code"] == "version_conflict"
        now = fetch(player, stale["id"])
        assert now["view"]["deal"]["phase"] != "doubling"
        again = act(player, now, {"type": "kontra"}, "late-2")
        assert again.status_code == 409, again.content
        assert again.json()["code"] == "doubling_closed"
        assert fetch(player, stale["id"])["version"] == now["version"]
        # nothing after the window: the feed from the stale version on holds no doubling (a
        # Kati may have doubled in an earlier hand, where the person was not offered Kontra)
        after = stale["version"]
        events = player.client.get(f"/api/v1/matches/{stale['id']}/events/?after_seq={after}")
        assert not [e for e in events.json()["events"] if e["event"]["type"] == "doubled"]


def test_a_rematch_at_four_starts_when_every_person_who_stayed_wants_it(
    make_player: MakePlayer,
) -> None:
    """Three persons and Kati; one leaves, the game is then abandoned while the two others are
    away. The two who stayed must both want the rematch; the one who left is not asked (its
    seat goes to Kati)."""
    room, (host, second, third) = _table(make_player, people=3)
    match_id, url = room["id"], f"/api/v1/matches/{room['id']}/rematch/"
    act(third, fetch(third, match_id), {"type": "leave"}, "bye")
    now = timezone.now()
    Seat.objects.filter(match_id=match_id, index__in=(0, 1)).update(
        last_seen_at=now - timedelta(minutes=5)
    )
    deadlines_apply(match_id, now=now)
    deadlines_apply(match_id, now=now + RECONNECT_WINDOW + timedelta(seconds=1))
    assert fetch(third, match_id)["status"] == "finished"
    offered = host.client.post(url)
    assert offered.status_code == 202, offered.content
    assert fetch(host, match_id)["rematch"]["accepted_by_seats"] == [0]
    quitter = third.client.post(url + "accept/")
    assert (quitter.status_code, quitter.json()["code"]) == (409, "seat_taken_over")
    again = host.client.post(url + "accept/")
    assert (again.status_code, again.json()["code"]) == (409, "own_offer")
    started = second.client.post(url + "accept/")
    assert started.status_code == 201, started.content
    new = fetch(host, started.json()["new_match_id"])
    assert new["status"] == "active" and new["scores"] == [0] * 4
    assert [p["is_computer"] for p in new["players"]] == [False, False, True, True]
    assert new["players"][2]["strength"] == "club"  # the leaver's seat


def test_a_rematch_of_four_persons_waits_for_each_of_them(make_player: MakePlayer) -> None:
    room, players = _table(make_player, people=4)
    match_id, url = room["id"], f"/api/v1/matches/{room['id']}/rematch/"
    now = timezone.now()
    Seat.objects.filter(match_id=match_id).update(last_seen_at=now - timedelta(minutes=5))
    deadlines_apply(match_id, now=now)
    deadlines_apply(match_id, now=now + RECONNECT_WINDOW + timedelta(seconds=1))
    assert fetch(players[0], match_id)["status"] == "finished"
    assert players[0].client.post(url).status_code == 202
    for player in players[1:3]:
        waiting = player.client.post(url + "accept/")
        assert waiting.status_code == 202 and waiting.json()["status"] == "offered"
    twice = players[1].client.post(url + "accept/")
    assert (twice.status_code, twice.json()["code"]) == (409, "rematch_already_accepted")
    assert fetch(players[0], match_id)["rematch"]["accepted_by_seats"] == [0, 1, 2]
    started = players[3].client.post(url)  # offering back is accepting, as at two seats
    assert started.status_code == 201, started.content
