"""The wallet in the admin: accounts, transfers and entries are read-only (a balance is never
edited; coins move only through the services). Administrators with the ``wallet.grant_coins``
permission grant coins from the club with "Grant coins…" (an action on player accounts, or the
button on one account's page); each grant goes through ``services.coins_grant``, which records
the admin and the reason, and is also noted in Django's admin log."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.core.validators import MaxValueValidator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from apps.accounts.models import User
from apps.common.errors import Problem

from . import services
from .models import Account, LedgerEntry, Transfer


class GrantForm(forms.Form):
    amount = forms.IntegerField(
        min_value=1, help_text="Coins from the club to each selected player."
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        max_length=500,
        help_text="Required. Kept with the transfer.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        amount = self.fields["amount"]
        amount.validators.append(MaxValueValidator(settings.WALLET_GRANT_MAX))
        amount.widget.attrs["max"] = settings.WALLET_GRANT_MAX


class _ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class EntryInline(_ReadOnly, admin.TabularInline):
    model = LedgerEntry
    extra = 0
    can_delete = False
    ordering = ("-pk",)


class AccountEntryInline(EntryInline):
    fields = ("created_at", "transfer", "amount", "balance_after")
    readonly_fields = fields
    verbose_name_plural = "ledger (newest first)"

    def get_queryset(self, request: HttpRequest) -> QuerySet[LedgerEntry]:
        return super().get_queryset(request).select_related("transfer")


class TransferEntryInline(EntryInline):
    fields = ("account", "amount", "balance_after")
    readonly_fields = fields
    ordering = ("pk",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[LedgerEntry]:
        return super().get_queryset(request).select_related("account__user")


@admin.register(Account)
class AccountAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ("id", "kind", "user", "match_id", "balance", "created_at")
    list_filter = ("kind",)
    list_select_related = ("user",)
    search_fields = ("user__username", "user__display_name", "user__email", "=match_id")
    ordering = ("kind", "pk")
    fields = ("kind", "user", "match_id", "balance", "created_at", "grant")
    readonly_fields = fields
    inlines = [AccountEntryInline]
    actions = ["grant_selected"]

    def has_grant_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return services.can_grant(request.user)  # type: ignore[arg-type]

    @admin.display(description="grant")
    def grant(self, account: Account) -> SafeString | str:
        if account.kind != Account.Kind.PLAYER:
            return "—"
        url = reverse("admin:wallet_account_grant", args=[account.pk])
        return format_html('<a class="button" href="{}">Grant coins…</a>', url)

    def get_urls(self) -> list:
        view = self.admin_site.admin_view(self.grant_view)
        return [
            path("<path:object_id>/grant/", view, name="wallet_account_grant"),
            *super().get_urls(),
        ]

    def _grant(
        self, request: HttpRequest, accounts: list[Account], data: dict[str, Any]
    ) -> tuple[list[str], list[str]]:
        done, refused = [], []
        for account in accounts:
            user: User = account.user  # type: ignore[assignment]
            try:
                transfer = services.coins_grant(
                    admin=request.user,  # type: ignore[arg-type]
                    user=user,
                    amount=data["amount"],
                    reason=data["reason"],
                )
            except Problem as problem:
                refused.append(f"{user} ({problem.detail})")
                continue
            self.log_change(request, account, f"granted {data['amount']}: {data['reason']}")
            done.append(f"{user} (transfer #{transfer.pk})")
        return done, refused

    def _report(self, request: HttpRequest, done: list[str], refused: list[str]) -> None:
        if done:
            self.message_user(request, f"Granted to: {', '.join(done)}.")
        if refused:
            self.message_user(request, f"Refused: {'; '.join(refused)}.", messages.ERROR)

    def _grant_page(
        self,
        request: HttpRequest,
        *,
        form: GrantForm,
        accounts: list[Account],
        action_name: str | None,
    ) -> TemplateResponse:
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Grant coins from the club",
            "form": form,
            "intro": "Coins go from the club account to:",
            "objects": [
                (
                    f"{a} (balance {a.balance})",
                    reverse("admin:wallet_account_change", args=[a.pk]),
                    a.pk,
                )
                for a in accounts
            ],
            "submit_label": "Grant",
            "action_name": action_name,
            "cancel_url": reverse("admin:wallet_account_changelist"),
        }
        return TemplateResponse(request, "admin/action_form.html", context)

    def grant_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        account = get_object_or_404(
            Account.objects.select_related("user"), pk=object_id, kind=Account.Kind.PLAYER
        )
        if not self.has_grant_permission(request, account):
            raise PermissionDenied
        form = GrantForm(request.POST if request.method == "POST" else None)
        if request.method == "POST" and form.is_valid():
            done, refused = self._grant(request, [account], form.cleaned_data)
            if not refused:
                self._report(request, done, refused)
                return HttpResponseRedirect(
                    reverse("admin:wallet_account_change", args=[account.pk])
                )
            form.add_error(None, refused[0])
        return self._grant_page(request, form=form, accounts=[account], action_name=None)

    @admin.action(description="Grant coins to the selected players…", permissions=["grant"])
    def grant_selected(
        self, request: HttpRequest, queryset: QuerySet[Account]
    ) -> TemplateResponse | None:
        accounts = list(
            queryset.filter(kind=Account.Kind.PLAYER).select_related("user").order_by("pk")
        )
        if not accounts:
            self.message_user(request, "Only players' accounts receive grants.", messages.WARNING)
            return None
        if "apply" in request.POST:
            form = GrantForm(request.POST)
            if form.is_valid():
                self._report(request, *self._grant(request, accounts, form.cleaned_data))
                return None
        else:
            form = GrantForm()
        return self._grant_page(request, form=form, accounts=accounts, action_name="grant_selected")


@admin.register(Transfer)
class TransferAdmin(_ReadOnly, admin.ModelAdmin):
    list_display = ("id", "created_at", "kind", "match_id", "created_by", "reason")
    list_filter = ("kind",)
    list_select_related = ("created_by",)
    search_fields = ("=match_id", "reason", "created_by__username")
    ordering = ("-pk",)
    fields = ("kind", "match_id", "created_by", "reason", "created_at")
    readonly_fields = fields
    inlines = [TransferEntryInline]
