"""The player's match list as a history (``GET /api/v1/matches/``): each row's game, players,
score, result and length; a filter by game; pages; only one's own matches, and no card. And
matches against Kati left alone: they end (``lapsed``) and no stats count them."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from apps.matches.lapses import kati_matches_lapse
from apps.matches.models import Match
from tests.matches.helpers import act, create_computer_match, create_friend_match, fetch

pytestmark = pytest.mark.django_db


def _resign(player, match: dict) -> None:
    response = act(player, fetch(player, match["id"]), {"type": "resign"}, f"r-{match['id']}")
    assert response.status_code == 200, response.content


def _list(player, query: str = "") -> dict:
    response = player.client.get(f"/api/v1/matches/?limit=10{query}")
    assert response.status_code == 200, response.content
    return response.json()


def test_a_row_says_when_what_against_whom_how_it_ended_and_how_long(make_player, check) -> None:
    anna = make_player(display_name="Anna")
    bela = make_player(display_name="Béla")
    kati_match = create_computer_match(anna, variant="sixty-six", strength="strong")
    friendly = create_friend_match(anna, bela)
    _resign(bela, friendly)

    response = anna.client.get("/api/v1/matches/?limit=10")
    check(response, "/api/v1/matches/")
    rows = response.json()["results"]
    assert [row["id"] for row in rows] == [friendly["id"], kati_match["id"]]
    won, running = rows
    assert (won["variant"], won["mode"], won["status"], won["result"]) == (
        "klub",
        "friend",
        "finished",
        "won",
    )
    assert won["end_reason"] == "resigned" and won["finished_at"] is not None
    assert [(p["name"], p["is_you"]) for p in won["players"]] == [("Anna", True), ("Béla", False)]
    assert won["deals"] == 1
    assert (running["variant"], running["status"], running["result"]) == (
        "sixty-six",
        "active",
        None,
    )
    kati = [p for p in running["players"] if p["is_computer"]]
    assert [(p["name"], p["strength"]) for p in kati] == [("Kati", "strong")]
    assert running["deals"] == 1 and running["chips"] is None
    # Béla's side of the same match: his loss
    assert _list(bela)["results"][0]["result"] == "lost"


def test_the_list_filters_by_game_and_pages(make_player) -> None:
    anna = make_player()
    made = [create_computer_match(anna, variant=v) for v in ("klub", "sixty-six", "klub", "klub")]
    klub = [m["id"] for m in made if m["variant"] == "klub"][::-1]

    first = anna.client.get("/api/v1/matches/?variant=klub&limit=2").json()
    assert first["count"] == 3
    assert [row["id"] for row in first["results"]] == klub[:2]
    assert {row["variant"] for row in first["results"]} == {"klub"}
    second = anna.client.get(first["next"]).json()
    assert [row["id"] for row in second["results"]] == klub[2:]
    assert second["next"] is None
    assert _list(anna, "&variant=sixty-six")["count"] == 1
    assert _list(anna)["count"] == 4


def test_a_game_that_does_not_exist_is_refused(make_player) -> None:
    anna = make_player()
    response = anna.client.get("/api/v1/matches/?variant=chess")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_input"
    assert "variant" in response.json()["errors"]


def test_only_ones_own_matches_and_never_a_card(make_player) -> None:
    anna, bela, cili = make_player(), make_player(), make_player()
    friendly = create_friend_match(anna, bela)
    create_computer_match(anna)
    assert _list(cili)["count"] == 0
    assert [row["id"] for row in _list(bela)["results"]] == [friendly["id"]]
    assert cili.client.get("/api/v1/matches/").status_code == 200
    # no hand, talon or deck in any row: none of the running deal's cards is named
    view = fetch(anna, friendly["id"])["view"]
    hand = [c["card"] if isinstance(c, dict) else c for c in view["deal"]["hand"]]
    text = json.dumps(_list(anna)) + json.dumps(_list(bela))
    assert hand and not [card for card in hand if f'"{card}"' in text]


def test_a_match_against_kati_left_alone_lapses_and_counts_nowhere(make_player) -> None:
    anna = make_player()
    left = create_computer_match(anna, variant="partnership")
    played = create_computer_match(anna)
    friendly = create_friend_match(anna, make_player())
    now = timezone.now()

    # a day less a minute: still going (the clock is the sweep's, injected)
    assert kati_matches_lapse(now=now + timedelta(hours=24) - timedelta(minutes=1)) == 0
    assert kati_matches_lapse(now=now + timedelta(hours=24, minutes=1)) == 2
    ended = Match.objects.get(pk=left["id"])
    assert (ended.status, ended.end_reason, ended.winner_seat) == ("finished", "lapsed", None)
    assert ended.events.order_by("-seq").first().type == "match_ended"  # appended, not set
    assert Match.objects.get(pk=played["id"]).end_reason == "lapsed"
    # an online match is never lapsed: its own deadlines end it
    assert Match.objects.get(pk=friendly["id"]).status == "active"
    # nothing left to lapse
    assert kati_matches_lapse(now=now + timedelta(days=3)) == 0

    row = next(r for r in _list(anna)["results"] if r["id"] == left["id"])
    assert (row["status"], row["result"], row["end_reason"]) == ("finished", "void", "lapsed")
    stats = anna.client.get(f"/api/v1/players/{anna.user.pk}/stats/").json()
    assert stats["partnership"]["games"] == 0
    assert (stats["partnership"]["losses"], stats["partnership"]["left"]) == (0, 0)
    assert fetch(anna, left["id"])["view"]["result"]["reason"] == "lapsed"


def test_a_move_keeps_a_kati_match_going(make_player, settings) -> None:
    settings.KATI_MATCH_IDLE_HOURS = 2
    anna = make_player()
    match = create_computer_match(anna)
    assert kati_matches_lapse(now=timezone.now() + timedelta(hours=1)) == 0
    assert kati_matches_lapse(now=timezone.now() + timedelta(hours=3)) == 1
    assert Match.objects.get(pk=match["id"]).end_reason == "lapsed"


def test_the_list_ends_its_players_kati_matches_left_alone_without_a_worker(make_player) -> None:
    anna, bela = make_player(), make_player()
    mine, hers = create_computer_match(anna), create_computer_match(bela)
    a_day_ago = timezone.now() - timedelta(hours=25)
    Match.objects.filter(pk__in=[mine["id"], hers["id"]]).update(updated_at=a_day_ago)

    row = _list(anna)["results"][0]
    assert (row["id"], row["status"], row["end_reason"]) == (mine["id"], "finished", "lapsed")
    assert Match.objects.get(pk=hers["id"]).status == "active"  # Béla's waits for his list
