"""Request bodies say exactly what they mean (issue 28): an unknown field or a value of the
wrong JSON type is a 400 ``invalid_input`` naming the field, and nothing is done; a page's
``limit`` and ``offset`` are whole numbers. A query is read as given (issue 35): an empty
value is refused like any other that is not valid, and the refusal says it is the query."""

from __future__ import annotations

import pytest

from apps.matches.models import Match
from apps.ranking.models import Ticket
from tests.conftest import MakePlayer
from tests.matches.helpers import create_computer_match

pytestmark = pytest.mark.django_db


# what the refusal says is not valid, in Hungarian (the default language)
WHAT = {"request body": "a kérés törzse", "query": "a lekérdezés"}


def _refused(response, field: str, what: str = "request body") -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid_input"
    assert field in body["errors"], body
    assert body["detail"] == f"Hibás adatok ({WHAT[what]}); nézd meg a mezőket."


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"variant": "klub", "seat": 1}, "seat"),
        ({"variant": 7}, "variant"),
        ({"variant": "klub", "target": "7"}, "target"),
        ({"variant": "klub", "target": True}, "target"),
    ],
)
def test_a_room_body_with_a_wrong_or_unknown_field_opens_nothing(
    make_player: MakePlayer, body: dict, field: str
) -> None:
    host = make_player()
    _refused(host.client.post("/api/v1/rooms/", body, format="json"), field)
    assert not Match.objects.exists()


def test_a_profile_name_must_be_text(make_player: MakePlayer) -> None:
    player = make_player()
    before = player.user.display_name
    _refused(player.client.patch("/api/v1/me/", {"display_name": 0}, format="json"), "display_name")
    player.user.refresh_from_db()
    assert player.user.display_name == before


def test_a_ranked_stake_is_a_number_not_text(make_player: MakePlayer) -> None:
    player = make_player()
    _refused(
        player.client.post("/api/v1/matchmaking/tickets/", {"stake": "100"}, format="json"), "stake"
    )
    assert not Ticket.objects.exists()


@pytest.mark.parametrize(
    "query",
    ["offset=null", "limit=-1", "limit=ten", "offset=1&offset=2", "limit=0", "limit=", "offset="],
)
def test_a_page_is_asked_with_whole_numbers(make_player: MakePlayer, query: str) -> None:
    """``limit=0`` was the default page (20), not the empty one it asks for."""
    player = make_player()
    field = query.split("=", maxsplit=1)[0]
    _refused(player.client.get(f"/api/v1/matches/?{query}"), field, "query")
    assert player.client.get("/api/v1/matches/?limit=5&offset=0").status_code == 200


@pytest.mark.parametrize(
    "query", ["after_seq=", "limit=", "after_seq=-1", "after_seq=two", "after_seq=1&after_seq=2"]
)
def test_the_event_feed_reads_its_query_as_given(make_player: MakePlayer, query: str) -> None:
    """``?after_seq=`` was the whole feed from the start (the default), as if it were not sent."""
    player = make_player(guest=True)
    match = create_computer_match(player)
    field = query.split("=", maxsplit=1)[0]
    url = f"/api/v1/matches/{match['id']}/events/"
    _refused(player.client.get(f"{url}?{query}"), field, "query")
    assert player.client.get(f"{url}?after_seq=0&limit=1").status_code == 200
