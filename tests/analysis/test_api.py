"""``GET /api/v1/matches/<id>/deals/<n>/analysis/``: only to the match's seats, only once the
deal is over, 202 with ``Retry-After`` while it is made (the first request asks for it when no
worker made it yet) and then 200 with every decision, Kati's too; as the OpenAPI schema says.
And after a deal ends, the worker analyses it without being asked (``ANALYSIS_AFTER_DEAL``)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from apps.analysis.models import DealAnalysis
from apps.bots.analysis import VERSION
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import GIVING_UP, act, create_computer_match, fetch, random_move

pytestmark = pytest.mark.django_db(transaction=True)

PATH = "/api/v1/matches/{match_id}/deals/{number}/analysis/"


def analysis(player: Player, match_id: str, number: int) -> Any:
    return player.client.get(f"/api/v1/matches/{match_id}/deals/{number}/analysis/")


def play_then_give_up(player: Player, match: dict, moves: int, rng: random.Random) -> dict:
    """A few moves of the seat (Kati answers each), then the deal given up: the first deal
    over, the next one dealt."""
    for i in range(moves):
        match = fetch(player, match["id"])
        if match["view"]["deals_played"]:
            return match
        answer = act(player, match, random_move(match["view"], rng), f"m{i}")
        assert answer.status_code == 200, answer.content
    match = fetch(player, match["id"])
    if not match["view"]["deals_played"]:
        give_up = {"type": "surrender", "confirm": True}
        assert act(player, match, give_up, "give-up").status_code == 200
    return fetch(player, match["id"])


@pytest.mark.parametrize("variant", ["klub", "sixty-six"])
def test_a_seat_gets_the_analysis_once_the_deal_is_over(
    make_player: MakePlayer, check: Any, variant: str
) -> None:
    player, stranger = make_player(guest=True), make_player(guest=True)
    match = create_computer_match(player, variant=variant, strength="club")
    match_id = match["id"]

    early = analysis(player, match_id, 1)
    assert (early.status_code, check(early, PATH)["code"]) == (409, "deal_not_over")
    missing = analysis(player, match_id, 7)
    assert (missing.status_code, check(missing, PATH)["code"]) == (404, "deal_not_found")

    match = play_then_give_up(player, match, 6, random.Random(f"api-{variant}"))
    assert match["view"]["deals_played"] >= 1

    hidden = analysis(stranger, match_id, 1)
    assert (hidden.status_code, check(hidden, PATH)["code"]) == (404, "match_not_found")

    first = analysis(player, match_id, 1)  # nobody made it yet: asked for now
    assert first.status_code == 202 and int(first["Retry-After"]) > 0
    assert check(first, PATH) == {"status": "pending"}
    done = analysis(player, match_id, 1)  # the (eager) worker made it after the first answer
    assert done.status_code == 200, done.content
    body = check(done, PATH)
    assert (body["variant"], body["version"]) == (variant, VERSION)
    record = check(player.client.get(f"/api/v1/matches/{match_id}/deals/1/"), PATH[:-9])
    assert body["result"]["winner"] == record["result"]["winner"]
    assert body["result"]["game_points"] == record["result"]["game_points"]
    seats = {d["seat"] for d in body["decisions"]}
    assert seats == {0, 1}  # Kati's decisions are analysed as the player's
    assert body["decisions"][-1]["action"]["type"] in {"surrender", "play_card", "declare_enough"}
    assert all(d["exact"]["loss"] >= 0 for d in body["decisions"])


def test_the_deal_is_analysed_when_it_ends(make_player: MakePlayer, settings: Any) -> None:
    settings.ANALYSIS_AFTER_DEAL = True
    player = make_player(guest=True)
    match = create_computer_match(player, variant="klub", strength="beginner")
    match = play_then_give_up(player, match, 3, random.Random("hook"))
    stored = DealAnalysis.objects.get(match_id=match["id"], number=1)
    assert (stored.status, stored.version) == (DealAnalysis.Status.DONE, VERSION)
    answer = analysis(player, match["id"], 1)
    assert answer.status_code == 200 and answer.json() == stored.data


def test_a_lost_task_is_asked_again_and_a_failed_analysis_says_so(
    make_player: MakePlayer, check: Any
) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, variant="klub", strength="beginner")
    match = play_then_give_up(player, match, 2, random.Random("lost"))
    row = DealAnalysis.objects.create(match_id=match["id"], number=1, version=VERSION)
    pending = analysis(player, match["id"], 1)
    assert pending.status_code == 202  # being made: not asked twice
    assert DealAnalysis.objects.get(pk=row.pk).status == DealAnalysis.Status.PENDING
    old = row.updated_at - timedelta(minutes=5)
    DealAnalysis.objects.filter(pk=row.pk).update(updated_at=old)
    assert analysis(player, match["id"], 1).status_code == 202  # stale: asked again
    assert analysis(player, match["id"], 1).status_code == 200

    DealAnalysis.objects.filter(pk=row.pk).update(status=DealAnalysis.Status.FAILED, data=None)
    failed = analysis(player, match["id"], 1)
    assert (failed.status_code, check(failed, PATH)["code"]) == (409, "analysis_failed")
    DealAnalysis.objects.filter(pk=row.pk).update(version=VERSION - 1)
    assert analysis(player, match["id"], 1).status_code == 202  # an older version: made again
    assert analysis(player, match["id"], 1).status_code == 200


def _play_a_called_hand(player: Player, match: dict, clock: Any) -> int:
    """The person plays (bidding now and then, so that hands are called) until a hand with a
    caller has ended; the doubling window and a shown hand wait out their deadlines on the
    clock. The number of that hand."""
    rng = random.Random("partnership-analysis")
    for move in range(600):
        match = fetch(player, match["id"])
        view = match["view"]
        for number in range(1, view["deals_played"] + 1):
            record = player.client.get(f"/api/v1/matches/{match['id']}/deals/{number}/").json()
            if record["holder"] is not None:
                return number
        deal = view["deal"]
        moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP]
        if moves and deal["phase"] != "doubling":
            bids = [a for a in moves if a["type"] == "bid" and a["card"][0] == "P"]
            action = bids[0] if bids and rng.random() < 0.5 else rng.choice(moves)
            assert act(player, match, action, f"m{move}").status_code == 200
            continue
        clock.move_to(datetime.fromisoformat(deal["deadline"]))
    raise AssertionError("no hand was called")


def test_a_partnership_hand_is_analysed_for_its_seats_once_over(
    make_player: MakePlayer, check: Any
) -> None:
    player, stranger = make_player(guest=True), make_player(guest=True)
    match = create_computer_match(player, variant="partnership", strength="beginner")
    early = analysis(player, match["id"], 1)
    assert (early.status_code, check(early, PATH)["code"]) == (409, "deal_not_over")
    with time_machine.travel(datetime.now(UTC), tick=False) as clock:
        number = _play_a_called_hand(player, match, clock)
    hidden = analysis(stranger, match["id"], number)
    assert (hidden.status_code, check(hidden, PATH)["code"]) == (404, "match_not_found")
    assert analysis(player, match["id"], number).status_code == 202
    done = analysis(player, match["id"], number)
    assert done.status_code == 200, done.content
    body = check(done, PATH)
    assert (body["variant"], body["version"]) == ("partnership", VERSION)
    record = player.client.get(f"/api/v1/matches/{match['id']}/deals/{number}/").json()
    assert body["count"] == {key: record[key] for key in body["count"]}
    assert body["result"] == record["result"]
    plays = [d for d in body["decisions"] if d["action"]["type"] == "play"]
    played = [c["card"] for t in record["tricks"] for c in t["cards"]]
    assert [d["action"]["card"] for d in plays] == played
    assert {d["seat"] for d in body["decisions"]} <= {0, 1, 2, 3}
    assert len(body["contract"]["bids"]) == 48
    assert all(d["exact"]["loss"] >= 0 for d in body["decisions"])
