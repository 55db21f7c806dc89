"""Helpers for service tests: matches set up through the API, a client-side event fold, and the
server-side truth about which cards a seat must not see."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from datetime import datetime
from typing import Any

from django.db import transaction

from apps.matches import event_store
from apps.matches.appending import command_apply
from apps.matches.engine import INITIAL, VARIANTS, Card, Command, MatchState, evolve
from apps.matches.models import Match
from tests.conftest import Player

GIVING_UP = ("surrender", "resign", "leave")
# Online, a pause or a shown hand is legal too; random play sticks to the cards and the talon.
PRESENCE = ("pause", "resume", "show_hand")


def create_computer_match(player: Player, **body: Any) -> dict:
    response = player.client.post("/api/v1/matches/computer/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def create_friend_match(host: Player, guest: Player) -> dict:
    room = host.client.post("/api/v1/rooms/", {}, format="json")
    assert room.status_code == 201, room.content
    code = room.json()["invite"]["code"]
    joined = guest.client.post("/api/v1/rooms/join/", {"code": code.lower()}, format="json")
    assert joined.status_code == 200, joined.content
    return joined.json()


def server_command(match_id: str, command: Command, *, now: datetime | None = None) -> Match:
    """Apply a server-side command (as a deadline or the computer would) under the match lock;
    returns the match after it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        state = event_store.state_load(match)
        command_apply(match, state, command, now=now)
    return Match.objects.get(pk=match_id)


def fetch(player: Player, match_id: str) -> dict:
    response = player.client.get(f"/api/v1/matches/{match_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def act(player: Player, match: dict, action: dict, move_id: str) -> Any:
    body = {"action": action, "expected_version": match["version"], "client_move_id": move_id}
    return player.client.post(f"/api/v1/matches/{match['id']}/actions/", body, format="json")


def record_verifies(record: dict[str, Any], seen: str | None = None) -> bool:
    """A deal record checked as docs/api.md section 7 tells a client to, written from the docs
    alone (not with the server's code): ``sha256-salt`` or ``hmac-fy-1``; ``seen``: the
    commitment seen before the deal."""
    if record["scheme"] == "sha256-salt":
        digest = hashlib.sha256((record["salt"] + "".join(record["deck"])).encode()).hexdigest()
    else:
        digest = hashlib.sha256(record["salt"].encode()).hexdigest()
        deck, key = sorted(record["deck"]), record["salt"].encode()
        material, k = ",".join(s["value"] for s in record["seeds"]) + ":", 0
        for i in range(len(deck) - 1, 0, -1):
            while True:
                byte = hmac.new(key, f"{material}{k}".encode(), hashlib.sha256).digest()[0]
                k += 1
                if byte < 256 - 256 % (i + 1):
                    break
            j = byte % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        if deck != record["deck"]:
            return False
    return digest == record["commitment"] == (seen or record["commitment"])


def random_move(view: dict, rng: random.Random) -> dict:
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP + PRESENCE]
    return rng.choice(moves)


class ClientModel:
    """What a client app derives from the redacted events it receives, and nothing else.

    Folding every envelope (from action answers, the feed or the WebSocket) must reproduce what
    a fresh ``GET`` of the match shows: that is how a client stays in sync.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.version = 0
        self.scores: list[int] = []
        self.hand: set[str] = set()
        self.table: list[str] = []
        self.trump_card: str | None = None
        self.talon_size = 0
        self.trick_counts: list[int] = []
        self.finished = False

    def apply(self, envelope: dict) -> None:
        assert envelope["type"] == "event"
        assert envelope["seq"] == self.version + 1, (envelope["seq"], self.version)
        self.version = envelope["seq"]
        event = envelope["event"]
        kind = event["type"]
        if kind == "match_started":
            self.scores = [0] * event["seats"]
        elif kind == "deal_started":
            self.hand = set(event["hand"])
            self.table, self.trump_card = [], event["trump_card"]
            self.talon_size = 10
            self.trick_counts = [0] * len(self.scores)
        elif kind == "trump_exchanged":
            if event["seat"] == self.seat:
                self.hand.remove(event["card"])
                self.hand.add(event["taken"])
            self.trump_card = event["card"]
        elif kind == "talon_closed":
            self.trump_card = None
        elif kind == "card_played":
            if event["seat"] == self.seat:
                self.hand.remove(event["card"])
            self.table.append(event["card"])
        elif kind == "trick_taken":
            self.trick_counts[event["seat"]] += 1
            self.table = []
        elif kind == "card_drawn":
            assert ("card" in event) == (event["seat"] == self.seat or event["face_up"])
            if event["seat"] == self.seat:
                self.hand.add(event["card"])
            self.talon_size -= 1
            if event["face_up"]:
                self.trump_card = None
        elif kind == "deal_ended" and event["winner"] is not None:
            self.scores[event["winner"]] += event["game_points"]
        elif kind == "match_ended":
            self.finished = True

    def apply_all(self, envelopes: list[dict]) -> None:
        for envelope in envelopes:
            self.apply(envelope)

    def catch_up(self, player: Player, match_id: str) -> None:
        response = player.client.get(f"/api/v1/matches/{match_id}/events/?after_seq={self.version}")
        assert response.status_code == 200
        self.apply_all(response.json()["events"])

    def assert_agrees_with(self, match: dict) -> None:
        """The folded events show exactly what a fresh fetch shows."""
        assert self.version == match["version"]
        assert self.scores == match["scores"]
        assert self.finished == (match["status"] == "finished")
        deal = match["view"]["deal"]
        if deal is None or deal["phase"] == "over":
            return
        assert sorted(self.hand) == sorted(deal["hand"])
        assert self.table == [t["card"] for t in deal["table"]]
        assert self.trump_card == deal["trump_card"]
        assert self.talon_size == deal["talon_size"]
        assert self.trick_counts == deal["trick_counts"]


def hidden_cards(state: MatchState, seat: int) -> set[str]:
    """Codes a seat must not see in this state: other hands and the undrawn talon, less the
    cards that lay face up as the trump card."""
    deal = state.deal
    if deal is None or deal.over:
        return set()
    assert state.variant is not None
    first_trump = VARIANTS[state.variant.name].layout(deal.deck, deal.dealer)[1]  # type: ignore[attr-defined]
    hidden: set[Card] = set(deal.talon)
    for other, hand in enumerate(deal.hands):
        if other != seat:
            hidden.update(hand)
    return {c.code for c in hidden - {first_trump, deal.trump_card}}


def hidden_by_version(match_id: str, seat: int) -> dict[int, set[str]]:
    """For every version of the match, the cards ``seat`` must not see at that version."""
    state, result = INITIAL, {0: set()}
    for seq, event in enumerate(event_store.events_load(match_id), start=1):  # type: ignore[arg-type]
        state = evolve(state, event)
        result[seq] = hidden_cards(state, seat)
    return result


def shown(payload: Any, codes: set[str]) -> list[str]:
    text = json.dumps(payload)
    return sorted(c for c in codes if f'"{c}"' in text)
