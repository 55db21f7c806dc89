"""A match of each variant played over the API alone, as docs/api.md tells a newcomer: a guest
(section 1), a computer match with its variant and target (2, 14), the view and its
`legal_actions` (3), actions sent with `expected_version` and a fresh `client_move_id` (4),
until the match ends (8); then every deal's record with its fair-play check (7) and the event
feed (5). The client knows only what those sections say: it picks among `legal_actions`, and
in sixty-six says "enough" only with 66 and a trick (section 14). One stray action of another
variant's, or out of its time, is refused as section 14 says. And a partnership game played
by four clients from a room, as sections 9 and 15 say."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from rest_framework.test import APIClient

from apps.matches import event_store
from apps.matches.engine.cards import sorted_codes
from apps.matches.models import Match
from tests.matches.helpers import record_verifies

pytestmark = pytest.mark.django_db(transaction=True)

GIVING_UP = {"surrender", "resign", "leave"}  # listed at any moment; a walk-through plays on
DECK_SIZES = {"klub": 20, "sixty-six": 24}
HAND_SIZES = {"klub": 5, "sixty-six": 6}


def guest_client(anon: APIClient) -> APIClient:
    """Section 1: a guest, and its token sent as `X-Session-Token` from then on."""
    created = anon.post("/api/v1/guests/", {"display_name": "Anna"}, format="json")
    assert created.status_code == 201, created.content
    client = APIClient()
    client.credentials(HTTP_X_SESSION_TOKEN=created.json()["session_token"])
    return client


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """An entry of `legal_actions`, sent back unchanged, as a careful beginner plays: "enough"
    with 66 and a trick (`points` counts the marriages), the trump exchange when offered, never
    closing the talon or giving up, else any card (after the last trick: the count)."""
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP]
    assert moves, f"the match waits for us but offers no move: {view['legal_actions']}"
    kinds = {a["type"]: a for a in moves}
    deal = view["deal"]
    if "declare_enough" in kinds and deal["points"] >= 66 and deal["trick_counts"][view["seat"]]:
        return kinds["declare_enough"]
    if "exchange_trump" in kinds:
        return kinds["exchange_trump"]
    cards = [a for a in moves if a["type"] == "play_card"]
    if cards:
        return rng.choice(cards)
    return kinds.get("let_count") or rng.choice(moves)


def play_to_the_end(
    client: APIClient,
    match: dict[str, Any],
    rng: random.Random,
    committed: dict[int, str] | None = None,
) -> list[str]:
    """Sections 3–4: read the match, send one of its legal actions, read it again (Kati's
    reply comes after our action), until it is finished. Returns the action types sent; fills
    ``committed``: each deal's commitment as seen before it (section 7.0)."""
    committed = {} if committed is None else committed
    url = f"/api/v1/matches/{match['id']}/"
    sent: list[str] = []
    while match["status"] == "active":
        assert len(sent) < 1000, "the match does not end"
        action = choose(match["view"], rng)
        body = {
            "action": action,
            "expected_version": match["version"],
            "client_move_id": f"move-{len(sent)}",
        }
        # Section 7.0: a seed of our own for the next deal, once, with a move
        upcoming = match["view"].get("next_deal")
        if upcoming and match["view"]["seat"] not in upcoming["seeded"]:
            body["seed"] = {"deal": upcoming["number"], "value": f"{rng.getrandbits(128):032x}"}
            committed[upcoming["number"]] = upcoming["commitment"]
        answer = client.post(url + "actions/", body, format="json")
        assert answer.status_code == 200, answer.content
        assert answer.json()["version"] > match["version"]
        sent.append(action["type"])
        fetched = client.get(url)
        assert fetched.status_code == 200, fetched.content
        match = fetched.json()
    return sent


def feed(client: APIClient, match_id: str) -> list[dict[str, Any]]:
    """Section 5: every event, page by page while `has_more`."""
    events: list[dict[str, Any]] = []
    after = 0
    while True:
        page = client.get(f"/api/v1/matches/{match_id}/events/", {"after_seq": after}).json()
        events += [envelope["event"] for envelope in page["events"]]
        if not page["has_more"]:
            return events
        after = page["events"][-1]["seq"]


