"""The leaderboard pages (HTML, for visitors too): each ranked game's Elo ranking and its
monthly tournaments (``/leaderboard/<game>/`` and ``/leaderboard/<game>/<year>/<month>/``; the
addresses without a game are the first ranked game's, as before there were two). The games are
the registry's ranked ones (``variants.ranked_variants``), named as their rules declare.

The texts are translated (Hungarian by default, English on request: apps/web/middleware.py);
month names come from Django's localized date formats ("2026. szeptember", "September 2026")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext, gettext_lazy, pgettext_lazy

from apps.matches.engine import VARIANTS

from . import selectors
from .models import Medal
from .rules import tournament
from .variants import first_ranked, is_ranked, ranked_variants


def game_name(variant: str) -> str:
    """A game's name on the leaderboard, in the active language: the label its rules declare."""
    return VARIANTS[variant].label(get_language() or settings.LANGUAGE_CODE)


# A medal's name on its badge, and the badge's tooltip (by ``Medal.kind``).
MEDAL_NAMES = {
    "gold": pgettext_lazy("medal", "Gold"),
    "silver": pgettext_lazy("medal", "Silver"),
    "bronze": pgettext_lazy("medal", "Bronze"),
}
MEDAL_TITLES = {
    "gold": gettext_lazy("Gold medal"),
    "silver": gettext_lazy("Silver medal"),
    "bronze": gettext_lazy("Bronze medal"),
}


def _page(request: HttpRequest, rows: Sequence[Any] | QuerySet[Any]) -> Page[Any]:
    paginator: Paginator[Any] = Paginator(rows, settings.RANKING_PAGE_SIZE)
    return paginator.get_page(request.GET.get("page"))


def _month_label(year: int, month: int) -> str:
    """The month in the active language: "2026. szeptember" or "September 2026"."""
    return date_format(date(year, month, 1), "YEAR_MONTH_FORMAT")


def _recent_months(
    variant: str, current: tuple[int, int], count: int = 6
) -> list[dict[str, object]]:
    months: list[dict[str, object]] = []
    at = current
    for _ in range(count):
        months.append({"href": _month_href(variant, *at), "label": _month_label(*at)})
        at = tournament.previous_month(*at)
    return months


def _month_href(variant: str, year: int, month: int) -> str:
    return reverse("leaderboard:variant-month", args=[variant, year, month])


def _games(current: str, page: str, year: int = 0, month: int = 0) -> list[dict[str, object]]:
    """The tabs of the ranked games: each leads to the same page (ladder or month) of its game."""
    return [
        {
            "name": game_name(variant),
            "href": _month_href(variant, year, month)
            if page == "month"
            else reverse("leaderboard:variant-elo", args=[variant]),
            "current": variant == current,
        }
        for variant in ranked_variants()
    ]


def _not_found(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "ranking/not_found.html", {"message": message}, status=404)


def _named(medals: Iterable[Medal]) -> None:
    for medal in medals:
        medal.name = MEDAL_NAMES[medal.kind]  # type: ignore[attr-defined]
        medal.title = MEDAL_TITLES[medal.kind]  # type: ignore[attr-defined]


def _with_medals(page: Page, variant: str) -> None:
    medals = selectors.medals_of([row.user_id for row in page.object_list], variant=variant)
    for row in page.object_list:
        row.medals = medals.get(row.user_id, [])
        _named(row.medals)


def elo_page(request: HttpRequest, variant: str | None = None) -> HttpResponse:
    variant = variant or first_ranked()
    if not is_ranked(variant):
        return _not_found(request, gettext("There is no leaderboard for that game."))
    page = _page(request, selectors.elo_leaderboard(variant=variant))
    _with_medals(page, variant)
    current = tournament.month_of(timezone.now())
    return render(
        request,
        "ranking/elo.html",
        {
            "page": page,
            "first_rank": page.start_index(),
            "game": game_name(variant),
            "games": _games(variant, "elo"),
            "months": _recent_months(variant, current),
        },
    )


def month_page(
    request: HttpRequest, year: int, month: int, variant: str | None = None
) -> HttpResponse:
    variant = variant or first_ranked()
    current = tournament.month_of(timezone.now())
    if not is_ranked(variant):
        return _not_found(request, gettext("There is no leaderboard for that game."))
    if not tournament.month_held(year, month, current=current):
        return _not_found(request, gettext("There is no tournament for that month."))
    page = _page(request, selectors.month_standings(variant=variant, year=year, month=month))
    _with_medals(page, variant)
    winners = selectors.month_medals(variant=variant, year=year, month=month)
    _named(winners)
    previous = tournament.previous_month(year, month)
    following = tournament.next_month(year, month)
    return render(
        request,
        "ranking/month.html",
        {
            "page": page,
            "first_rank": page.start_index(),
            "label": _month_label(year, month),
            "game": game_name(variant),
            "games": _games(variant, "month", year, month),
            "elo_href": reverse("leaderboard:variant-elo", args=[variant]),
            "is_current": (year, month) == current,
            "winners": winners,
            "previous": _month_href(variant, *previous)
            if tournament.month_held(*previous, current=current)
            else None,
            "next": _month_href(variant, *following)
            if tournament.month_held(*following, current=current)
            else None,
        },
    )
