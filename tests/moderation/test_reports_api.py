"""POST/GET /api/v1/reports/: a player reports another one they played with; the chat is
copied into the report as evidence; the reporter may block at once; reporters see only their
own reports; moderators are told by e-mail."""

from __future__ import annotations

import uuid

import pytest
from django.core import mail

from apps.chat.models import Block, ChatMessage
from apps.chat.selectors import blocked_between
from apps.moderation.models import Report
from apps.moderation.services import report_resolve
from tests.conftest import Player
from tests.factories import UserFactory
from tests.matches.helpers import create_friend_match
from tests.moderation.conftest import Clock, Table, make_moderator

pytestmark = pytest.mark.django_db

REPORTS = "/api/v1/reports/"


def _report(player: Player, **body: object):  # type: ignore[no-untyped-def]
    body = {"category": "abuse", "reason": "he insulted me", **body}
    return player.client.post(REPORTS, body, format="json")


def _as_evidence(message: ChatMessage) -> dict:
    return {
        "id": message.pk,
        "sender_id": message.sender_id,
        "text": message.text,
        "created_at": message.created_at.isoformat(),
    }


def test_a_reported_message_is_kept_with_the_chat_around_it(table: Table) -> None:
    said = [
        table.say(table.host, "jó játékot!"),
        table.say(table.rude, "you play like a donkey"),
        table.say(table.host, "please stop"),
        table.say(table.rude, "shut up, idiot"),
    ]
    response = _report(
        table.host,
        reported_user_id=table.rude.user.pk,
        match_id=table.match_id,
        message_id=said[3].pk,
        reason="insults in the chat",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["reported"] == {"id": table.rude.user.pk, "name": table.rude.user.public_name}
    assert (body["category"], body["status"], body["blocked"]) == ("abuse", "open", False)
    assert (body["match_id"], body["message_id"]) == (table.match_id, said[3].pk)
    assert body["decided_at"] is None

    report = Report.objects.get(pk=body["id"])
    evidence = report.evidence
    assert evidence["messages"] == [_as_evidence(m) for m in said]  # both players' messages
    assert evidence["reported_message_id"] == said[3].pk
    assert evidence["reported"]["id"] == table.rude.user.pk
    assert evidence["reporter"]["id"] == table.host.user.pk
    assert evidence["match"]["id"] == table.match_id
    assert (evidence["match"]["mode"], evidence["match"]["status"]) == ("friend", "active")
    assert {p["user_id"] for p in evidence["match"]["players"]} == {
        table.host.user.pk,
        table.rude.user.pk,
    }

    # What is said afterwards does not change the copy.
    table.say(table.rude, "sorry, that was not me")
    report.refresh_from_db()
    assert report.evidence == evidence
    assert len(report.evidence["messages"]) == 4


def test_a_report_about_a_match_copies_its_whole_chat(table: Table) -> None:
    said = [table.say(table.rude, "cheater"), table.say(table.host, "?")]
    response = _report(
        table.host, reported_user_id=table.rude.user.pk, match_id=table.match_id, category="other"
    )
    assert response.status_code == 201, response.content
    evidence = Report.objects.get(pk=response.json()["id"]).evidence
    assert evidence["messages"] == [_as_evidence(m) for m in said]
    assert evidence["reported_message_id"] is None


def test_a_report_may_block_the_player_at_once(table: Table) -> None:
    first = table.say(table.rude, "idiot")
    second = table.say(table.rude, "loser")
    response = _report(
        table.host, reported_user_id=table.rude.user.pk, message_id=first.pk, block=True
    )
    assert response.status_code == 201, response.content
    assert response.json()["blocked"] is True
    assert blocked_between(table.host.user.pk, table.rude.user.pk)

    # The block is what players see: the reported player cannot join the reporter's room.
    room = table.host.client.post("/api/v1/rooms/", {}, format="json").json()
    join = table.rude.client.post(
        "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
    )
    assert (join.status_code, join.json()["code"]) == (403, "blocked")

    # Blocking again with another report is idempotent.
    again = _report(
        table.host, reported_user_id=table.rude.user.pk, message_id=second.pk, block=True
    )
    assert again.status_code == 201, again.content
    assert Block.objects.filter(blocker=table.host.user, blocked=table.rude.user).count() == 1


def test_a_refused_report_blocks_nobody(table: Table) -> None:
    mine = table.say(table.host, "hello")
    response = _report(
        table.host, reported_user_id=table.rude.user.pk, message_id=mine.pk, block=True
    )
    assert (response.status_code, response.json()["code"]) == (400, "message_not_from_reported")
    assert not blocked_between(table.host.user.pk, table.rude.user.pk)
    assert not Report.objects.exists()


def test_only_players_of_the_match_can_report_it(table: Table, make_player) -> None:
    rude_words = table.say(table.rude, "idiot")
    stranger = make_player()
    response = _report(stranger, reported_user_id=table.rude.user.pk, match_id=table.match_id)
    assert (response.status_code, response.json()["code"]) == (404, "match_not_found")
    response = _report(stranger, reported_user_id=table.rude.user.pk, message_id=rude_words.pk)
    assert (response.status_code, response.json()["code"]) == (404, "message_not_found")
    # Nor can a player they never played with be reported at all.
    response = _report(stranger, reported_user_id=table.rude.user.pk)
    assert (response.status_code, response.json()["code"]) == (403, "no_shared_match")
    # A player of the match can report only the other player of it.
    response = _report(table.host, reported_user_id=stranger.user.pk, match_id=table.match_id)
    assert (response.status_code, response.json()["code"]) == (400, "not_in_match")
    assert not Report.objects.exists()


def test_reports_that_make_no_sense_are_refused(table: Table, make_player) -> None:
    other_match = create_friend_match(table.host, table.rude)["id"]
    elsewhere = ChatMessage.objects.create(match_id=other_match, sender=table.rude.user, text="x")
    cases = [
        ({"reported_user_id": table.host.user.pk}, 400, "cannot_report_self"),
        ({"reported_user_id": 10**9}, 404, "user_not_found"),
        (
            {"reported_user_id": table.rude.user.pk, "match_id": str(uuid.uuid4())},
            404,
            "match_not_found",
        ),
        ({"reported_user_id": table.rude.user.pk, "message_id": 10**9}, 404, "message_not_found"),
        (
            {
                "reported_user_id": table.rude.user.pk,
                "match_id": table.match_id,
                "message_id": elsewhere.pk,
            },
            400,
            "message_not_in_match",
        ),
        ({"reported_user_id": table.rude.user.pk, "category": "rudeness"}, 400, "unknown_category"),
        ({"reported_user_id": table.rude.user.pk, "reason": ""}, 400, "invalid_input"),
    ]
    for body, status_code, code in cases:
        response = _report(table.host, **body)
        assert (response.status_code, response.json()["code"]) == (status_code, code), body
    assert not Report.objects.exists()


def test_the_same_thing_is_not_reported_twice_while_it_is_reviewed(table: Table) -> None:
    message = table.say(table.rude, "idiot")
    first = _report(table.host, reported_user_id=table.rude.user.pk, message_id=message.pk)
    assert first.status_code == 201
    second = _report(table.host, reported_user_id=table.rude.user.pk, message_id=message.pk)
    assert second.status_code == 409
    assert second.json()["code"] == "already_reported"
    assert second.json()["report_id"] == first.json()["id"]
    # Once decided, the same message may be reported again (e.g. it was dismissed too fast).
    report_resolve(
        moderator=make_moderator(),
        report=Report.objects.get(pk=first.json()["id"]),
        action="dismiss",
        reason="not insulting",
    )
    third = _report(table.host, reported_user_id=table.rude.user.pk, message_id=message.pk)
    assert third.status_code == 201


def test_reports_are_rate_limited(table: Table, clock: Clock, settings) -> None:
    settings.REPORTS_PER_HOUR = 2
    messages = [table.say(table.rude, f"insult {i}") for i in range(3)]
    for message in messages[:2]:
        ok = _report(table.host, reported_user_id=table.rude.user.pk, message_id=message.pk)
        assert ok.status_code == 201
        clock.advance(minutes=10)
    refused = _report(table.host, reported_user_id=table.rude.user.pk, message_id=messages[2].pk)
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_reports"
    assert 0 < refused.json()["retry_after"] <= 3600 - 20 * 60
    clock.advance(seconds=refused.json()["retry_after"])
    later = _report(table.host, reported_user_id=table.rude.user.pk, message_id=messages[2].pk)
    assert later.status_code == 201


def test_reporters_see_their_own_reports_only(table: Table, make_player) -> None:
    message = table.say(table.rude, "idiot")
    made = _report(table.host, reported_user_id=table.rude.user.pk, message_id=message.pk)
    counter = _report(table.rude, reported_user_id=table.host.user.pk, reason="he reports me")
    assert made.status_code == counter.status_code == 201

    mine = table.host.client.get(REPORTS).json()
    assert mine["count"] == 1
    assert [r["id"] for r in mine["results"]] == [made.json()["id"]]
    assert mine["results"][0]["status"] == "open"
    theirs = table.rude.client.get(REPORTS).json()
    assert [r["id"] for r in theirs["results"]] == [counter.json()["id"]]
    assert make_player().client.get(REPORTS).json() == {
        "count": 0,
        "next": None,
        "previous": None,
        "results": [],
    }

    # A decision shows as a status, without the sanction or the moderator's reasoning.
    report_resolve(
        moderator=make_moderator(),
        report=Report.objects.get(pk=made.json()["id"]),
        action="warning",
        reason="mind your language",
    )
    shown = table.host.client.get(REPORTS).json()["results"][0]
    assert shown["status"] == "resolved"
    assert shown["decided_at"] is not None
    assert "mind your language" not in str(shown)


def test_moderators_are_told_of_a_new_report(
    table: Table, django_capture_on_commit_callbacks
) -> None:
    on_duty = make_moderator(email="marta@klub.example")
    make_moderator(email="gone@klub.example", is_active=False)
    UserFactory(is_staff=True, email="staff@klub.example")  # staff, but no moderator
    message = table.say(table.rude, "idiot")
    with django_capture_on_commit_callbacks(execute=True):
        response = _report(table.host, reported_user_id=table.rude.user.pk, message_id=message.pk)
    assert response.status_code == 201
    assert [m.to for m in mail.outbox] == [[on_duty.email]]
    sent = mail.outbox[0]
    assert f"#{response.json()['id']}" in sent.subject
    assert table.rude.user.public_name in sent.body
    assert f"/admin/moderation/report/{response.json()['id']}/change/" in sent.body


def test_reporting_needs_a_session(anon) -> None:
    response = anon.post(REPORTS, {}, format="json")
    assert response.status_code == 401
    assert anon.get("/api/v1/me/notices/").status_code == 401
