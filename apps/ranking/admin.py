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
    list_display = ["user", "rating", "matches", "updated_at"]
    search_fields = ["user__username", "user__display_name"]
    ordering = ["-rating"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["user", "match", "won", "before", "after", "delta", "created_at"]
    search_fields = ["user__username", "match__id"]


@admin.register(Ticket)
class TicketAdmin(ReadOnlyAdmin):
    list_display = ["user", "stake", "status", "cancel_reason", "match", "created_at"]
    list_filter = ["status", "stake"]


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = ["user", "year", "month", "points", "wins", "losses", "elo_gain"]
    list_filter = ["year", "month"]


@admin.register(Medal)
class MedalAdmin(ReadOnlyAdmin):
    list_display = ["user", "year", "month", "rank", "points", "awarded_at"]
    list_filter = ["year", "month", "rank"]
