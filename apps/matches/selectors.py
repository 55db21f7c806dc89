"""Reads for players: all state goes through ``view_for`` / ``redact_event`` for the caller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from django.conf import settings
from django.db import connection
from django.db.models import Count, Model, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from apps.accounts.models import User
from apps.common.errors import Conflict, NotFound
from apps.matches.engine import VARIANTS, MatchState, from_json, view_for, waiting_view
from apps.matches.engine.events import DealEnded, DealStarted, HandShown
from apps.matches.engine.fairness import seed_json

from . import event_store
from .envelopes import envelopes_for
from .models import Match, MatchEvent, RematchOffer, Seat

if TYPE_CHECKING:
    from .appending import Outcome


def match_for_player(*, match_id: UUID, user: User) -> tuple[Match, int]:
    """The match and the caller's seat; a match the caller does not sit in does not exist.
    The match comes with its seats and their players (as ``prefetch_related("seats__user")``
    would give them), read in two statements written in SQL: every match GET reads them, and
    the ORM's three statements cost more CPU to build than the rest of the GET."""
    match = _match_with_seats(match_id)
    if match is not None:
        for seat in match.seats.all():
            if seat.user_id == user.id:
                return match, seat.index
    raise NotFound("no such match", code="match_not_found")


def _fields(model: type[Model]) -> tuple[list[str], list[str], list[tuple[int, Any]]]:
    fields = model._meta.concrete_fields
    converters = [(i, f.from_db_value) for i, f in enumerate(fields) if hasattr(f, "from_db_value")]
    return [str(f.column) for f in fields], [f.attname for f in fields], converters


_SEAT_COLUMNS, _SEAT_NAMES, _SEAT_CONVERTERS = _fields(Seat)
_USER_COLUMNS, _USER_NAMES, _USER_CONVERTERS = _fields(User)
_SEATS = (
    f"SELECT {', '.join('s.' + c for c in _SEAT_COLUMNS)}, "
    f"{', '.join('u.' + c for c in _USER_COLUMNS)} "
    f"FROM {Seat._meta.db_table} s LEFT JOIN {User._meta.db_table} u ON u.id = s.user_id "
    "WHERE s.match_id = %s ORDER BY s.index"
)


def _match_with_seats(match_id: UUID) -> Match | None:
    if connection.vendor != "postgresql":
        return Match.objects.filter(pk=match_id).prefetch_related("seats__user").first()
    match = event_store.match_read(match_id)
    if match is None:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_SEATS, [match.id])
        rows = cursor.fetchall()
    seats = []
    width = len(_SEAT_NAMES)
    for row in rows:
        values = _converted(row[:width], _SEAT_CONVERTERS)
        seat = Seat.from_db(connection.alias, _SEAT_NAMES, values)
        player = None
        if seat.user_id is not None:
            player = User.from_db(
                connection.alias, _USER_NAMES, _converted(row[width:], _USER_CONVERTERS)
            )
        Seat.user.field.set_cached_value(seat, player)
        Seat.match.field.set_cached_value(seat, match)
        seats.append(seat)
    # what prefetch_related leaves behind: ``match.seats.all()`` answers from these
    prefetched = match.seats.get_queryset()
    prefetched._result_cache = seats
    # (Django's private prefetch attributes, which its stubs do not declare)
    prefetched._prefetch_done = True  # type: ignore[attr-defined]
    match._prefetched_objects_cache = {"seats": prefetched}  # type: ignore[attr-defined]
    return match


def _converted(row: tuple, converters: list[tuple[int, Any]]) -> list[Any]:
    values = list(row)
    for i, convert in converters:
        values[i] = convert(values[i], None, connection)
    return values


def invite_is_due(match: Match) -> bool:
    """An open room whose invitation has run out but is not yet marked expired."""
    return (
        match.status == Match.Status.WAITING
        and match.invite_expires_at is not None
        and match.invite_expires_at <= timezone.now()
    )


