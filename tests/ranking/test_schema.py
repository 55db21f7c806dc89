"""What the ranking endpoints answer matches what the OpenAPI schema says."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

TICKETS, TICKET = "/api/v1/matchmaking/tickets/", "/api/v1/matchmaking/tickets/{ticket_id}/"
STATS = "/api/v1/players/{user_id}/stats/"


def test_tickets_and_stats_answer_as_documented(
    check, make_player, creator, finished_match
) -> None:
    anna, bela, guest = make_player(), make_player(), make_player(guest=True)
    a = check(anna.client.post(TICKETS, {"stake": 50}, format="json"), TICKETS, "post")
    again = anna.client.post(TICKETS, {"stake": 50}, format="json")
    assert check(again, TICKETS, "post")["code"] == "ticket_already_open"
    refused = guest.client.post(TICKETS, {"stake": 50}, format="json")
    assert check(refused, TICKETS, "post")["code"] == "registration_required"
    bad = bela.client.post(TICKETS, {"stake": 7}, format="json")
    assert check(bad, TICKETS, "post")["code"] == "invalid_stake"
    waiting = anna.client.get(f"/api/v1/matchmaking/tickets/{a['id']}/")
    assert check(waiting, TICKET, "get")["status"] == "waiting"
    b = check(bela.client.post(TICKETS, {"stake": 50}, format="json"), TICKETS, "post")
    assert b["status"] == "matched"
    matched = anna.client.get(f"/api/v1/matchmaking/tickets/{a['id']}/")
    assert check(matched, TICKET, "get")["match_id"] == b["match_id"]
    late = anna.client.delete(f"/api/v1/matchmaking/tickets/{a['id']}/")
    assert check(late, TICKET, "delete")["code"] == "already_matched"
    missing = bela.client.get(f"/api/v1/matchmaking/tickets/{a['id']}/")
    assert check(missing, TICKET, "get")["code"] == "ticket_not_found"
    c = anna.client.post(TICKETS, {"stake": 20}, format="json").json()
    cancelled = anna.client.delete(f"/api/v1/matchmaking/tickets/{c['id']}/")
    assert check(cancelled, TICKET, "delete")["cancel_reason"] == "cancelled_by_player"

    finished_match(anna.user, bela.user, schneider=True)
    stats = anna.client.get(f"/api/v1/players/{anna.user.pk}/stats/")
    assert check(stats, STATS, "get")["variants"][0]["schneider"] == 1
    nobody = anna.client.get("/api/v1/players/987654/stats/")
    assert check(nobody, STATS, "get")["code"] == "player_not_found"
