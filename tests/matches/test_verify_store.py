"""``manage.py verify_store``, as an operator runs it: silent on a sound store, one line per
problem (and exit status 1) for a projection that disagrees with its events, a missing or
doubled event, a wallet that is not the sum of its ledger. The corruptions are made behind the
service's back, with SQL, as a bad restore or a hand edit would (the test's transaction undoes
them, the disabled trigger and the dropped constraint included)."""

from __future__ import annotations

from datetime import UTC, datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, models

from apps.matches import services
from apps.matches.models import Match, MatchEvent
from apps.matches.projection import MATCH_COLUMNS
from apps.wallet.models import Account
from apps.wallet.services import wallet_open
from tests.conftest import MakePlayer, Player
from tests.matches.helpers import act, create_computer_match, fetch

pytestmark = pytest.mark.django_db


def verify(*args: str) -> tuple[int, list[str]]:
    """The command's exit status and its output lines."""
    out = StringIO()
    try:
        call_command("verify_store", *args, stdout=out)
    except CommandError as error:
        return error.returncode, out.getvalue().splitlines()
    return 0, out.getvalue().splitlines()


def _ranked(make_player: MakePlayer) -> tuple[Player, Player, str]:
    a, b = make_player(), make_player()
    for p in (a, b):
        wallet_open(user=p.user)
    return a, b, services.match_create_ranked(user_ids=(a.user.id, b.user.id), stake=100)


@pytest.fixture
def store(make_player: MakePlayer) -> dict[str, str]:
    """A store of every kind of match: a computer match resigned, an open room, a
    ranked match running (stakes in escrow) and one resigned (settled)."""
    player = make_player()
    computer = create_computer_match(player)
    assert act(player, computer, {"type": "resign"}, "bye").status_code == 200
    room = player.client.post("/api/v1/rooms/", {}, format="json").json()["id"]
    _, _, running = _ranked(make_player)
    _, b, resigned = _ranked(make_player)
    assert act(b, fetch(b, resigned), {"type": "resign"}, "gg").status_code == 200
    return {"computer": computer["id"], "room": room, "running": running, "resigned": resigned}


def test_a_sound_store_reports_nothing(store: dict[str, str]) -> None:
    status, lines = verify()
    assert status == 0
    assert lines == ["verify_store: 4 match(es) replayed, the ledger balances: no problem"]
    assert Match.objects.get(pk=store["resigned"]).status == "finished"


def test_a_projection_that_disagrees_with_its_events_is_reported(store: dict[str, str]) -> None:
    Match.objects.filter(pk=store["running"]).update(scores=[5, 0])
    Match.objects.filter(pk=store["resigned"]).update(status="active", winner_seat=None)
    status, lines = verify()
    assert status == 1
    assert f"match {store['running']}: scores is [5, 0] but its events say [0, 0]" in lines
    assert f"match {store['resigned']}: status is 'active' but its events say 'finished'" in lines
    assert f"match {store['resigned']}: winner_seat is None but its events say 0" in lines
    # the resigned match now looks as if it ran, so its empty escrow is a problem too
    assert any(line.startswith(f"match {store['resigned']}: its escrow holds 0") for line in lines)


def test_a_missing_event_is_reported(store: dict[str, str]) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no ALTER with deferred checks pending
        cursor.execute("ALTER TABLE matches_matchevent DISABLE TRIGGER matches_event_append_only")
    MatchEvent.objects.filter(match_id=store["running"], seq=1).delete()
    status, lines = verify()
    assert status == 1
    assert lines == [f"match {store['running']}: its event seqs are not 1, 2, 3…: missing [1]"]


def test_a_doubled_event_is_reported(store: dict[str, str]) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no ALTER with deferred checks pending
        cursor.execute("ALTER TABLE matches_matchevent DROP CONSTRAINT event_seq_unique")
    first = MatchEvent.objects.get(match_id=store["running"], seq=1)
    first.pk = None
    first.save()
    status, lines = verify("--match", store["running"])
    assert status == 1
    assert lines == [f"match {store['running']}: its event seqs are not 1, 2, 3…: doubled [1]"]


def test_a_wallet_that_is_not_its_ledger_is_reported(
    store: dict[str, str], make_player: MakePlayer
) -> None:
    player = make_player()
    account = wallet_open(user=player.user)
    Account.objects.filter(pk=account.pk).update(balance=account.balance + 7)
    escrow = Account.objects.get(kind="escrow", match_id=store["running"])
    Account.objects.filter(pk=escrow.pk).update(balance=150)
    status, lines = verify()
    assert status == 1
    assert lines == [
        f"match {store['running']}: its escrow holds 150 coins but it is running with stakes "
        "of 200",
        f"wallet: escrow of match {store['running']} (account {escrow.pk}) has a balance of "
        "150 but its entries sum to 200",
        f"wallet: wallet of {player.user} (account {account.pk}) has a balance of "
        f"{account.balance + 7} but its entries sum to {account.balance}",
        "wallet: all balances sum to -43, not 0 (coins made or lost outside a transfer)",
    ]


def test_one_match_can_be_checked_alone(store: dict[str, str]) -> None:
    Match.objects.filter(pk=store["running"]).update(turn_seat=None)
    assert verify("--match", store["computer"]) == (
        0,
        ["verify_store: 1 match(es) replayed, the ledger balances: no problem"],
    )
    status, lines = verify("--match", store["running"])
    assert status == 1 and lines[0].startswith(f"match {store['running']}: turn_seat is None")
    with pytest.raises(CommandError, match="no such match"):
        call_command("verify_store", "--match", "00000000-0000-0000-0000-000000000000")


def test_every_declared_projection_column_is_checked(store: dict[str, str]) -> None:
    """``verify_store`` compares every column ``projection.py`` declares as checked (the same
    declarations the write path projects with): each one changed behind the service's back
    is named, whatever its type."""
    match = Match.objects.get(pk=store["resigned"])
    wrong: dict[str, object] = {}
    for column in MATCH_COLUMNS:
        if not column.checked:
            continue
        field, stored = Match._meta.get_field(column.name), getattr(match, column.name)
        if isinstance(field, models.DateTimeField):
            wrong[column.name] = datetime(2000, 1, 1, tzinfo=UTC)
        elif isinstance(field, models.JSONField):
            wrong[column.name] = [*stored, 9]
        elif isinstance(field, models.CharField):
            wrong[column.name] = "x" if stored != "x" else "y"
        else:
            wrong[column.name] = (stored or 0) + 7
    Match.objects.filter(pk=match.pk).update(**wrong)
    status, lines = verify("--match", store["resigned"])
    assert status == 1
    named = {name for name in wrong if any(f": {name} is " in line for line in lines)}
    assert named == set(wrong) and len(wrong) >= 8
