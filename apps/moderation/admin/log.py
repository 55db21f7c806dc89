"""The moderation log (``ModerationAction``) in the admin: read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from ..models import ModerationAction


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
