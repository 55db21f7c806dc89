"""Ranked play per game: a ticket names the game and target; only tickets asking for the same
game, target and stake are paired; each game has its own rating, standings and medals."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from apps.ranking import matchmaking, tasks, tournament
from apps.ranking.models import Medal, Rating, Standing, Ticket
from apps.ranking.ratings import ratings_record
from tests.conftest import Player

# Pairing runs after commit, as in production: these tests commit for real.
pytestmark = pytest.mark.django_db(transaction=True)

TICKETS = "/api/v1/matchmaking/tickets/"


def ask(player: Player, **body: Any) -> Any:
    return player.client.post(TICKETS, {"stake": 100, **body}, format="json")


def test_a_sixty_six_ticket_is_paired_only_with_the_same_game_and_target(
    make_player, creator, clock
) -> None:
    klub, six_to_7, six_to_11, other_to_11 = (make_player() for _ in range(4))
    k = ask(klub).json()
    assert (k["variant"], k["target"], k["status"]) == ("klub", 7, "waiting")
    seven = ask(six_to_7, variant="sixty-six").json()
    assert (seven["variant"], seven["target"], seven["status"]) == ("sixty-six", 7, "waiting")
    eleven = ask(six_to_11, variant="sixty-six", target=11).json()
    assert eleven["status"] == "waiting"  # neither the klub nor the 7-point ticket is its match
    clock.advance(500)  # gaps wide open: only the pools keep them apart
    tasks.matchmaking_sweep.delay()
    assert creator.calls == []

    paired = ask(other_to_11, variant="sixty-six", target=11).json()
    assert paired["status"] == "matched"
    assert paired["opponent"]["id"] == six_to_11.user.pk
    assert creator.games == [("sixty-six", 11)]
    statuses = dict(Ticket.objects.values_list("user_id", "status"))
    assert statuses[klub.user.pk] == statuses[six_to_7.user.pk] == "waiting"


def test_the_sweep_pairs_every_game(make_player, creator, clock) -> None:
    players = [make_player() for _ in range(4)]
    with pytest.MonkeyPatch.context() as mp:  # no pairing at once: the sweep does it
        mp.setattr(matchmaking, "_pairing_schedule", lambda pool: None)
        for player, game in zip(players, ["klub", "sixty-six", "klub", "sixty-six"], strict=True):
            matchmaking.ticket_create(user=player.user, stake=50, variant=game)
    tasks.matchmaking_sweep.delay()
    assert sorted(creator.games) == [("klub", 7), ("sixty-six", 7)]
    assert not Ticket.objects.filter(status="waiting").exists()


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"variant": "sixty-six", "target": 9}, "invalid_target", None),
        ({"variant": "klub", "target": 11}, "invalid_target", None),
        ({"variant": "tarokk"}, "unknown_variant", None),
        ({"variant": "partnership"}, "variant_not_ranked", None),
        ({"stake": 30}, "invalid_stake", None),
        ({"variant": "sixty-six", "target": "11"}, "invalid_input", "target"),
    ],
)
def test_a_game_or_target_not_played_ranked_is_refused_and_nothing_queued(
    make_player, creator, body, code, field
) -> None:
    anna = make_player()
    refused = ask(anna, **body)
    assert refused.status_code == 400
    problem = refused.json()
    assert problem["code"] == code
    if field:
        assert field in problem["errors"]
    elif code == "invalid_target":
        assert problem["allowed"] == ([7, 11] if body["variant"] == "sixty-six" else [7])
    elif code == "invalid_stake":  # docs/api.md: invalid_stake has `allowed`
        assert problem["allowed"] == [20, 50, 100, 200, 500, 1000]
    assert not Ticket.objects.exists() and not Rating.objects.exists()


def test_each_game_has_its_own_rating_standing_and_medals(make_player, finished_match, clock):
    anna, bela = make_player(), make_player()
    clock.now = datetime(2026, 10, 5, tzinfo=UTC)
    for variant, winner, loser in [("klub", anna, bela), ("sixty-six", bela, anna)]:
        match = finished_match(winner.user, loser.user, variant=variant)
        ratings_record(
            match_id=match.pk,
            variant=variant,
            results=[(winner.user.pk, True), (loser.user.pk, False)],
        )
    ratings = {(r.user_id, r.variant): r.rating for r in Rating.objects.all()}
    assert ratings == {
        (anna.user.pk, "klub"): 1520,
        (bela.user.pk, "klub"): 1480,
        (anna.user.pk, "sixty-six"): 1480,
        (bela.user.pk, "sixty-six"): 1520,
    }
    points = {(s.user_id, s.variant): s.points for s in Standing.objects.all()}
    assert points[(anna.user.pk, "klub")] == points[(bela.user.pk, "sixty-six")] == 3
    assert points[(anna.user.pk, "sixty-six")] == points[(bela.user.pk, "klub")] == 1

    clock.now = datetime(2026, 11, 1, 0, 5, tzinfo=UTC)
    assert tournament.months_close_due() == 4  # gold and silver in each game
    gold = {m.variant: m.user_id for m in Medal.objects.filter(rank=1)}
    assert gold == {"klub": anna.user.pk, "sixty-six": bela.user.pk}
    assert tournament.month_close(year=2026, month=10, variant="sixty-six") == []  # once
