"""Every level through the real service: a guest plays a whole match against it over HTTP."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.bots.actions import GIVING_UP
from apps.bots.declaring import is_right
from apps.computer import services as bot_services
from apps.computer.receivers import bot_move_schedule, bot_seats_to_move
from apps.computer.tasks import bot_move
from apps.matches.models import Match
from apps.matches.signals import events_appended
from apps.matches.strengths import levels_for
from tests.conftest import MakePlayer
from tests.engine.builders_sixty_six import apply, deck24, p, start
from tests.matches.helpers import PRESENCE, act, create_computer_match, fetch, random_move

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("level", sorted(levels_for("klub")))
def test_a_guest_plays_a_match_against_each_level(make_player: MakePlayer, level: str) -> None:
    player = make_player(guest=True)
    match = create_computer_match(player, variant="klub", strength=level)
    assert match["players"][1]["strength"] == level
    rng = random.Random(3)
    moves = 0
    while match["status"] == "active":
        view = match["view"]
        assert view["deal"]["turn"] == match["your_seat"]  # the computer has answered
        response = act(player, match, random_move(view, rng), f"move-{moves}")
        assert response.status_code == 200, response.content
        match = fetch(player, match["id"])
        moves += 1
    assert max(match["scores"]) >= 7 and match["end_reason"] == "points"


def test_the_computer_never_plays_a_move_chosen_before_the_match_moved_on(
    make_player: MakePlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kati thinks outside the match lock: if the match changes while she chooses (here the
    player resigns), she reads it again instead of applying her stale choice."""
    player = make_player(guest=True)
    events_appended.disconnect(dispatch_uid="computer.move")  # Kati answers only when asked here
    try:
        match = create_computer_match(player, variant="klub", strength="beginner")
        rng = random.Random(5)
        while match["view"]["deal"]["turn"] == match["your_seat"]:
            assert act(player, match, random_move(match["view"], rng), "mine").status_code == 200
            match = fetch(player, match["id"])
        choose, thought = bot_services._choose, []

        def resigned_meanwhile(*args: Any) -> Any:
            thought.append(choose(*args))
            fresh = fetch(player, match["id"])
            assert act(player, fresh, {"type": "resign"}, "resign").status_code == 200
            return thought[-1]

        monkeypatch.setattr(bot_services, "_choose", resigned_meanwhile)
        assert bot_services.bot_move_play(match_id=match["id"]) is False
    finally:
        events_appended.connect(bot_move_schedule, dispatch_uid="computer.move")
    assert thought, "Kati chose a move"
    final = fetch(player, match["id"])
    assert final["status"] == "finished" and final["end_reason"] == "resigned"
    assert final["version"] == match["version"] + 2  # the resignation's events, nothing of hers


def sixty_six_move(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A guest who says "enough" only when right (and then always), else plays at random."""
    moves = [a for a in view["legal_actions"] if a["type"] not in GIVING_UP + PRESENCE]
    declare = {"type": "declare_enough"}
    if declare in moves and is_right(view):
        return declare
    if {"type": "let_count"} in moves:
        return {"type": "let_count"}
    return rng.choice([a for a in moves if a != declare])


@pytest.mark.parametrize("level", sorted(levels_for("sixty-six")))
def test_a_guest_plays_a_sixty_six_match_against_each_level(
    make_player: MakePlayer, level: str
) -> None:
    """A whole sixty-six match over HTTP: Kati answers every move, says "enough" only when
    right (never a wrong declaration of hers among the deals), and the match ends on points."""
    player = make_player(guest=True)
    match = create_computer_match(player, variant="sixty-six", strength=level)
    assert match["players"][1]["strength"] == level
    rng = random.Random(4)
    moves = 0
    while match["status"] == "active":
        view = match["view"]
        assert view["deal"]["turn"] == match["your_seat"]  # the computer has answered
        response = act(player, match, sixty_six_move(view, rng), f"move-{moves}")
        assert response.status_code == 200, response.content
        match = fetch(player, match["id"])
        moves += 1
    assert max(match["scores"]) >= 7 and match["end_reason"] == "points"
    events: list[dict[str, Any]] = []
    while True:
        url = f"/api/v1/matches/{match['id']}/events/?after_seq={len(events)}"
        page = player.client.get(url).json()["events"]
        if not page:
            break
        events += [envelope["event"] for envelope in page]
    kati = 1 - match["your_seat"]
    declared_by = None
    for e in events:
        if e["type"] == "enough_declared":
            declared_by = e["seat"]
        elif e["type"] == "deal_ended":
            if declared_by == kati:  # right: a win, never a wrong declaration
                assert e["reason"] in ("declared", "close_succeeded", "close_failed")
                assert e["winner"] == kati
            declared_by = None


def test_kati_is_asked_to_declare_right_after_her_marriage_lead(make_player: MakePlayer) -> None:
    """The deal waits for the guest's follow, but Kati, who just led the trump marriage to 72
    with a trick, has a word to say: the service asks her (and her only when it is right)."""
    player = make_player(guest=True)
    match = create_computer_match(player, variant="sixty-six", strength="club")
    kati = 1 - match["your_seat"]
    # Kati (seat 1) wins three tricks (34 points), then leads MO holding MK: 40 more.
    d = deck24(forehand="P9 T9 Z9 PU ZU TU", dealer="PA PX TA MO MK ZO", trump="M9", talon="ZK ZA")
    assert kati == 1
    state = start(d, first_dealer=1)
    state, _ = apply(state, p(0, "P9"), p(1, "PA"), p(1, "PX"), p(0, "PU"), p(1, "TA"), p(0, "T9"))
    row = Match.objects.get(pk=match["id"])
    assert state.deal.points(1) == 34  # type: ignore[union-attr]
    assert bot_seats_to_move(row, state) == [1]  # her turn to lead
    led, _ = apply(state, p(1, "MO"))
    assert led.deal.turn == 0  # type: ignore[union-attr]
    assert bot_seats_to_move(row, led) == [1]
    led, _ = apply(state, p(1, "ZO"))  # no marriage: nothing to say until the guest follows
    assert bot_seats_to_move(row, led) == []


def test_a_move_queued_before_the_glue_moved_still_finds_its_task() -> None:
    """The task moved from ``apps.bots.tasks`` to ``apps.computer.tasks``; a worker started
    after a deploy still runs a move a web process queued before it, by the old name."""
    from config.celery import app  # noqa: PLC0415 (the worker's app, as the worker loads it)

    app.loader.import_default_modules()  # what a worker does at start: autodiscover the tasks
    task = app.tasks["apps.bots.tasks.bot_move"]
    assert task.name == bot_move.name and task.__module__ == "apps.computer.tasks"
