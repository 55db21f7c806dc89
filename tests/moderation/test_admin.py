"""The admin as moderators and administrators use it: the report queue, resolving reports
(one by one or as an action), sanctions issued and lifted, the read-only log; and what a
moderator (or a player) cannot reach."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from apps.accounts.models import User
from apps.moderation.models import ModerationAction, Report, Sanction
from apps.moderation.selectors import online_restriction
from apps.moderation.services import report_resolve
from tests.factories import UserFactory
from tests.matches.helpers import act
from tests.moderation.conftest import Clock, Table

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/moderation/report/"


def _file_report(table: Table, text: str = "shut up, idiot", **body: object) -> Report:
    message = table.say(table.rude, text)
    payload = {
        "reported_user_id": table.rude.user.pk,
        "message_id": message.pk,
        "category": "abuse",
        "reason": "insults",
        **body,
    }
    response = table.host.client.post("/api/v1/reports/", payload, format="json")
    assert response.status_code == 201, response.content
    return Report.objects.get(pk=response.json()["id"])


def _resolve_url(report: Report) -> str:
    return reverse("admin:moderation_report_resolve", args=[report.pk])


def _until_fields(when) -> dict[str, str]:  # type: ignore[no-untyped-def]
    when = timezone.localtime(when)
    return {"until_0": when.strftime("%Y-%m-%d"), "until_1": when.strftime("%H:%M:%S")}


@pytest.mark.parametrize(
    "case",
    [
        ("dismiss", "dismissed", None),
        ("warning", "resolved", None),
        ("suspension", "resolved", "suspended"),
        ("ban", "resolved", "banned"),
    ],
)
def test_a_moderator_resolves_a_report_in_the_admin(
    table: Table,
    moderator: User,
    moderator_browser: Client,
    case: tuple[str, str, str | None],
) -> None:
    action, status, restriction = case
    report = _file_report(table)
    page = moderator_browser.get(reverse("admin:moderation_report_change", args=[report.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "shut up, idiot" in html  # the evidence
    assert "◀ reported" in html
    assert "warning: a first case" in html  # the suggested next step
    assert _resolve_url(report) in html
    assert 'name="_save"' not in html  # nothing to edit

    form = moderator_browser.get(_resolve_url(report))
    assert form.status_code == 200
    assert "shut up, idiot" in form.content.decode()

    until = timezone.now() + timedelta(days=3)
    body = {"decision": action, "reason": "Be polite in the chat.", **_until_fields(until)}
    response = moderator_browser.post(_resolve_url(report), body)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert response["Location"] == CHANGELIST

    report.refresh_from_db()
    assert (report.status, report.resolved_by) == (status, moderator)
    [logged] = ModerationAction.objects.filter(report=report)
    assert (logged.actor, logged.reason) == (moderator, "Be polite in the chat.")
    assert LogEntry.objects.filter(user=moderator, object_id=str(report.pk)).exists()
    found = online_restriction(table.rude.user.pk)
    assert (found.code if found else None) == restriction
    if action == "suspension":
        sanction = Sanction.objects.get(report=report)
        assert abs(sanction.ends_at - until) < timedelta(seconds=1)
    notices = table.rude.client.get("/api/v1/me/notices/").json()["notices"]
    assert [n["kind"] for n in notices] == ([] if action == "dismiss" else [action])

    # Decided once: the page shows the decision, the resolve page refuses to decide again.
    page = moderator_browser.get(reverse("admin:moderation_report_change", args=[report.pk]))
    assert "mod-marta" in page.content.decode()
    again = moderator_browser.post(_resolve_url(report), {"decision": "ban", "reason": "x"})
    assert again.status_code == 302
    assert ModerationAction.objects.filter(report=report).count() == 1


def test_a_decision_needs_a_reason_and_a_suspension_its_end(
    table: Table, moderator_browser: Client
) -> None:
    report = _file_report(table)
    no_reason = moderator_browser.post(_resolve_url(report), {"decision": "warning", "reason": ""})
    assert no_reason.status_code == 200
    assert "This field is required." in no_reason.content.decode()
    no_end = moderator_browser.post(_resolve_url(report), {"decision": "suspension", "reason": "x"})
    assert no_end.status_code == 200
    assert "A suspension needs its end." in no_end.content.decode()
    report.refresh_from_db()
    assert report.status == "open"
    assert not ModerationAction.objects.exists()
    assert online_restriction(table.rude.user.pk) is None


def test_the_queue_is_oldest_first_and_filters(
    table: Table, moderator: User, moderator_browser: Client, clock: Clock
) -> None:
    first = _file_report(table, "one")
    clock.advance(hours=1)
    second = _file_report(table, "two")
    clock.advance(hours=1)
    third = _file_report(table, "three", category="threat")
    report_resolve(moderator=moderator, report=second, action="dismiss", reason="banter")

    html = moderator_browser.get(CHANGELIST).content.decode()
    links = [f"/admin/moderation/report/{r.pk}/change/" for r in (first, second, third)]
    positions = [html.index(link) for link in links]
    assert positions == sorted(positions)

    dismissed = moderator_browser.get(CHANGELIST, {"status__exact": "dismissed"})
    assert links[1] in dismissed.content.decode()
    assert links[0] not in dismissed.content.decode()
    threats = moderator_browser.get(CHANGELIST, {"category__exact": "threat"}).content.decode()
    assert links[2] in threats and links[0] not in threats


def test_reports_are_resolved_together_with_an_action(
    table: Table, moderator: User, moderator_browser: Client
) -> None:
    open_ones = [_file_report(table, "one"), _file_report(table, "two")]
    decided = _file_report(table, "three")
    report_resolve(moderator=moderator, report=decided, action="warning", reason="rude")
    selected = [str(r.pk) for r in [*open_ones, decided]]

    intermediate = moderator_browser.post(
        CHANGELIST, {"action": "resolve_selected", "_selected_action": selected}
    )
    assert intermediate.status_code == 200
    assert 'name="reason"' in intermediate.content.decode()
    assert not ModerationAction.objects.filter(report__in=open_ones).exists()

    applied = moderator_browser.post(
        CHANGELIST,
        {
            "action": "resolve_selected",
            "decision": "dismiss",
            "_selected_action": selected,
            "apply": "1",
            "reason": "friendly banter",
        },
        follow=True,
    )
    assert applied.status_code == 200
    for report in open_ones:
        report.refresh_from_db()
        assert (report.status, report.resolved_by) == ("dismissed", moderator)
    decided.refresh_from_db()
    assert decided.status == "resolved"  # refused, and said so
    shown = applied.content.decode()
    assert f"#{decided.pk}" in shown and "already" in shown
    assert ModerationAction.objects.filter(kind="report_dismissed").count() == 2


def test_the_report_page_shows_the_players_history(
    table: Table, moderator: User, moderator_browser: Client
) -> None:
    earlier = _file_report(table, "first insult")
    report_resolve(moderator=moderator, report=earlier, action="warning", reason="first time")
    report = _file_report(table, "second insult")
    html = moderator_browser.get(
        reverse("admin:moderation_report_change", args=[report.pk])
    ).content.decode()
    assert "Other reports about this player (1)" in html
    assert f"/admin/moderation/report/{earlier.pk}/change/" in html
    assert "first time" in html  # the warning, in the sanctions
    assert "suspension for 1 day(s)" in html  # the next step of the ladder


def test_sanctions_are_added_and_lifted_in_the_admin(
    table: Table, moderator: User, moderator_browser: Client
) -> None:
    player = table.rude.user
    # The player is found by name in the form's autocomplete.
    found = moderator_browser.get(
        "/admin/autocomplete/",
        {
            "term": player.username,
            "app_label": "moderation",
            "model_name": "sanction",
            "field_name": "user",
        },
    )
    assert found.status_code == 200
    assert [r["id"] for r in found.json()["results"]] == [str(player.pk)]
    added = moderator_browser.post(
        "/admin/moderation/sanction/add/",
        {"user": player.pk, "kind": "ban", "reason": "threats in a match"},
    )
    assert added.status_code == 302, added.content.decode()[-2000:]
    ban = Sanction.objects.get(user=player)
    assert (ban.kind, ban.created_by) == ("ban", moderator)
    assert ModerationAction.objects.get(sanction=ban).kind == "ban_issued"
    assert online_restriction(player.pk).code == "banned"

    # Sanctions are not edited field by field: the page only offers "Lift".
    page = moderator_browser.get(f"/admin/moderation/sanction/{ban.pk}/change/").content.decode()
    lift_url = reverse("admin:moderation_sanction_lift", args=[ban.pk])
    assert lift_url in page and 'name="_save"' not in page
    refused = moderator_browser.post(
        f"/admin/moderation/sanction/{ban.pk}/change/", {"kind": "warning"}
    )
    assert refused.status_code == 403

    assert moderator_browser.post(lift_url, {"reason": ""}).status_code == 200  # reason needed
    assert online_restriction(player.pk) is not None
    lifted = moderator_browser.post(lift_url, {"reason": "appeal accepted"})
    assert lifted.status_code == 302
    ban.refresh_from_db()
    assert (ban.lifted_by, ban.lift_reason) == (moderator, "appeal accepted")
    assert online_restriction(player.pk) is None
    assert table.rude.client.post("/api/v1/rooms/", {}, format="json").status_code == 201


def test_sanctions_are_lifted_together_with_an_action(
    table: Table, moderator: User, moderator_browser: Client
) -> None:
    reports = [_file_report(table, "one"), _file_report(table, "two")]
    for report, action in zip(reports, ("warning", "ban"), strict=True):
        report_resolve(moderator=moderator, report=report, action=action, reason="rude")
    sanctions = [str(pk) for pk in Sanction.objects.values_list("pk", flat=True)]
    page = moderator_browser.post(
        "/admin/moderation/sanction/",
        {"action": "lift_selected", "_selected_action": sanctions},
    )
    assert page.status_code == 200 and 'name="reason"' in page.content.decode()
    done = moderator_browser.post(
        "/admin/moderation/sanction/",
        {
            "action": "lift_selected",
            "_selected_action": sanctions,
            "apply": "1",
            "reason": "wrong player",
        },
    )
    assert done.status_code == 302
    assert not Sanction.objects.filter(lifted_at__isnull=True).exists()
    assert ModerationAction.objects.filter(kind="sanction_lifted", actor=moderator).count() == 2
    assert table.rude.client.get("/api/v1/me/notices/").json()["notices"] == []


def test_a_moderator_is_not_an_administrator(
    table: Table, moderator: User, moderator_browser: Client
) -> None:
    player = table.rude.user
    report = _file_report(table)
    report_resolve(moderator=moderator, report=report, action="warning", reason="rude")
    sanction = Sanction.objects.get(report=report)
    logged = ModerationAction.objects.get(report=report)

    index = moderator_browser.get("/admin/").content.decode()
    assert "/admin/moderation/report/" in index and "/admin/accounts/user/" in index
    assert "/admin/matches/" not in index and "/admin/auth/group/" not in index

    # Players can be looked up (stats and sanctions), not changed; no e-mail addresses.
    user_page = moderator_browser.get(f"/admin/accounts/user/{player.pk}/change/")
    assert user_page.status_code == 200
    html = user_page.content.decode()
    assert "finished" in html and "rude" in html  # statistics, the sanction's reason
    assert player.email not in html and 'name="_save"' not in html
    before = User.objects.values().get(pk=player.pk)
    forbidden = [
        ("post", f"/admin/accounts/user/{player.pk}/change/", {"username": "x", "is_staff": "on"}),
        ("get", f"/admin/accounts/user/{player.pk}/password/", None),
        ("post", f"/admin/accounts/user/{player.pk}/password/", {"password1": "x"}),
        ("get", f"/admin/accounts/user/{player.pk}/delete/", None),
        ("post", f"/admin/accounts/user/{player.pk}/delete/", {"post": "yes"}),
        ("get", "/admin/accounts/user/add/", None),
        ("get", f"/admin/moderation/report/{report.pk}/delete/", None),
        ("post", f"/admin/moderation/report/{report.pk}/delete/", {"post": "yes"}),
        ("get", f"/admin/moderation/sanction/{sanction.pk}/delete/", None),
        ("post", f"/admin/moderation/moderationaction/{logged.pk}/change/", {"reason": "x"}),
        ("get", f"/admin/moderation/moderationaction/{logged.pk}/delete/", None),
        ("get", "/admin/moderation/moderationaction/add/", None),
        ("get", "/admin/auth/group/", None),
        # Matches (the replay shows every hand) are for administrators only.
        ("get", "/admin/matches/match/", None),
        ("get", f"/admin/matches/match/{table.match_id}/change/", None),
        ("get", reverse("admin:matches_match_replay", args=[table.match_id, 1]), None),
    ]
    for method, url, data in forbidden:
        response = getattr(moderator_browser, method)(url, data or {})
        assert response.status_code == 403, (method, url, response.status_code)
    bulk = moderator_browser.post(
        "/admin/accounts/user/", {"action": "delete_selected", "_selected_action": [player.pk]}
    )
    assert bulk.status_code in (200, 302)
    assert User.objects.values().get(pk=player.pk) == before
    assert Report.objects.filter(pk=report.pk).exists()
    assert Sanction.objects.filter(pk=sanction.pk).exists()
    # The log is there to read.
    assert moderator_browser.get("/admin/moderation/moderationaction/").status_code == 200


def test_players_and_plain_staff_reach_no_moderation_page(table: Table) -> None:
    report = _file_report(table)
    pages = [
        CHANGELIST,
        reverse("admin:moderation_report_change", args=[report.pk]),
        _resolve_url(report),
        "/admin/moderation/sanction/",
    ]
    player = Client()
    player.force_login(table.host.user)
    for url in pages:
        response = player.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    assert player.post(_resolve_url(report), {"decision": "ban", "reason": "x"}).status_code == 302

    staff = Client()
    staff.force_login(UserFactory(is_staff=True))  # staff without the Moderators group
    for url in pages:
        assert staff.get(url).status_code == 403, url
    assert staff.post(_resolve_url(report), {"decision": "ban", "reason": "x"}).status_code == 403
    report.refresh_from_db()
    assert report.status == "open"
    assert online_restriction(table.rude.user.pk) is None


def test_administrators_see_a_players_stats_and_sanctions(
    table: Table, moderator: User, admin_client: Client
) -> None:
    match = table.match
    resigned = act(
        table.host, {"id": table.match_id, "version": match.version}, {"type": "resign"}, "r"
    )
    assert resigned.status_code == 200, resigned.content
    report = _file_report(table)
    report_resolve(moderator=moderator, report=report, action="warning", reason="watch it")

    listing = admin_client.get("/admin/accounts/user/", {"q": table.rude.user.display_name})
    assert table.rude.user.username in listing.content.decode()
    assert table.host.user.username not in listing.content.decode()

    html = admin_client.get(f"/admin/accounts/user/{table.rude.user.pk}/change/").content.decode()
    assert "1 finished (0 against the computer, 1 online), 1 won; 0 in progress" in html
    assert "watch it" in html  # the sanctions inline
    assert "1 report(s) about this player" in html
    assert table.rude.user.email in html  # administrators manage accounts
    assert 'name="_save"' in html