def matches_of_player(*, user: User, variant: str | None = None) -> QuerySet[Match]:
    """The player's matches, newest first (``variant``: of that game only), each with the
    number of deals dealt in it (``deals``) and its seats and their players."""
    matches = Match.objects.filter(seats__user=user)
    if variant is not None:
        matches = matches.filter(variant=variant)
    dealt = (
        MatchEvent.objects.filter(match=OuterRef("pk"), type=DealStarted.type)
        .order_by()
        .values("match")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return (
        matches.annotate(deals=Coalesce(Subquery(dealt), 0))
        .prefetch_related("seats__user")
        .order_by("-created_at", "-pk")
    )


def match_row(match: Match, user: User) -> dict[str, Any]:
    """A row of the player's match list (``matches_of_player``): what a history shows, and
    nothing of any hand: the game, the players, the score (partnership: each seat's chips at
    the end, which the table shows everyone), the player's result, how long it went."""
    seats = list(match.seats.all())
    mine = next(s for s in seats if s.user_id == user.id)
    chips = [s.tally.get("chips") for s in seats]
    return {
        "id": str(match.id),
        "mode": match.mode,
        "variant": match.variant,
        "status": match.status,
        "scores": list(match.scores),
        "chips": chips if all(c is not None for c in chips) else None,
        "version": match.version,
        "your_seat": mine.index,
        "players": players_of(match, mine.index),
        "result": mine.result or None,
        "end_reason": match.end_reason or None,
        "deals": getattr(match, "deals", 0),
        "created_at": match.created_at,
        "finished_at": match.finished_at,
        "last_move_at": match.updated_at,
    }


def players_of(match: Match, seat: int) -> list[dict[str, Any]]:
    players = []
    for s in match.seats.all():
        if s.user is None:
            players.append(
                {
                    "seat": s.index,
                    "user_id": None,
                    "name": "Kati",
                    "avatar_url": "",
                    "is_computer": True,
                    "strength": s.bot_level,
                    "is_you": False,
                }
            )
        else:
            players.append(
                {
                    "seat": s.index,
                    "user_id": s.user_id,
                    "name": s.user.public_name,
                    "avatar_url": s.user.avatar_url,
                    "is_computer": False,
                    "strength": None,
                    "is_you": s.index == seat,
                }
            )
    return players


def invite_of(match: Match, user: User) -> dict[str, Any] | None:
    if (
        match.status != Match.Status.WAITING
        or match.created_by_id != user.id
        or not match.invite_code
    ):
        return None
    return {
        "code": match.invite_code,
        "join_url": f"{settings.PUBLIC_BASE_URL}/join/{match.invite_code}",
        "expires_at": match.invite_expires_at,
    }


def match_payload(*, match: Match, seat: int, user: User) -> dict[str, Any]:
    state = event_store.state_load(match)
    return {
        "id": str(match.id),
        "mode": match.mode,
        "variant": match.variant,
        "status": match.status,
        "version": match.version,
        "your_seat": seat,
        "scores": list(state.scores),
        "players": players_of(match, seat),
        "invite": invite_of(match, user),
        "stake": match.stake,
        "rematch": rematch_of(match),
        "winner_seat": match.winner_seat,
        "end_reason": match.end_reason or None,
        "created_at": match.created_at,
        "finished_at": match.finished_at,
        "view": seat_view(match, state, seat),
    }


def seat_view(match: Match, state: MatchState, seat: int) -> dict[str, Any]:
    """The engine's view for ``seat``; between people it offers the presence actions too. A
    room that waits for players shows the variant and target it was made with."""
    if not state.started:
        return waiting_view(VARIANTS[match.variant], match.target, seat)
    return view_for(state, seat, online=match.mode != Match.Mode.COMPUTER)


def action_payload(*, outcome: Outcome, seat: int) -> dict[str, Any]:
    """The answer to a seat's action: the version it reached, its events redacted for the seat,
    and the seat's view right after it (before any reply of the computer)."""
    match = outcome.match
    return {
        "version": outcome.last_seq,
        "events": envelopes_for(match.id, match.variant, outcome.first_seq, outcome.events, seat),
        "view": seat_view(match, outcome.state, seat),
    }


def rematch_of(match: Match) -> dict[str, Any] | None:
    """A finished match's rematch as a client shows it after a reload: started (with the new
    match), offered (by which seat, until when), or ``None``."""
    if match.status != Match.Status.FINISHED:
        return None
    new_id = Match.objects.filter(rematch_of=match).values_list("pk", flat=True).first()
    if new_id is not None:
        return {"status": "started", "new_match_id": str(new_id)}
    offer = RematchOffer.objects.filter(match=match, expires_at__gt=timezone.now()).first()
    if offer is None:
        return None
    seats = match.seats.all()
    seat = next(s.index for s in seats if s.user_id == offer.offered_by_id)
    accepted = [s.index for s in seats if s.user_id in offer.accepted_by]
    return {
        "status": "offered",
        "offered_by_seat": seat,
        "accepted_by_seats": accepted,
        "expires_at": offer.expires_at,
    }


def heartbeat_payload(*, match: Match, seat: int) -> dict[str, Any]:
    view = view_for(event_store.state_load(match), seat)
    return {
        "version": match.version,
        **({"presence": view["presence"]} if "presence" in view else {}),
    }


def events_for_seat(*, match: Match, seat: int, after_seq: int, limit: int) -> dict[str, Any]:
    rows = list(
        MatchEvent.objects.filter(match=match, seq__gt=after_seq)
        .order_by("seq")
        .values_list("seq", "payload")[: limit + 1]
    )
    has_more = len(rows) > limit
    rows = rows[:limit]
    # a shown hand's cards only while it is shown: that needs the state now
    shows = any(payload["type"] == HandShown.type for _, payload in rows)
    current = event_store.state_load(match) if shows else None
    envelopes = [
        envelopes_for(match.id, match.variant, seq, [from_json(payload)], seat, current=current)[0]
        for seq, payload in rows
    ]
    return {"version": match.version, "events": envelopes, "has_more": has_more}


def deal_record(*, match: Match, seat: int, number: int) -> dict[str, Any]:
    """A finished deal in full: both hands, every trick, the deck and salt behind its commitment."""
    end = (
        MatchEvent.objects.filter(match=match, type=DealEnded.type)
        .order_by("seq")
        .values_list("seq", flat=True)
    )
    ends = list(end)
    if not 1 <= number <= len(ends):
        started = MatchEvent.objects.filter(match=match, type=DealStarted.type).count()
        if 1 <= number <= started:
            raise Conflict("this deal is still being played", code="deal_not_over")
        raise NotFound("no such deal", code="deal_not_found")
    state = event_store.state_at(match.id, ends[number - 1])
    deal = view_for(state, seat)["deal"]
    assert isinstance(state.deal.result, DealEnded)  # type: ignore[union-attr]
    if "revealed" not in deal:  # a game without a reveal: its deal view at the deal's end
        return {"number": number, **deal}
    return {
        "number": number,
        "commitment": deal["commitment"],
        "trump_suit": deal["trump_suit"],
        "dealer": deal["dealer"],
        **deal["revealed"],
        # how the deck was fixed (``engine/fairness.py``): with whose seeds, if any
        "scheme": state.deal_scheme,
        "seeds": [seed_json(seed) for seed in state.deal_seeds],
    }
