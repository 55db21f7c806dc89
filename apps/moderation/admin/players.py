"""Players (``accounts.User``) in the admin, registered from the moderation app: the page
gathers what the apps above accounts know of a player (matches, coins, sanctions), so it lives
here rather than in ``accounts``, which the other apps build on.

Administrators (superusers) manage accounts; moderators (the "Moderators" group, see
``roles.py``) may only look a player up: no editing, no password or permission pages, no e-mail
addresses. Each player's page shows match statistics and their sanctions (read-only; sanctions
are issued and lifted in the Moderation section)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString

from apps.accounts.models import User
from apps.accounts.names import DisplayNameRefused
from apps.accounts.services import display_name_clean
from apps.matches.models import Match, Seat
from apps.wallet.selectors import balance_of

from ..models import Report, Sanction
from ..selectors import online_restriction
from .fragments import fragment


class SanctionInline(admin.TabularInline):
    model = Sanction
    fk_name = "user"
    extra = 0
    can_delete = False
    show_change_link = True
    verbose_name_plural = "sanctions (read-only: issue and lift them under Moderation)"
    fields = (
        "kind",
        "reason",
        "created_at",
        "created_by",
        "ends_at",
        "ended_at",
        "acknowledged_at",
        "lifted_at",
        "lifted_by",
        "lift_reason",
    )
    readonly_fields = fields
    ordering = ("-created_at",)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SanctionedFilter(admin.SimpleListFilter):
    title = "moderation"
    parameter_name = "moderation"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [
            ("restricted", "suspended or banned now"),
            ("sanctioned", "ever sanctioned"),
            ("reported", "ever reported"),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> QuerySet[User]:
        if self.value() == "restricted":
            restricting = Sanction.objects.filter(lifted_at__isnull=True).filter(
                Q(kind=Sanction.Kind.BAN)
                | Q(kind=Sanction.Kind.SUSPENSION, ends_at__gt=timezone.now())
            )
            return queryset.filter(pk__in=restricting.values("user_id"))
        if self.value() == "sanctioned":
            return queryset.filter(pk__in=Sanction.objects.values("user_id"))
        if self.value() == "reported":
            return queryset.filter(pk__in=Report.objects.values("reported_id"))
        return queryset


STATS_FIELDS = ("matches_summary", "coins", "moderation_summary")


class PlayerChangeForm(UserChangeForm):
    """The user page's form: a display name an administrator enters obeys the rules a player's
    own does (``display_name_clean``; a staff account may use the staff words). Left empty,
    the player is shown by username, as before."""

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        if not name:
            return name
        try:
            return display_name_clean(name, user=self.instance)
        except DisplayNameRefused as refused:
            raise forms.ValidationError(refused.detail, code=refused.code) from None


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    form = PlayerChangeForm
    list_display = (
        "username",
        "email",
        "display_name",
        "is_guest",
        "is_staff",
        "matches_played",
        "date_joined",
    )
    list_filter = ("is_guest", "is_staff", "is_active", "groups", SanctionedFilter)
    search_fields = ("username", "email", "display_name")
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        ("Player", {"fields": ("display_name", "avatar_url", "is_guest")}),
        ("Statistics and moderation", {"fields": STATS_FIELDS}),
    )
    readonly_fields = STATS_FIELDS
    inlines = [SanctionInline]

    # -- what a moderator (view only) sees

    @staticmethod
    def _administers(request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.change_user")

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None or self._administers(request):
            return super().get_fieldsets(request, obj)
        return (
            (None, {"fields": ("username", "display_name", "avatar_url", "is_guest")}),
            ("Account", {"fields": ("is_active", "is_staff", "date_joined", "last_login")}),
            ("Statistics and moderation", {"fields": STATS_FIELDS}),
        )

    def get_list_display(self, request: HttpRequest) -> Any:
        if self._administers(request):
            return self.list_display
        return tuple(f for f in self.list_display if f != "email")

    def get_search_fields(self, request: HttpRequest) -> Any:
        if self._administers(request):
            return self.search_fields
        return ("username", "display_name")

    def get_inlines(self, request: HttpRequest, obj: Any) -> Any:
        return self.inlines if obj is not None else []

    # -- statistics

    def get_queryset(self, request: HttpRequest) -> QuerySet[User]:
        finished = Q(seats__match__status=Match.Status.FINISHED)
        return super().get_queryset(request).annotate(_played=Count("seats", filter=finished))

    @admin.display(description="matches played", ordering="_played")
    def matches_played(self, user: User) -> int:
        return getattr(user, "_played", 0)

    @admin.display(description="matches")
    def matches_summary(self, user: User) -> str:
        if user.pk is None:
            return "—"
        seats = Seat.objects.filter(user=user)
        finished = seats.filter(match__status=Match.Status.FINISHED)
        counts = finished.aggregate(
            total=Count("pk"),
            computer=Count("pk", filter=Q(match__mode=Match.Mode.COMPUTER)),
            online=Count("pk", filter=~Q(match__mode=Match.Mode.COMPUTER)),
        )
        won = sum(
            1
            for index, winner in finished.values_list("index", "match__winner_seat")
            if index == winner
        )
        running = seats.filter(match__status=Match.Status.ACTIVE).count()
        return (
            f"{counts['total']} finished ({counts['computer']} against the computer, "
            f"{counts['online']} online), {won} won; {running} in progress"
        )

    @admin.display(description="coins")
    def coins(self, user: User) -> str:
        """The balance as the ledger sums it; grants go through the wallet's grant action
        (Wallet › Accounts), never by editing a number here."""
        if user.pk is None or user.is_guest:
            return "—"
        return f"{balance_of(user.pk):,}"

    @admin.display(description="moderation")
    def moderation_summary(self, user: User) -> SafeString | str:
        if user.pk is None:
            return "—"
        restriction = online_restriction(user.pk)
        if restriction is None:
            now = "may play online"
        elif restriction.code == "banned":
            now = "banned from online play"
        else:
            assert restriction.ends_at is not None
            now = f"suspended until {timezone.localtime(restriction.ends_at):%Y-%m-%d %H:%M}"
        received = Report.objects.filter(reported=user).count()
        made = Report.objects.filter(reporter=user).count()
        reports = reverse("admin:moderation_report_changelist")
        return fragment(
            "moderation_summary",
            {"now": now, "reports": reports, "user": user, "received": received, "made": made},
        )
