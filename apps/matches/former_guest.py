"""A guest's finished matches, brought along by the member who logged in from its session.

A guest who logs in to an existing account leaves its own identity behind; the new session
remembers it (``apps.accounts.guests.FORMER_GUEST``), and only that session may bring the
guest's *finished* matches to the member. Its unfinished ones stay the guest's.

The events are append-only and stay as they are (their ``actor`` is still the guest): what
moves is who holds each seat (``Seat.user``) and who created the match (``Match.created_by``),
the projections every list and statistic is read from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from apps.accounts.guests import FORMER_GUEST
from apps.accounts.models import User
from apps.common.errors import NotFound

from .models import Match, RematchOffer, Seat


@dataclass(frozen=True)
class GuestMatches:
    finished: int  # that may be brought along
    unfinished: int  # that stay the guest's


def former_guest(session: Any) -> User | None:
    """The guest the session's member logged in from, if it is still a guest."""
    guest_id = session.get(FORMER_GUEST)
    if guest_id is None:
        return None
    return User.objects.filter(pk=guest_id, is_guest=True).first()


def guest_matches(session: Any) -> GuestMatches:
    guest = former_guest(session)
    if guest is None:
        return GuestMatches(finished=0, unfinished=0)
    seats = Seat.objects.filter(user=guest)
    finished = seats.filter(match__status=Match.Status.FINISHED).count()
    return GuestMatches(finished=finished, unfinished=seats.count() - finished)


def guest_matches_forget(session: Any) -> None:
    session.pop(FORMER_GUEST, None)


@transaction.atomic
def guest_matches_claim(*, member: User, session: Any) -> int:
    """Moves the former guest's finished matches to ``member``; returns how many. 404
    ``former_guest_not_found`` unless ``session`` is the one ``member`` logged in with from a
    guest's (and that guest still exists as one)."""
    guest = former_guest(session)
    if guest is None or guest.pk == member.pk:
        raise NotFound(
            "this session did not log in from a guest's, or its matches were brought along",
            code="former_guest_not_found",
        )
    # the guest is locked: nothing else moves its seats meanwhile
    User.objects.select_for_update().filter(pk=guest.pk).first()
    match_ids = list(
        Match.objects.filter(seats__user=guest, status=Match.Status.FINISHED).values_list(
            "id", flat=True
        )
    )
    moved = Seat.objects.filter(user=guest, match_id__in=match_ids).update(user=member)
    Match.objects.filter(pk__in=match_ids, created_by=guest).update(created_by=member)
    for offer in RematchOffer.objects.filter(match_id__in=match_ids):
        if offer.offered_by_id == guest.pk:
            offer.offered_by = member
        offer.accepted_by = [member.pk if u == guest.pk else u for u in offer.accepted_by]
        offer.save(update_fields=["offered_by", "accepted_by"])
    guest_matches_forget(session)
    return moved
