"""Staff-only admin: matches with their event log, and the full state replayed at any ``seq``.

These pages show hidden cards (every hand, the talon order): they are for staff, never for
players. Every page sits behind ``admin_site.admin_view`` (active staff, else a redirect to the
admin login) and Django's model permissions (``matches.view_match``; superusers have all).
Matches, seats and events are read-only here: no add, change or delete (and the event log
cannot be changed anywhere: see the DB trigger).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from . import event_store
from .models import Match, MatchEvent, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ("index", "user", "bot_level")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class EventInline(admin.TabularInline):
    model = MatchEvent
    extra = 0
    can_delete = False
    fields = (
        "seq",
        "type",
        "actor",
        "client_move_id",
        "recorded_at",
        "payload_json",
        "replay_link",
    )
    readonly_fields = fields
    ordering = ("seq",)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="payload")
    def payload_json(self, event: MatchEvent) -> str:
        return json.dumps(event.payload)

    @admin.display(description="state")
    def replay_link(self, event: MatchEvent) -> str:
        url = reverse("admin:matches_match_replay", args=[event.match_id, event.seq])
        return format_html('<a href="{}">state after #{}</a>', url, event.seq)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "mode",
        "variant",
        "status",
        "scores",
        "version",
        "created_by",
        "created_at",
    )
    list_filter = ("mode", "status", "variant")
    list_select_related = ("created_by",)
    search_fields = ("id", "invite_code", "created_by__username", "seats__user__username")
    readonly_fields = [*(f.name for f in Match._meta.fields), "current_state"]
    inlines = [SeatInline, EventInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the match page is a view: a POST to it is refused (403)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="replay")
    def current_state(self, match: Match) -> str:
        url = reverse("admin:matches_match_replay", args=[match.id, match.version])
        return format_html('<a href="{}">state after the last event (#{})</a>', url, match.version)

    def get_urls(self) -> list:
        replay = self.admin_site.admin_view(self.replay_view)
        return [
            path("<uuid:match_id>/replay/<int:seq>/", replay, name="matches_match_replay"),
            *super().get_urls(),
        ]

    def replay_view(self, request: HttpRequest, match_id: str, seq: int) -> HttpResponse:
        match = get_object_or_404(Match, pk=match_id)
        if not self.has_view_permission(request, match):
            return HttpResponse(status=403)
        seq = max(0, min(seq, match.version))
        state = event_store.state_at(match.id, seq)
        seats = {s.index: s for s in match.seats.select_related("user")}
        deal = state.deal
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": match,
            "title": f"Match {match.id} after event #{seq}",
            "seq": seq,
            "previous": seq - 1 if seq > 0 else None,
            "next": seq + 1 if seq < match.version else None,
            "event": MatchEvent.objects.filter(match=match, seq=seq).first(),
            "state": state,
            "deal": deal,
            "hands": [
                {"seat": i, "player": seats.get(i), "cards": hand}
                for i, hand in enumerate(deal.hands if deal is not None else ())
            ],
        }
        return TemplateResponse(request, "admin/matches/match/replay.html", context)
