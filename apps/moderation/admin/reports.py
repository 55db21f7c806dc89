"""Reports in the admin: the queue, oldest first; each with its evidence (the copy taken when it
was made), the reported player's history and the suggested next step; decided through the
"Resolve" page or the "Resolve selected reports…" action, never edited nor deleted."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import widgets
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.safestring import SafeString

from apps.common.errors import Problem

from .. import selectors, services
from ..models import ModerationAction, Report
from .decisions import DecisionForm, DecisionPages, NeverEdited, moderator_of
from .fragments import fragment, stamp, user_link, when

RESOLUTION_CHOICES = [
    ("dismiss", "Dismiss: no action against the player"),
    ("warning", "Written warning (the player must acknowledge it)"),
    ("suspension", "Suspension from online play and chat, until the date below"),
    ("ban", "Permanent ban from online play"),
]

# a report's page, by section
REPORT_FIELDS = (
    "status",
    "category",
    "reason",
    "reporter_link",
    "reported_link",
    "created_at",
    "escalated_at",
    "decision",
)
EVIDENCE_FIELDS = ("evidence_match", "evidence_messages")
PLAYER_FIELDS = ("suggested_next", "reported_history")


class ResolveForm(DecisionForm):
    # Not "action": the change list's action form posts a field of that name.
    decision = forms.ChoiceField(choices=RESOLUTION_CHOICES, widget=forms.RadioSelect)
    until = forms.SplitDateTimeField(
        required=False,
        widget=widgets.AdminSplitDateTime,
        help_text="Suspensions only: when it ends (UTC).",
    )
    field_order = ["decision", "until", "reason"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("decision") == "suspension":
            until = data.get("until")
            if until is None:
                self.add_error("until", "A suspension needs its end.")
            elif until <= timezone.now():
                self.add_error("until", "A suspension must end in the future.")
        else:
            data["until"] = None
        return data


@admin.register(Report)
class ReportAdmin(DecisionPages, NeverEdited, admin.ModelAdmin):
    list_display = (
        "id",
        "created_at",
        "status",
        "category",
        "reported_player",
        "reporter",
        "decided",
    )
    list_display_links = ("id", "created_at")
    list_filter = ("status", "category")
    list_select_related = ("reporter", "reported", "resolved_by")
    search_fields = ("reported__username", "reported__display_name", "reporter__username", "reason")
    ordering = ("created_at", "pk")  # the queue: oldest first
    actions = ["resolve_selected"]
    fieldsets = (
        ("Report", {"fields": REPORT_FIELDS}),
        ("Evidence (copied when the report was made)", {"fields": EVIDENCE_FIELDS}),
        ("The reported player", {"fields": PLAYER_FIELDS}),
        ("Evidence as stored", {"classes": ("collapse",), "fields": ("evidence_json",)}),
    )
    # every field is shown, none edited
    readonly_fields = (*REPORT_FIELDS, *EVIDENCE_FIELDS, *PLAYER_FIELDS, "evidence_json")

    def has_resolve_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.is_staff and request.user.has_perm("moderation.change_report")

    # -- the list

    @admin.display(description="reported player", ordering="reported__username")
    def reported_player(self, report: Report) -> str:
        return f"{report.reported.public_name} ({report.reported.username})"

    @admin.display(description="decided")
    def decided(self, report: Report) -> str:
        if report.resolved_at is None:
            return "—"
        return f"{when(report.resolved_at)} by {report.resolved_by}"

    # -- one report

    @admin.display(description="reporter")
    def reporter_link(self, report: Report) -> SafeString | str:
        return user_link(report.reporter)

    @admin.display(description="reported player")
    def reported_link(self, report: Report) -> SafeString | str:
        return user_link(report.reported)

    @admin.display(description="decision")
    def decision(self, report: Report) -> SafeString:
        log = ModerationAction.objects.filter(report=report).select_related("actor", "sanction")
        entries = [(when(a.created_at), a.get_kind_display(), a.actor, a.reason) for a in log]
        resolve_url = None
        if report.status in services.OPEN_STATUSES:
            resolve_url = reverse("admin:moderation_report_resolve", args=[report.pk])
        return fragment(
            "report_decision",
            {
                "report": report,
                "resolve_url": resolve_url,
                "resolved_at": when(report.resolved_at),
                "entries": entries,
            },
        )

    @admin.display(description="match")
    def evidence_match(self, report: Report) -> SafeString:
        match = report.evidence.get("match")
        if match is None:
            shared = report.evidence.get("shared_matches") or []
            return fragment(
                "evidence_match",
                {"shared": [{**m, "started": stamp(m["created_at"])} for m in shared]},
            )
        players = ", ".join(
            f"seat {p['seat']}: {p['name']}" + (f" (#{p['user_id']})" if p["user_id"] else "")
            for p in match["players"]
        )
        return fragment(
            "evidence_match",
            {"match": {**match, "started": stamp(match["created_at"])}, "players": players},
        )

    @admin.display(description="chat")
    def evidence_messages(self, report: Report) -> SafeString:
        evidence = report.evidence
        names = {
            evidence["reporter"]["id"]: f"{evidence['reporter']['display_name']} (reporter)",
            evidence["reported"]["id"]: f"{evidence['reported']['display_name']} (reported)",
        }
        reported_message = evidence.get("reported_message_id")
        rows = [
            (
                m["id"] == reported_message,
                stamp(m["created_at"]),
                names.get(m["sender_id"], f"#{m['sender_id']}"),
                m["text"],
            )
            for m in evidence.get("messages") or []
        ]
        return fragment(
            "evidence_messages",
            {
                "rows": rows,
                "taken_at": stamp(evidence.get("taken_at")) if rows else "",
                "truncated": evidence.get("messages_truncated"),
            },
        )

    @admin.display(description="evidence (JSON)")
    def evidence_json(self, report: Report) -> SafeString:
        evidence = json.dumps(report.evidence, indent=2, ensure_ascii=False)
        return fragment("evidence_json", {"evidence": evidence})

    @admin.display(description="suggested next step")
    def suggested_next(self, report: Report) -> str:
        return str(selectors.sanctions_suggest_next(user_id=report.reported_id, report=report))

    @admin.display(description="history")
    def reported_history(self, report: Report) -> SafeString:
        reports = selectors.reports_against(user_id=report.reported_id, exclude_id=report.pk)
        sanctions = selectors.sanctions_of(user_id=report.reported_id)
        return fragment(
            "reported_history",
            {
                "reports_count": reports.count(),
                "reports": [
                    (
                        reverse("admin:moderation_report_change", args=[r.pk]),
                        r.pk,
                        when(r.created_at),
                        r.get_category_display(),
                        r.reporter.public_name,
                        r.get_status_display(),
                    )
                    for r in reports[:20]
                ],
                "sanctions": [
                    (
                        reverse("admin:moderation_sanction_change", args=[s.pk]),
                        s.get_kind_display(),
                        when(s.created_at),
                        when(s.ends_at) if s.ends_at else "",
                        f"{when(s.lifted_at)}: {s.lift_reason}" if s.lifted_at else "",
                        s.reason,
                    )
                    for s in sanctions
                ],
            },
        )

    # -- deciding

    def get_urls(self) -> list:
        resolve = self.admin_site.admin_view(self.resolve_view)
        return [
            path("<path:object_id>/resolve/", resolve, name="moderation_report_resolve"),
            *super().get_urls(),
        ]

    def _resolve(self, request: HttpRequest, report: Report, data: dict[str, Any]) -> str | None:
        """Resolve through the service; the error's text if it refused."""
        try:
            services.report_resolve(
                moderator=moderator_of(request),
                report=report,
                action=data["decision"],
                reason=data["reason"],
                until=data["until"],
            )
        except Problem as problem:
            return problem.detail
        report.refresh_from_db()
        self.log_change(request, report, f"{data['decision']}: {data['reason']}")
        return None

    def resolve_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        report = get_object_or_404(Report.objects.select_related("reported"), pk=object_id)
        if not self.has_resolve_permission(request, report):
            raise PermissionDenied
        change_url = reverse("admin:moderation_report_change", args=[report.pk])
        if report.status not in services.OPEN_STATUSES:
            self.message_user(
                request, f"Report #{report.pk} was already decided.", messages.WARNING
            )
            return HttpResponseRedirect(change_url)
        if request.method == "POST":
            form = ResolveForm(request.POST)
            if form.is_valid():
                error = self._resolve(request, report, form.cleaned_data)
                if error is None:
                    self.message_user(
                        request, f"Report #{report.pk}: {report.get_status_display()}."
                    )
                    return HttpResponseRedirect(reverse("admin:moderation_report_changelist"))
                form.add_error(None, error)
        else:
            suggestion = selectors.sanctions_suggest_next(user_id=report.reported_id, report=report)
            initial: dict[str, Any] = {}
            if suggestion.action in ("warning", "suspension", "ban"):
                initial["decision"] = suggestion.action
                initial["until"] = suggestion.until(timezone.now())
            form = ResolveForm(initial=initial)
        details = fragment(
            "resolve_details",
            {
                "report": report,
                "reported": user_link(report.reported),
                "suggested": self.suggested_next(report),
                "messages": self.evidence_messages(report),
            },
        )
        return self._decision_page(
            request,
            title=f"Resolve report #{report.pk}",
            form=form,
            objects=[report],
            submit_label="Decide",
            details=details,
        )

    @admin.action(description="Resolve selected reports…", permissions=["resolve"])
    def resolve_selected(
        self, request: HttpRequest, queryset: QuerySet[Report]
    ) -> TemplateResponse | None:
        reports = list(queryset.select_related("reported").order_by("created_at", "pk"))
        if "apply" in request.POST:
            form = ResolveForm(request.POST)
            if form.is_valid():
                data = form.cleaned_data
                self._decide_each(
                    request, reports, lambda r: self._resolve(request, r, data), verb="Decided"
                )
                return None
        else:
            form = ResolveForm()
        return self._decision_page(
            request,
            title="Resolve reports",
            form=form,
            objects=reports,
            submit_label="Decide all of them",
            action_name="resolve_selected",
        )
