"""Reads about sanctions, used by every online endpoint."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from .models import Sanction


@dataclass(frozen=True)
class Restriction:
    """Why a player may not play online or chat now: ``banned``, or ``suspended`` until."""

    code: str
    ends_at: datetime | None


def online_restriction(user_id: int, now: datetime | None = None) -> Restriction | None:
    """The ban or the longest running suspension of this player at ``now``, if any."""
    now = now or timezone.now()
    active = Sanction.objects.filter(user_id=user_id, lifted_at__isnull=True).filter(
        Q(kind=Sanction.Kind.BAN) | Q(kind=Sanction.Kind.SUSPENSION, ends_at__gt=now)
    )
    if active.filter(kind=Sanction.Kind.BAN).exists():
        return Restriction("banned", None)
    suspension = active.order_by("-ends_at").first()
    if suspension is None:
        return None
    return Restriction("suspended", suspension.ends_at)
