"""A match of each variant played over the API alone, as docs/api.md tells a newcomer: a guest
(section 1), a computer match with its variant and target (2, 14), the view and its
`legal_actions` (3), actions sent with `expected_version` and a fresh `client_move_id` (4),
until the match ends (8); then every deal's record with its fair-play check (7) and the event
feed (5). The client knows only what those sections say: it picks among `legal_actions`, and
in sixty-six says "enough" only with 66 and a trick (section 14). One stray action of another
variant's, or out of its time, is refused as section 14 says."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from rest_framework.test import APIClient

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


def play_to_the_end(client: APIClient, match: dict[str, Any], rng: random.Random) -> list[str]:
    """Sections 3–4: read the match, send one of its legal actions, read it again (Kati's
    reply comes after our action), until it is finished. Returns the action types sent."""
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

    sent = play_to_the_end(client, match, random.Random(f"walk-{variant}"))

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
        digest = hashlib.sha256((record["salt"] + "".join(record["deck"])).encode()).hexdigest()
        assert digest == record["commitment"]
        result = record["result"]
        if result["winner"] is not None:
            won[result["winner"]] += result["game_points"]
        if variant == "sixty-six":
            assert {"card_points", "declared", "bonus_won", "bonus_carried"} <= set(record)
    assert won == scores
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
