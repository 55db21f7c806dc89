"""The moderators' admin: the report queue, sanctions and the log.

Moderators are active staff users in the "Moderators" group (``roles.py``); administrators are
superusers. Every decision goes through ``services`` (which record who, when and why in
``ModerationAction``) and is also noted in Django's admin log. Nothing here can be deleted, and
no report, sanction or log entry can be edited field by field:

- reports: the queue, oldest first; each shows its evidence (the copy taken when it was made),
  the reported player's history and the suggested next step, and is decided through the
  "Resolve" page or the "Resolve selected reports…" action (dismiss, warning, suspension until a
  date, ban; a reason is always required);
- sanctions: issued from a report or added directly; taken back with "Lift…" (with a reason);
- the log (``ModerationAction``): read-only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import widgets
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from apps.accounts.models import User
from apps.common.errors import Problem

from . import player_admin, selectors, services
from .models import ModerationAction, Report, Sanction

__all__ = ["player_admin"]  # the players' pages register with the admin on import

RESOLUTION_CHOICES = [
    ("dismiss", "Dismiss: no action against the player"),
    ("warning", "Written warning (the player must acknowledge it)"),
    ("suspension", "Suspension from online play and chat, until the date below"),
    ("ban", "Permanent ban from online play"),
]


def _user_link(user: User | None) -> SafeString | str:
    if user is None:
        return "—"
    url = reverse("admin:accounts_user_change", args=[user.pk])
    return format_html(
        '<a href="{}">{}</a> ({}, #{})', url, user.public_name, user.username, user.pk
    )


def _when(value: datetime | None) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if value is not None else "—"


def _stamp(iso: str | None) -> str:
    """An ISO timestamp of the evidence, as the admin shows times."""
    if not iso:
        return "—"
    return timezone.localtime(datetime.fromisoformat(iso)).strftime("%Y-%m-%d %H:%M:%S")


class DecisionForm(forms.Form):
    """What every moderator decision needs: the reason (kept in the log; for a sanction it is
    also what the player reads)."""

    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        max_length=2000,
        help_text="Required. Kept in the moderation log; for a sanction the player reads it.",
    )


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
        data = super().clean()
        if data.get("decision") == "suspension":
            until = data.get("until")
            if until is None:
                self.add_error("until", "A suspension needs its end.")
            elif until <= timezone.now():
                self.add_error("until", "A suspension must end in the future.")
        else:
            data["until"] = None
        return data


class _DecisionPages:
    """Shared by the report and sanction admins: the page of a decision form (for one object, or
    as the intermediate page of an action on the change list)."""

    admin_site: admin.AdminSite
    model: type
    opts: Any

    def _decision_page(
        self,
        request: HttpRequest,
        *,
        title: str,
        form: forms.Form,
        objects: Iterable[Any],
        submit_label: str,
        action_name: str | None = None,
        details: SafeString | str = "",
    ) -> TemplateResponse:
        model_admin: Any = self
        objects = list(objects)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": title,
            "form": form,
            "media": model_admin.media + form.media,
            "intro": "This decision applies to:",
            "objects": [
                (
                    obj,
                    reverse(
                        f"admin:{self.opts.app_label}_{self.opts.model_name}_change", args=[obj.pk]
                    ),
                    obj.pk,
                )
                for obj in objects
            ],
            "submit_label": submit_label,
            "action_name": action_name,
            "details": details,
            "cancel_url": reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_changelist"),
        }
        return TemplateResponse(request, "admin/action_form.html", context)

    def _decide_each(
        self,
        request: HttpRequest,
        objects: Iterable[Any],
        decide: Callable[[Any], str | None],
        *,
        verb: str,
    ) -> None:
        """``decide`` each object in turn (``None``, or why it was refused) and tell the
        moderator which were ``verb`` and which were refused, and why."""
        model_admin: Any = self
        done, refused = [], []
        for obj in objects:
            error = decide(obj)
            if error is None:
                done.append(f"#{obj.pk}")
            else:
                refused.append(f"#{obj.pk} ({error})")
        if done:
            model_admin.message_user(request, f"{verb}: {', '.join(done)}.")
        if refused:
            model_admin.message_user(request, f"Refused: {'; '.join(refused)}.", messages.ERROR)


# --- reports --------------------------------------------------------------------------------


@admin.register(Report)
class ReportAdmin(_DecisionPages, admin.ModelAdmin):
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
        (
            "Report",
            {
                "fields": (
                    "status",
                    "category",
                    "reason",
                    "reporter_link",
                    "reported_link",
                    "created_at",
                    "escalated_at",
                    "decision",
                )
            },
        ),
        (
            "Evidence (copied when the report was made)",
            {"fields": ("evidence_match", "evidence_messages")},
        ),
        ("The reported player", {"fields": ("suggested_next", "reported_history")}),
        ("Evidence as stored", {"classes": ("collapse",), "fields": ("evidence_json",)}),
    )
    readonly_fields = (
        "status",
        "category",
        "reason",
        "reporter_link",
        "reported_link",
        "created_at",
        "escalated_at",
        "decision",
        "evidence_match",
        "evidence_messages",
        "suggested_next",
        "reported_history",
        "evidence_json",
    )

    # Reports come from players; they are decided (never edited) and never deleted.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

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
        return f"{_when(report.resolved_at)} by {report.resolved_by}"

    # -- one report

    @admin.display(description="reporter")
    def reporter_link(self, report: Report) -> SafeString | str:
        return _user_link(report.reporter)

    @admin.display(description="reported player")
    def reported_link(self, report: Report) -> SafeString | str:
        return _user_link(report.reported)

    @admin.display(description="decision")
    def decision(self, report: Report) -> SafeString | str:
        log = ModerationAction.objects.filter(report=report).select_related("actor", "sanction")
        entries = format_html_join(
            "",
            "<li>{} — {} by {}: {}</li>",
            (
                (_when(a.created_at), a.get_kind_display(), a.actor or "the system", a.reason)
                for a in log
            ),
        )
        if report.status in services.OPEN_STATUSES:
            url = reverse("admin:moderation_report_resolve", args=[report.pk])
            action = format_html('<a class="button" href="{}">Resolve this report…</a>', url)
        else:
            action = format_html(
                "{} on {} by {}",
                report.get_status_display(),
                _when(report.resolved_at),
                report.resolved_by,
            )
        return format_html("{}<ul>{}</ul>", action, entries)

    @admin.display(description="match")
    def evidence_match(self, report: Report) -> SafeString | str:
        match = report.evidence.get("match")
        if match is None:
            shared = report.evidence.get("shared_matches") or []
            if not shared:
                return "no match named"
            rows = format_html_join(
                "",
                "<li>{} {} ({}), {}</li>",
                ((m["mode"], m["id"], m["status"], _stamp(m["created_at"])) for m in shared),
            )
            return format_html("No match named; matches the two played:<ul>{}</ul>", rows)
        players = ", ".join(
            f"seat {p['seat']}: {p['name']}" + (f" (#{p['user_id']})" if p["user_id"] else "")
            for p in match["players"]
        )
        return format_html(
            "{} match {} ({}), started {}; {}",
            match["mode"],
            match["id"],
            match["status"],
            _stamp(match["created_at"]),
            players,
        )

    @admin.display(description="chat")
    def evidence_messages(self, report: Report) -> SafeString | str:
        evidence = report.evidence
        chat = evidence.get("messages") or []
        if not chat:
            return "no chat messages"
        names = {
            evidence["reporter"]["id"]: f"{evidence['reporter']['display_name']} (reporter)",
            evidence["reported"]["id"]: f"{evidence['reported']['display_name']} (reported)",
        }
        reported_message = evidence.get("reported_message_id")
        rows = format_html_join(
            "",
            "<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    mark_safe(' style="font-weight:bold;background:#fff3cd"')
                    if m["id"] == reported_message
                    else "",
                    _stamp(m["created_at"]),
                    names.get(m["sender_id"], f"#{m['sender_id']}"),
                    m["text"],
                    "◀ reported" if m["id"] == reported_message else "",
                )
                for m in chat
            ),
        )
        more = " (older or later messages left out)" if evidence.get("messages_truncated") else ""
        return format_html(
            "<table><thead><tr><th>sent</th><th>by</th><th>message</th><th></th></tr></thead>"
            "<tbody>{}</tbody></table><p>Copied {}{}.</p>",
            rows,
            _stamp(evidence.get("taken_at")),
            more,
        )

    @admin.display(description="evidence (JSON)")
    def evidence_json(self, report: Report) -> SafeString:
        return format_html(
            "<pre>{}</pre>", json.dumps(report.evidence, indent=2, ensure_ascii=False)
        )

    @admin.display(description="suggested next step")
    def suggested_next(self, report: Report) -> str:
        return str(selectors.sanctions_suggest_next(user_id=report.reported_id, report=report))

    @admin.display(description="history")
    def reported_history(self, report: Report) -> SafeString:
        reports = selectors.reports_against(user_id=report.reported_id, exclude_id=report.pk)
        report_rows = format_html_join(
            "",
            '<li><a href="{}">#{}</a> {} — {} by {}: {}</li>',
            (
                (
                    reverse("admin:moderation_report_change", args=[r.pk]),
                    r.pk,
                    _when(r.created_at),
                    r.get_category_display(),
                    r.reporter.public_name,
                    r.get_status_display(),
                )
                for r in reports[:20]
            ),
        )
        sanctions = selectors.sanctions_of(user_id=report.reported_id)
        sanction_rows = format_html_join(
            "",
            '<li><a href="{}">{}</a> {}{}{} — {}</li>',
            (
                (
                    reverse("admin:moderation_sanction_change", args=[s.pk]),
                    s.get_kind_display(),
                    _when(s.created_at),
                    f" until {_when(s.ends_at)}" if s.ends_at else "",
                    f" (lifted {_when(s.lifted_at)}: {s.lift_reason})" if s.lifted_at else "",
                    s.reason,
                )
                for s in sanctions
            ),
        )
        return format_html(
            "<p>Other reports about this player ({}):</p><ul>{}</ul>"
            "<p>Sanctions ({}):</p><ul>{}</ul>",
            reports.count(),
            report_rows or mark_safe("<li>none</li>"),
            len(sanctions),
            sanction_rows or mark_safe("<li>none</li>"),
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
                moderator=request.user,  # type: ignore[arg-type]
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
        details = format_html(
            "<p>{} about {}: “{}”</p><p>Suggested next step: {}</p><div>{}</div>",
            report.get_category_display(),
            _user_link(report.reported),
            report.reason,
            self.suggested_next(report),
            self.evidence_messages(report),
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


# --- sanctions ------------------------------------------------------------------------------


class SanctionAddForm(forms.ModelForm):
    """A sanction without a report (e.g. seen in a match). Issued by ``services.sanction_issue``."""

    ends_at = forms.SplitDateTimeField(
        required=False,
        widget=widgets.AdminSplitDateTime,
        label="until",
        help_text="Suspensions only: when it ends (UTC).",
    )

    class Meta:
        model = Sanction
        fields = ("user", "kind", "reason", "ends_at")
        help_texts = {"reason": "Required. The player reads it; it is kept in the log."}

    moderator: User | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind, until = data.get("kind"), data.get("ends_at")
        if kind == Sanction.Kind.SUSPENSION:
            if until is None:
                self.add_error("ends_at", "A suspension needs its end.")
            elif until <= timezone.now():
                self.add_error("ends_at", "A suspension must end in the future.")
        elif until is not None:
            self.add_error("ends_at", "Only a suspension has an end.")
        user = data.get("user")
        if user is not None and self.moderator is not None and user.pk == self.moderator.pk:
            self.add_error("user", "You cannot sanction yourself.")
        return data


class InForceFilter(admin.SimpleListFilter):
    title = "in force"
    parameter_name = "in_force"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "restricting or unacknowledged now"), ("no", "ended, lifted or read")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Sanction]) -> QuerySet[Sanction]:
        now = timezone.now()
        in_force = Q(lifted_at__isnull=True) & (
            Q(kind=Sanction.Kind.BAN)
            | Q(kind=Sanction.Kind.SUSPENSION, ends_at__gt=now)
            | Q(kind=Sanction.Kind.WARNING, acknowledged_at__isnull=True)
        )
        if self.value() == "yes":
            return queryset.filter(in_force)
        if self.value() == "no":
            return queryset.exclude(in_force)
        return queryset


@admin.register(Sanction)
class SanctionAdmin(_DecisionPages, admin.ModelAdmin):
    list_display = (
        "id",
        "user",
        "kind",
        "created_at",
        "ends_at",
        "ended_at",
        "acknowledged_at",
        "lifted_at",
        "created_by",
        "report",
    )
    list_filter = ("kind", InForceFilter)
    list_select_related = ("user", "created_by", "report")
    search_fields = ("user__username", "user__display_name", "reason")
    ordering = ("-created_at", "-pk")
    autocomplete_fields = ("user",)
    actions = ["lift_selected"]
    readonly_fields = (
        "user_link",
        "kind",
        "reason",
        "report",
        "created_by",
        "created_at",
        "ends_at",
        "ended_at",
        "acknowledged_at",
        "lifted_at",
        "lifted_by",
        "lift_reason",
        "lift",
    )

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return SanctionAddForm.Meta.fields
        return self.readonly_fields

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return () if obj is None else self.readonly_fields

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any):  # type: ignore[no-untyped-def]
        if obj is None:
            kwargs["form"] = SanctionAddForm
        form = super().get_form(request, obj, change=change, **kwargs)
        form.moderator = request.user  # type: ignore[attr-defined]
        return form

    # Sanctions are issued (add) and lifted (an action); never edited nor deleted.
    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_lift_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.is_staff and request.user.has_perm("moderation.change_sanction")

    def save_model(self, request: HttpRequest, obj: Sanction, form: Any, change: bool) -> None:
        sanction = services.sanction_issue(
            moderator=request.user,  # type: ignore[arg-type]
            user=obj.user,
            kind=obj.kind,
            reason=obj.reason,
            until=obj.ends_at,
        )
        obj.pk, obj.created_by, obj.created_at = (
            sanction.pk,
            sanction.created_by,
            sanction.created_at,
        )

    @admin.display(description="player")
    def user_link(self, sanction: Sanction) -> SafeString | str:
        return _user_link(sanction.user)

    @admin.display(description="lift")
    def lift(self, sanction: Sanction) -> SafeString | str:
        if sanction.lifted_at is not None:
            return f"lifted on {_when(sanction.lifted_at)} by {sanction.lifted_by}"
        url = reverse("admin:moderation_sanction_lift", args=[sanction.pk])
        return format_html('<a class="button" href="{}">Lift this sanction…</a>', url)

    def get_urls(self) -> list:
        lift = self.admin_site.admin_view(self.lift_view)
        return [
            path("<path:object_id>/lift/", lift, name="moderation_sanction_lift"),
            *super().get_urls(),
        ]

    def _lift(self, request: HttpRequest, sanction: Sanction, reason: str) -> str | None:
        try:
            services.sanction_lift(
                moderator=request.user,  # type: ignore[arg-type]
                sanction=sanction,
                reason=reason,
            )
        except Problem as problem:
            return problem.detail
        self.log_change(request, sanction, f"lifted: {reason}")
        return None

    def lift_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        sanction = get_object_or_404(Sanction.objects.select_related("user"), pk=object_id)
        if not self.has_lift_permission(request, sanction):
            raise PermissionDenied
        form = DecisionForm(request.POST if request.method == "POST" else None)
        if form.is_valid():
            error = self._lift(request, sanction, form.cleaned_data["reason"])
            if error is None:
                self.message_user(request, f"Lifted: {sanction}.")
                return HttpResponseRedirect(reverse("admin:moderation_sanction_changelist"))
            form.add_error(None, error)
        details = format_html(
            "<p>{} of {}, {}: “{}”</p>",
            sanction.get_kind_display(),
            _user_link(sanction.user),
            _when(sanction.created_at),
            sanction.reason,
        )
        return self._decision_page(
            request,
            title=f"Lift sanction #{sanction.pk}",
            form=form,
            objects=[sanction],
            submit_label="Lift",
            details=details,
        )

    @admin.action(description="Lift selected sanctions…", permissions=["lift"])
    def lift_selected(
        self, request: HttpRequest, queryset: QuerySet[Sanction]
    ) -> TemplateResponse | None:
        sanctions = list(queryset.select_related("user"))
        form = DecisionForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            reason = form.cleaned_data["reason"]
            self._decide_each(
                request, sanctions, lambda s: self._lift(request, s, reason), verb="Lifted"
            )
            return None
        return self._decision_page(
            request,
            title="Lift sanctions",
            form=form,
            objects=sanctions,
            submit_label="Lift all of them",
            action_name="lift_selected",
        )


# --- the log --------------------------------------------------------------------------------


@admin.register(ModerationAction)
class ModerationActionAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "user", "actor", "report", "sanction", "reason")
    list_filter = ("kind",)
    list_select_related = ("user", "actor", "report", "sanction")
    search_fields = ("user__username", "actor__username", "reason")
    date_hierarchy = "created_at"
    ordering = ("-created_at", "-pk")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
