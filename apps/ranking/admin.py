"""Staff views of the ranking (read-only: ratings move only through ``ratings_record``)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from .models import Medal, Rating, RatingChange, Standing, Ticket


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["user", "variant", "rating", "matches", "updated_at"]
    list_filter = ["variant"]
    search_fields = ["user__username", "user__display_name"]
    ordering = ["variant", "-rating"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["user", "match", "won", "before", "after", "delta", "created_at"]
    search_fields = ["user__username", "match__id"]


@admin.register(Ticket)
class TicketAdmin(ReadOnlyAdmin):
    list_display = ["user", "variant", "target", "stake", "status", "cancel_reason", "match"]
    list_filter = ["status", "variant", "stake"]


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = ["user", "variant", "year", "month", "points", "wins", "losses", "elo_gain"]
    list_filter = ["variant", "year", "month"]


@admin.register(Medal)
class MedalAdmin(ReadOnlyAdmin):
    list_display = ["user", "variant", "year", "month", "rank", "points", "awarded_at"]
    list_filter = ["variant", "year", "month", "rank"]