@pytest.mark.parametrize("variant", ["klub", "sixty-six"])
def test_a_match_is_played_to_its_end_following_the_api_guide(
    anon: APIClient, variant: str
) -> None:
    client = guest_client(anon)
    body = {"variant": variant, "strength": "beginner", "target": 7}
    created = client.post("/api/v1/matches/computer/", body, format="json")
    assert created.status_code == 201, created.content
    match = created.json()
    assert (match["variant"], match["status"]) == (variant, "active")
    assert (match["view"]["variant"], match["view"]["target"]) == (variant, 7)
    assert len(match["view"]["deal"]["hand"]) == HAND_SIZES[variant]
    if variant == "sixty-six":
        assert match["view"]["deal"]["bonus"] == 0

    # Section 14's refusals of an action that is not in `legal_actions`: 409, nothing applied.
    stray = {"klub": "declare_enough", "sixty-six": "let_count"}[variant]
    body = {"action": {"type": stray}, "expected_version": match["version"], "client_move_id": "x"}
    refused = client.post(f"/api/v1/matches/{match['id']}/actions/", body, format="json")
    expected = {"klub": (400, "invalid_action"), "sixty-six": (409, "count_not_allowed")}[variant]
    assert (refused.status_code, refused.json()["code"]) == expected
    assert client.get(f"/api/v1/matches/{match['id']}/").json()["version"] == match["version"]

    committed: dict[int, str] = {}
    sent = play_to_the_end(client, match, random.Random(f"walk-{variant}"), committed)

    match = client.get(f"/api/v1/matches/{match['id']}/").json()
    view, scores = match["view"], match["scores"]
    assert (match["status"], match["end_reason"]) == ("finished", "points")
    assert max(scores) >= view["target"] == 7
    assert match["winner_seat"] == scores.index(max(scores)) == view["result"]["winner"]
    assert view["result"]["reason"] == "points" and view["legal_actions"] == []
    assert sent and not GIVING_UP & set(sent)

    # Section 7: every deal's record, its deck behind its commitment; the deals add up to the
    # score (sixty-six: a drawn deal's bonus goes to the next decided one).
    won = [0, 0]
    for number in range(1, view["deals_played"] + 1):
        answer = client.get(f"/api/v1/matches/{match['id']}/deals/{number}/")
        assert answer.status_code == 200, answer.content
        record = answer.json()
        assert record["number"] == number
        assert len(record["deck"]) == DECK_SIZES[variant]
        assert [len(hand) for hand in record["dealt_hands"]] == [HAND_SIZES[variant]] * 2
        assert record_verifies(record, committed.get(number))
        # deal 1 is the server's alone; a later one has our seed in it if we sent one for it
        by = [seed["by"] for seed in record["seeds"]]
        assert (record["scheme"], by) == (
            "hmac-fy-1",
            ["player" if number in committed else "server"],
        )
        result = record["result"]
        if result["winner"] is not None:
            won[result["winner"]] += result["game_points"]
        if variant == "sixty-six":
            assert {"card_points", "declared", "bonus_won", "bonus_carried"} <= set(record)
    assert won == scores
    assert len(committed) >= view["deals_played"] - 2  # we had a move in nearly every deal
    missing = client.get(f"/api/v1/matches/{match['id']}/deals/{view['deals_played'] + 1}/")
    assert (missing.status_code, missing.json()["code"]) == (404, "deal_not_found")

    # Section 5: the feed tells the same story, ending with deal_ended and match_ended.
    events = feed(client, match["id"])
    assert [e["type"] for e in events[-2:]] == ["deal_ended", "match_ended"]
    assert sum(e["type"] == "deal_ended" for e in events) == view["deals_played"]
    assert events[0] == {
        "type": "match_started",
        "schema_version": events[0]["schema_version"],
        "variant": variant,
        "seats": 2,
        "first_dealer": events[0]["first_dealer"],
        "target": 7,
    }


# --- partnership: four clients (section 15) ----------------------------------------------------

BIDDING_WORDS = ("kontra", "rekontra", "subkontra")


