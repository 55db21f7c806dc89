"""Sanctions in the admin: issued from a report or added here directly, taken back with "Lift…"
(with a reason); never edited nor deleted."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin import widgets
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.safestring import SafeString

from apps.accounts.models import User
from apps.common.errors import Problem

from .. import services
from ..models import Sanction
from .decisions import DecisionForm, DecisionPages, moderator_of
from .fragments import fragment, user_link, when


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
        super().clean()
        data = self.cleaned_data
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
class SanctionAdmin(DecisionPages, admin.ModelAdmin):
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

    def get_form(
        self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any
    ) -> type[forms.ModelForm[Sanction]]:
        if obj is None:
            kwargs["form"] = SanctionAddForm
        form = super().get_form(request, obj, change=change, **kwargs)
        if issubclass(form, SanctionAddForm):
            form.moderator = moderator_of(request)
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
            moderator=moderator_of(request),
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
        return user_link(sanction.user)

    @admin.display(description="lift")
    def lift(self, sanction: Sanction) -> SafeString:
        return fragment(
            "sanction_lift",
            {
                "sanction": sanction,
                "lifted_at": when(sanction.lifted_at) if sanction.lifted_at is not None else "",
                "lift_url": reverse("admin:moderation_sanction_lift", args=[sanction.pk]),
            },
        )

    def get_urls(self) -> list:
        lift = self.admin_site.admin_view(self.lift_view)
        return [
            path("<path:object_id>/lift/", lift, name="moderation_sanction_lift"),
            *super().get_urls(),
        ]

    def _lift(self, request: HttpRequest, sanction: Sanction, reason: str) -> str | None:
        try:
            services.sanction_lift(
                moderator=moderator_of(request),
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
        details = fragment(
            "lift_details",
            {
                "sanction": sanction,
                "user": user_link(sanction.user),
                "created_at": when(sanction.created_at),
            },
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
