"""The moderation log (``ModerationAction``) in the admin: read-only."""

from __future__ import annotations

from django.contrib import admin

from ..models import ModerationAction
from .decisions import NeverEdited


@admin.register(ModerationAction)
class ModerationActionAdmin(NeverEdited, admin.ModelAdmin):
    list_display = ("created_at", "kind", "user", "actor", "report", "sanction", "reason")
    list_filter = ("kind",)
    list_select_related = ("user", "actor", "report", "sanction")
    search_fields = ("user__username", "actor__username", "reason")
    date_hierarchy = "created_at"
    ordering = ("-created_at", "-pk")
