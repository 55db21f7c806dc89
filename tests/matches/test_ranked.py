"""Ranked matches: stakes held when the match starts, the pot and Elo settled in the transaction
that appends the final event, refunds when the match is voided, ranked rematches."""

from __future__ import annotations

import pytest

from apps.common.errors import Problem
from apps.matches import services
from apps.matches.engine import Abandon, TechnicalLoss
from apps.matches.models import Match
from apps.ranking.models import Rating, RatingChange
from apps.wallet.selectors import balance_of
from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import act, fetch, server_command

pytestmark = pytest.mark.django_db(transaction=True)
STAKE = 100


def _players(make_player: MakePlayer) -> tuple[Player, Player]:
    a, b = make_player(), make_player()
    for p in (a, b):
        wallet_open(user=p.user)
    return a, b


def _ranked(a: Player, b: Player) -> dict:
    match_id = services.match_create_ranked(user_ids=(a.user.id, b.user.id), stake=STAKE)
    return fetch(a, match_id)


def test_stakes_go_to_the_winner_and_elo_moves(make_player: MakePlayer) -> None:
    a, b = _players(make_player)
    start = balance_of(a.user.id)
    match = _ranked(a, b)
    assert match["mode"] == "ranked" and match["status"] == "active"
    assert balance_of(a.user.id) == balance_of(b.user.id) == start - STAKE
    assert act(b, fetch(b, match["id"]), {"type": "resign"}, "gg").status_code == 200
    assert fetch(a, match["id"])["winner_seat"] == 0
    assert balance_of(a.user.id) == start + STAKE and balance_of(b.user.id) == start - STAKE
    assert a.client.get("/api/v1/wallet/").json()["balance"] == start + STAKE
    winner, loser = Rating.objects.get(user=a.user), Rating.objects.get(user=b.user)
    assert winner.rating > 1500 > loser.rating
    assert RatingChange.objects.filter(match_id=match["id"]).count() == 2


def test_a_technical_loss_pays_the_opponent(make_player: MakePlayer) -> None:
    a, b = _players(make_player)
    start = balance_of(a.user.id)
    match = _ranked(a, b)
    server_command(match["id"], TechnicalLoss(seat=0))
    assert fetch(b, match["id"])["end_reason"] == "technical_loss"
    assert balance_of(b.user.id) == start + STAKE and balance_of(a.user.id) == start - STAKE


def test_a_voided_match_refunds_both_and_is_not_rated(make_player: MakePlayer) -> None:
    a, b = _players(make_player)
    start = balance_of(a.user.id)
    match = _ranked(a, b)
    server_command(match["id"], Abandon())
    assert fetch(a, match["id"])["end_reason"] == "abandoned"
    assert balance_of(a.user.id) == balance_of(b.user.id) == start
    assert not RatingChange.objects.filter(match_id=match["id"]).exists()


def test_not_enough_coins_starts_nothing_and_moves_nothing(
    make_player: MakePlayer,
    settings,  # type: ignore[no-untyped-def]
) -> None:
    rich = make_player()
    wallet_open(user=rich.user)  # 1,000 coins
    settings.WALLET_SIGNUP_GRANT = 50
    poor = make_player()
    wallet_open(user=poor.user)  # 50 coins
    before = (Match.objects.count(), balance_of(rich.user.id), balance_of(poor.user.id))
    with pytest.raises(Problem) as refused:
        services.match_create_ranked(user_ids=(rich.user.id, poor.user.id), stake=STAKE)
    assert refused.value.code == "insufficient_coins"
    assert (Match.objects.count(), balance_of(rich.user.id), balance_of(poor.user.id)) == before


def test_a_ranked_rematch_takes_the_stakes_again(make_player: MakePlayer) -> None:
    a, b = _players(make_player)
    start = balance_of(a.user.id)
    match = _ranked(a, b)
    act(b, fetch(b, match["id"]), {"type": "resign"}, "gg")
    assert a.client.post(f"/api/v1/matches/{match['id']}/rematch/").status_code == 202
    accepted = b.client.post(f"/api/v1/matches/{match['id']}/rematch/accept/")
    assert accepted.status_code == 201
    rematch = fetch(a, accepted.json()["new_match_id"])
    assert rematch["mode"] == "ranked" and rematch["scores"] == [0, 0]
    assert balance_of(a.user.id) == start + STAKE - STAKE
    assert balance_of(b.user.id) == start - STAKE - STAKE


def test_a_ranked_rematch_nobody_can_pay_for_is_refused_cleanly(
    make_player: MakePlayer,
    settings,  # type: ignore[no-untyped-def]
) -> None:
    settings.WALLET_SIGNUP_GRANT = 150
    a, b = _players(make_player)
    match = _ranked(a, b)  # both pay 100 of their 150
    act(b, fetch(b, match["id"]), {"type": "resign"}, "gg")  # a: 250, b: 50
    assert (balance_of(a.user.id), balance_of(b.user.id)) == (250, 50)
    matches = Match.objects.count()
    assert a.client.post(f"/api/v1/matches/{match['id']}/rematch/").status_code == 202
    refused = b.client.post(f"/api/v1/matches/{match['id']}/rematch/accept/")
    assert (refused.status_code, refused.json()["code"]) == (409, "insufficient_coins")
    assert (balance_of(a.user.id), balance_of(b.user.id)) == (250, 50)
    assert Match.objects.count() == matches


def test_a_ranked_sixty_six_match_to_11_moves_only_its_own_ladder(
    make_player: MakePlayer,
) -> None:
    a, b = _players(make_player)
    start = balance_of(a.user.id)
    match_id = services.match_create_ranked(
        user_ids=(a.user.id, b.user.id), stake=STAKE, variant="sixty-six", target=11
    )
    match = fetch(a, match_id)
    assert (match["variant"], match["view"]["target"]) == ("sixty-six", 11)
    act(b, match, {"type": "resign"}, "gg")
    assert balance_of(a.user.id) == start + STAKE  # the same stakes as klub
    ladders = {(r.user_id, r.variant): r.rating for r in Rating.objects.all()}
    assert set(ladders) == {(a.user.id, "sixty-six"), (b.user.id, "sixty-six")}
    assert ladders[(a.user.id, "sixty-six")] > 1500 > ladders[(b.user.id, "sixty-six")]

    assert a.client.post(f"/api/v1/matches/{match_id}/rematch/").status_code == 202
    accepted = b.client.post(f"/api/v1/matches/{match_id}/rematch/accept/")
    rematch = fetch(a, accepted.json()["new_match_id"])
    assert (rematch["mode"], rematch["variant"]) == ("ranked", "sixty-six")
    assert rematch["view"]["target"] == 11
