"""Staff-only admin: matches with their event log, and the full state replayed at any ``seq``.

These pages show hidden cards (every hand, the talon order): they are for staff, never for
players. Every page sits behind ``admin_site.admin_view`` (active staff, else a redirect to the
admin login) and Django's model permissions (``matches.view_match``; superusers have all).
Matches, seats and events are read-only here: no add, change or delete (and the event log
cannot be changed anywhere: see the DB trigger).

A match's page shows its latest ``EVENTS_ON_MATCH_PAGE`` events and links to its whole log,
``EVENTS_PER_PAGE`` a page: a long match (a partnership game runs to hundreds of events) stays
a few queries and a page of bounded size.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.core.paginator import InvalidPage, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from . import event_store
from .models import Match, MatchEvent, Seat

EVENTS_ON_MATCH_PAGE = 50
EVENTS_PER_PAGE = 100
EVENT_ROWS = "admin/matches/match/event_rows.html"


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ("index", "user", "bot_level", "result", "quit_reason", "tally")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def event_rows(match: Match, events: list[MatchEvent]) -> SafeString:
    """The events as the rows of a read-only table: seq, type, actor, client move id, time,
    payload and a link to the state after each one."""
    rows = [(event, json.dumps(event.payload)) for event in events]
    return render_to_string(EVENT_ROWS, {"match": match, "rows": rows})


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
    readonly_fields = [
        *(f.name for f in Match._meta.fields),
        "current_state",
        "event_log",
        "latest_events",
    ]
    # The events are no inline: a formset renders some 2 KB of markup per event, and would
    # list them all. The page shows the latest ones (one query); the log page has them all.
    inlines = [SeatInline]

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

    @admin.display(description="event log")
    def event_log(self, match: Match) -> str:
        url = reverse("admin:matches_match_events", args=[match.id])
        return format_html(
            '<a href="{}">all {} events</a>, {} a page', url, match.version, EVENTS_PER_PAGE
        )

    @admin.display(description=f"latest events (at most {EVENTS_ON_MATCH_PAGE})")
    def latest_events(self, match: Match) -> SafeString:
        latest = match.events.select_related("actor").order_by("-seq")[:EVENTS_ON_MATCH_PAGE]
        return event_rows(match, list(reversed(latest)))

    def get_urls(self) -> list:
        replay = self.admin_site.admin_view(self.replay_view)
        events = self.admin_site.admin_view(self.events_view)
        return [
            path("<uuid:match_id>/replay/<int:seq>/", replay, name="matches_match_replay"),
            path("<uuid:match_id>/events/", events, name="matches_match_events"),
            *super().get_urls(),
        ]

    def events_view(self, request: HttpRequest, match_id: str) -> HttpResponse:
        """The match's whole event log, ``EVENTS_PER_PAGE`` events a page (``?p=2``)."""
        match = get_object_or_404(Match, pk=match_id)
        if not self.has_view_permission(request, match):
            return HttpResponse(status=403)
        events = MatchEvent.objects.filter(match=match).select_related("actor").order_by("seq")
        paginator = Paginator(events, EVENTS_PER_PAGE)
        paginator.count = match.version  # one event per seq: no COUNT query
        try:
            page = paginator.page(request.GET.get("p", 1))
        except InvalidPage:
            raise Http404("no such page of events") from None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": match,
            "title": f"Events of match {match.id}",
            "page": page,
            "rows": event_rows(match, list(page.object_list)),
        }
        return TemplateResponse(request, "admin/matches/match/events.html", context)

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
