"""The leaderboard pages (HTML, for visitors too): the Elo ranking and each month's tournament.

The texts are translated (Hungarian by default, English on request: apps/web/middleware.py);
month names come from Django's localized date formats ("2026. szeptember", "September 2026")."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from . import selectors
from .models import Medal
from .rules import tournament

FIRST_YEAR = 2020

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


def _page(request: HttpRequest, rows: object) -> Page:
    paginator = Paginator(rows, settings.RANKING_PAGE_SIZE)  # type: ignore[arg-type]
    return paginator.get_page(request.GET.get("page"))


def _month_label(year: int, month: int) -> str:
    """The month in the active language: "2026. szeptember" or "September 2026"."""
    return date_format(date(year, month, 1), "YEAR_MONTH_FORMAT")


def _recent_months(current: tuple[int, int], count: int = 6) -> list[dict[str, object]]:
    months, at = [], current
    for _ in range(count):
        months.append({"year": at[0], "month": at[1], "label": _month_label(*at)})
        at = tournament.previous_month(*at)
    return months


def _named(medals: Iterable[Medal]) -> None:
    for medal in medals:
        medal.name = MEDAL_NAMES[medal.kind]  # type: ignore[attr-defined]
        medal.title = MEDAL_TITLES[medal.kind]  # type: ignore[attr-defined]


def _with_medals(page: Page) -> None:
    medals = selectors.medals_of([row.user_id for row in page.object_list])
    for row in page.object_list:
        row.medals = medals.get(row.user_id, [])
        _named(row.medals)


def elo_page(request: HttpRequest) -> HttpResponse:
    page = _page(request, selectors.elo_leaderboard())
    _with_medals(page)
    current = tournament.month_of(timezone.now())
    return render(
        request,
        "ranking/elo.html",
        {
            "page": page,
            "first_rank": page.start_index(),
            "months": _recent_months(current),
        },
    )


def month_page(request: HttpRequest, year: int, month: int) -> HttpResponse:
    current = tournament.month_of(timezone.now())
    if not (1 <= month <= 12 and year >= FIRST_YEAR and (year, month) <= current):
        return render(
            request,
            "ranking/not_found.html",
            {"message": gettext("There is no tournament for that month.")},
            status=404,
        )
    page = _page(request, selectors.month_standings(year=year, month=month))
    _with_medals(page)
    winners = selectors.month_medals(year=year, month=month)
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
            "year": year,
            "month": month,
            "is_current": (year, month) == current,
            "winners": winners,
            "previous": {"year": previous[0], "month": previous[1]}
            if previous[0] >= FIRST_YEAR
            else None,
            "next": {"year": following[0], "month": following[1]} if following <= current else None,
        },
    )
