"""A ``partnership`` game against the computer through the service, with the variant registered
by the test (the product does not offer it yet): one person and three Katis, created over the
API; the person plays only from its legal actions, Kati answers for the three other seats
through the real bot service (the after-commit receiver, Celery eager in the tests), the
doubling window closes when its deadline runs out (applied on a load, as every deadline) and is
as long as the operator's setting (``PARTNERSHIP_DOUBLING_SECONDS``), and the person never
sees a card of another seat's hand that is secret to it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from apps.matches import event_store
from apps.matches.engine import VARIANTS
from apps.matches.models import Match
from apps.matches.variant_settings import partnership_rules
from tests.conftest import MakePlayer, Player
from tests.engine.partnership import PARTNERSHIP, partnership_registered
from tests.matches.helpers import GIVING_UP, act, create_computer_match, fetch, shown

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = 5  # hands played to their end (the game ends sooner if a seat runs out of chips)


DOUBLING_SECONDS = 7  # the operator's doubling window, not the engine's default 5 s


@pytest.fixture
def partnership(settings: Any) -> Iterator[None]:
    """The variant as the product would register it: with the window of the setting."""
    settings.PARTNERSHIP_DOUBLING_SECONDS = DOUBLING_SECONDS
    with partnership_registered(partnership_rules()):
        yield


@pytest.fixture
def clock() -> Iterator[time_machine.Coordinates]:
    """The service's clock, stopped at the real time now and moved only by the test."""
    with time_machine.travel(datetime.now(UTC), tick=False) as traveller:
        yield traveller


def _events(player: Player, match_id: str) -> list[dict]:
    response = player.client.get(f"/api/v1/matches/{match_id}/events/?after_seq=0")
    assert response.status_code == 200, response.content
    return [envelope["event"] for envelope in response.json()["events"]]


def _check_secret(player: Player, match: dict) -> None:
    """The person's view shows none of the cards its seat may not know (other hands). The
    bids it may make name every card of the deck, wherever it lies: they say nothing."""
    state = event_store.state_load(Match.objects.get(pk=match["id"]))
    if state.deal is None or state.deal.over:
        return
    secret = {c.code for c in VARIANTS[PARTNERSHIP].secret(state, match["your_seat"])}
    view = match["view"]
    others = [a for a in view["legal_actions"] if a["type"] != "bid"]
    assert not shown({**match, "view": {**view, "legal_actions": others}}, secret)


def _choice(view: dict, rng: random.Random) -> dict:
    """The person: one of its legal actions, passing and letting doublings go more often than
    not, so that hands are called and played and the doubling window stays open for its
    deadline; never leaving or resigning."""
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP]
    quiet = [a for a in moves if a["type"] in ("pass", "no_double")]
    if quiet and rng.random() < 0.7:
        return quiet[0]
    return rng.choice(moves)


@pytest.mark.usefixtures("partnership")
def test_a_person_plays_partnership_hands_against_three_katis(
    make_player: MakePlayer, clock: time_machine.Coordinates
) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, variant=PARTNERSHIP, strength="beginner")
    assert match["variant"] == PARTNERSHIP
    assert [p["strength"] for p in match["players"][1:]] == ["beginner"] * 3
    seat = match["your_seat"]
    rng = random.Random(7)
    waited = 0
    for move in range(400):
        match = fetch(player, match["id"])
        _check_secret(player, match)
        if match["status"] != "active":
            break
        ended = sum(e["type"] == "deal_ended" for e in _events(player, match["id"]))
        if ended >= HANDS:
            break
        view = match["view"]
        deal = view["deal"]
        moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP]
        if moves and deal["phase"] != "doubling":
            response = act(player, match, _choice(view, rng), f"m{move}")
            assert response.status_code == 200, response.content
            continue
        # the doubling window (the person lets it run out) or a shown hand: the deal waits
        # for its deadline, Kati having answered what was hers
        assert deal["deadline"] is not None, view
        if deal["phase"] == "doubling":  # opened just now (the clock moves only here): as
            # long as the operator's setting says
            left = datetime.fromisoformat(deal["deadline"]) - datetime.now(UTC)
            assert left == timedelta(seconds=DOUBLING_SECONDS)
        clock.move_to(datetime.fromisoformat(deal["deadline"]))
        after = fetch(player, match["id"])["view"]["deal"]  # the load applies the deadline
        assert after["phase"] != deal["phase"] or after["deadline"] != deal["deadline"]
        waited += deal["phase"] == "doubling"
    events = _events(player, match["id"])
    assert sum(e["type"] == "deal_ended" for e in events) >= HANDS or match["status"] != "active"
    kati = [e for e in events if e.get("seat") is not None and e["seat"] != seat]
    assert {e["seat"] for e in kati if e["type"] in ("bid_made", "passed")} == {
        s for s in range(4) if s != seat
    }
    assert any(e["type"] == "card_played" for e in kati)  # hands were called and played
    assert not any(e.get("stand_in") for e in events)
    assert waited > 0  # a doubling window closed by its deadline
    assert "doubling_closed" in {e["type"] for e in events}