def gamble(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A client that likes high stakes, so that a game ends in a few hands: a Durchmarsch bid
    or a doubling word when offered (mostly), "enough" with 66, showing the cards when offered,
    else any entry of `legal_actions` but giving up; None when it has nothing to do."""
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP]
    moves = [a for a in moves if a["type"] not in ("pause", "resume", "show_hand")]
    if not moves:
        return None
    kinds = {a["type"]: a for a in moves}
    for kind in ("show_cards", "declare_enough", *BIDDING_WORDS):
        if kind in kinds and rng.random() < 0.9:
            return kinds[kind]
    bold = [a for a in moves if a["type"] == "bid" and a["durchmarsch"]]
    if bold and rng.random() < 0.7:
        return rng.choice(bold)
    plays = [a for a in moves if a["type"] == "play"]
    return rng.choice(plays or [a for a in moves if a["type"] != "bid"] or moves)


def test_four_clients_play_a_partnership_game_to_its_end_following_the_api_guide(
    make_player: Any,
) -> None:
    """Section 15 with section 9's room: the host opens a partnership room and three friends
    join by its code; each client reads only its own view and sends only its own legal actions;
    the doubling window and a shown hand run out on the server's clock (moved by the test);
    the game ends when a seat has no chips, and no client ever saw another seat's card or the
    partner before it was public."""
    players = [make_player() for _ in range(4)]
    clients = [p.client for p in players]
    opened = clients[0].post("/api/v1/rooms/", {"variant": "partnership"}, format="json")
    assert opened.status_code == 201, opened.content
    room = opened.json()
    code = room["invite"]["code"]
    for client in clients[1:]:
        joined = client.post("/api/v1/rooms/join/", {"code": code}, format="json")
        assert joined.status_code == 200, joined.content
    url = f"/api/v1/matches/{room['id']}/"
    by_seat = {client.get(url).json()["your_seat"]: client for client in clients}
    assert sorted(by_seat) == [0, 1, 2, 3]
    rng = random.Random("walk-partnership")
    sent: list[str] = []
    with time_machine.travel(datetime.now(UTC), tick=False) as clock:
        for step in range(2000):
            views = {seat: client.get(url).json() for seat, client in by_seat.items()}
            if views[0]["status"] != "active":
                break
            for seat, match in views.items():
                assert_keeps_secrets(match, seat)
            moved = False
            for seat, match in views.items():
                action = gamble(match["view"], rng)
                if action is None:
                    continue
                body = {
                    "action": action,
                    "expected_version": match["version"],
                    "client_move_id": f"s{seat}-{step}",
                }
                answer = by_seat[seat].post(url + "actions/", body, format="json")
                assert answer.status_code == 200, answer.content
                sent.append(action["type"])
                moved = True
                break  # the others read the match again: it moved on
            if not moved:  # the doubling window or a shown hand: the deal waits for its clock
                deadline = views[0]["view"]["deal"]["deadline"]
                assert deadline is not None, views[0]["view"]
                clock.move_to(datetime.fromisoformat(deadline) + timedelta(milliseconds=1))
        else:
            pytest.fail("the game does not end")
    match = by_seat[0].get(url).json()
    assert (match["status"], match["end_reason"]) == ("finished", "points")
    chips = match["view"]["deal"]["chips"]
    assert min(chips) == 0 and sum(chips) + match["view"]["deal"]["pot"] == 12000
    assert {"bid", "play"} <= set(sent) and not GIVING_UP & set(sent)
    events = feed(by_seat[0], match["id"])
    assert events[0]["type"] == "match_started" and events[0]["seats"] == 4
    assert [e["type"] for e in events[-2:]] == ["deal_ended", "match_ended"]
    settled = [e for e in events if e["type"] == "hand_settled"]
    assert settled and settled[-1]["chips"] == chips
    for seat, client in by_seat.items():  # each player's stats count the game
        stats = client.get(f"/api/v1/players/{players_id(players, client)}/stats/").json()
        assert stats["partnership"]["games"] == 1
        assert stats["partnership"]["hands_won_as_caller"] == match["scores"][seat]


def players_id(players: list[Any], client: APIClient) -> int:
    return next(p.user.pk for p in players if p.client is client)


def assert_keeps_secrets(match: dict[str, Any], seat: int) -> None:
    """What a client may see, checked against the stored truth: its own hand and no card of
    another hand (unless shown or named by a bid), and the partner only once public (or when
    it holds the called card itself)."""
    state = event_store.state_load(Match.objects.get(pk=match["id"]))
    deal = state.deal
    if deal is None or deal.over:
        return
    view = match["view"]["deal"]
    assert view["hand"] == sorted_codes(deal.hands[seat])
    # a bid may name any card: the bids and the bids offered say nothing of where cards lie
    text = json.dumps({**match, "view": {**match["view"], "legal_actions": []}})
    secret = state.variant.secret(state, seat)
    assert not [c.code for c in secret if f'"{c.code}"' in text], (seat, text)
    knows = deal.partner_public or deal.holder == seat
    assert view["partner"] == (deal.holder if knows else None)
