"""The pieces of HTML the moderators' pages show, each rendered from a template of
``templates/moderation/admin/``, and how those pages write times."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from apps.accounts.models import User


def fragment(name: str, context: dict[str, Any]) -> SafeString:
    """``templates/moderation/admin/<name>.html`` rendered (autoescaped), without the
    whitespace around it."""
    return mark_safe(render_to_string(f"moderation/admin/{name}.html", context).strip())


def user_link(user: User | None) -> SafeString | str:
    """A player, linked to their admin page."""
    if user is None:
        return "—"
    url = reverse("admin:accounts_user_change", args=[user.pk])
    return fragment("user_link", {"user": user, "url": url})


def when(value: datetime | None) -> str:
    """A time of the database, as the admin shows times."""
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if value is not None else "—"


def stamp(iso: str | None) -> str:
    """An ISO timestamp of the evidence, as the admin shows times."""
    if not iso:
        return "—"
    return timezone.localtime(datetime.fromisoformat(iso)).strftime("%Y-%m-%d %H:%M:%S")
