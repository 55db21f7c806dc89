"""Rematches: when a match has ended, any player may offer one; when the others accept within
``REMATCH_TTL_SECONDS`` a new match starts from 0:0 between the same players (against the
computer, Kati accepts at once). At a four-seat table every person who stayed to the end must
accept; the seat of a player who quit goes to Kati. A ranked rematch takes the stake again, and
is refused cleanly when one of the players cannot pay."""

from __future__ import annotations

from datetime import timedelta
from itertools import combinations
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.common.errors import Conflict, Forbidden, Gone, NotFound
from apps.common.policies import blocked_between, online_refusal, require_online_allowed

from . import event_store, services
from .models import Match, RematchOffer, Seat
from .push import match_group_send
from .seating import seats_of
from .strengths import STAND_IN_LEVEL


def rematch_offer(*, user: User, match_id: UUID) -> Match | None:
    """Offer a rematch; returns the new match when that starts it at once (the computer
    accepts, or the other player had offered first)."""
    with transaction.atomic():
        match, seat = _finished_match_of(user, match_id)
        if hasattr(match, "rematch"):
            raise Conflict("a rematch of this match was already played", code="rematch_started")
        if match.mode == Match.Mode.COMPUTER:
            return _start_rematch(match)
        offer = RematchOffer.objects.filter(match=match).select_for_update().first()
        now = timezone.now()
        if offer is not None and offer.expires_at > now:
            if offer.offered_by_id != user.id:  # it wants it too: that is an acceptance
                return _accept(match, offer, user)
            raise Conflict("you already offered a rematch", code="rematch_already_offered")
        _check_online(match, user)
        expires = now + timedelta(seconds=settings.REMATCH_TTL_SECONDS)
        if offer is None:
            offer = RematchOffer.objects.create(
                match=match, offered_by=user, offered_at=now, expires_at=expires
            )
        else:  # an old offer ran out: this is a new one
            offer.offered_by, offer.offered_at, offer.expires_at = user, now, expires
        offer.accepted_by = [user.id]
        offer.save()
        frame = {
            "type": "rematch.offered",
            "match_id": str(match.id),
            "offered_by_seat": seat,
            "expires_at": expires.isoformat(),
        }
        transaction.on_commit(lambda: match_group_send(match.id, _notice(frame)))
    return None


def rematch_accept(*, user: User, match_id: UUID) -> Match | None:
    with transaction.atomic():
        match, _ = _finished_match_of(user, match_id)
        if hasattr(match, "rematch"):
            raise Conflict("a rematch of this match was already played", code="rematch_started")
        offer = RematchOffer.objects.filter(match=match).select_for_update().first()
        if offer is None:
            raise NotFound("nobody offered a rematch", code="rematch_not_offered")
        if offer.offered_by_id == user.id:
            raise Conflict("the other players have to accept your offer", code="own_offer")
        if offer.expires_at <= timezone.now():
            raise Gone("the rematch offer has expired", code="rematch_expired")
        return _accept(match, offer, user)


def _accept(match: Match, offer: RematchOffer, user: User) -> Match | None:
    """``user`` wants the offered rematch: it starts once every person who stayed at the table
    does (returns it then; else None)."""
    if user.id not in _stayed(match):
        raise Conflict(
            "you left this table: the others decide on a rematch", code="seat_taken_over"
        )
    if user.id in offer.accepted_by:
        raise Conflict(
            "you already accepted; waiting for the others", code="rematch_already_accepted"
        )
    _check_online(match, user)
    offer.accepted_by = [*offer.accepted_by, user.id]
    offer.save(update_fields=["accepted_by"])
    if set(_stayed(match)) - set(offer.accepted_by):
        frame = {
            "type": "rematch.accepted",
            "match_id": str(match.id),
            "accepted_by_seats": [
                s.index for s in seats_of(match) if s.user_id in offer.accepted_by
            ],
        }
        transaction.on_commit(lambda: match_group_send(match.id, _notice(frame)))
        return None
    new = _start_rematch(match)
    frame = {"type": "rematch.started", "match_id": str(match.id), "new_match_id": str(new.id)}
    transaction.on_commit(lambda: match_group_send(match.id, _notice(frame)))
    return new


def _stayed(match: Match) -> list[int]:
    """The players who were still at the table when the match ended (a four-seat game plays
    on without one who quit: Kati took its seat)."""
    quit = set(
        Seat.objects.filter(match=match).exclude(quit_reason="").values_list("index", flat=True)
    )
    return [s.user_id for s in seats_of(match) if s.user_id is not None and s.index not in quit]


def _start_rematch(match: Match) -> Match:
    seats = seats_of(match)
    if match.mode == Match.Mode.RANKED:
        user_ids = tuple(s.user_id for s in seats)
        assert match.stake is not None and all(user_ids)
        new_id = services.match_create_ranked(
            user_ids=user_ids,  # type: ignore[arg-type]
            stake=match.stake,
            variant=match.variant,
            target=match.target,
            rematch_of=match,
        )
        return Match.objects.get(pk=new_id)
    new = Match.objects.create(
        variant=match.variant,
        target=match.target,
        mode=match.mode,
        status=Match.Status.ACTIVE,
        created_by_id=match.created_by_id,
        rematch_of=match,
    )
    stayed = set(_stayed(match))
    for s in seats:
        if s.user_id is None or s.user_id in stayed:
            Seat.objects.create(match=new, index=s.index, user_id=s.user_id, bot_level=s.bot_level)
        else:  # it quit the last game: Kati sits there
            Seat.objects.create(match=new, index=s.index, bot_level=STAND_IN_LEVEL)
    services.match_start(new)
    return new


def _finished_match_of(user: User, match_id: UUID) -> tuple[Match, int]:
    match = event_store.match_lock(match_id)
    seat = None
    if match is not None:
        seat = next((s.index for s in seats_of(match) if s.user_id == user.id), None)
    if match is None or seat is None:
        raise NotFound("no such match", code="match_not_found")
    if match.mode != Match.Mode.COMPUTER:
        require_online_allowed(user.id)  # a suspended or banned player: its own 403
    if match.status != Match.Status.FINISHED or match.end_reason in ("invite_expired", "cancelled"):
        raise Conflict("a rematch can follow only a finished match", code="match_not_finished")
    return match, seat


def _check_online(match: Match, user: User) -> None:
    """Online rematches follow the online rules: no sanctioned player, no blocked pair. The
    caller's own sanction was answered already; another player's is not told (409
    ``rematch_unavailable``). A player who quit does not count: Kati would take its seat."""
    if any(online_refusal(other) for other in _stayed(match) if other != user.id):
        raise Conflict(
            "a player of this match is not available for a rematch", code="rematch_unavailable"
        )
    players = [s.user_id for s in seats_of(match) if s.user_id is not None]
    if any(blocked_between(a, b) for a, b in combinations(players, 2)):
        raise Forbidden("you cannot play this player again", code="blocked")


def _notice(frame: dict) -> dict:
    return {"type": "match.notice", "frame": frame}
