"""Matchmaking: a player's ticket for a ranked match (a game, a target, a stake), the pairing of
the waiting tickets of one pool and the start of their matches, the expiry of tickets that waited
too long, and the notices pushed to the players' sockets (group ``user.<id>``). Each function
owns its transaction and locks; the pairing rules are ``rules/matchmaking.py``."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.module_loading import import_string

from apps.accounts.models import User
from apps.chat.selectors import blocked_between
from apps.common.broadcast import group_send
from apps.common.errors import Conflict, Forbidden, NotFound, Problem
from apps.matches.engine.registry import rules_for
from apps.matches.services import game_check
from apps.moderation.guards import require_online_allowed
from apps.moderation.selectors import online_restriction

from . import clock
from .models import Rating, Ticket
from .rules import elo
from .rules import matchmaking as pairing
from .variants import ranked_variants

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Pool:
    """The tickets that may be paired with each other: same game, same target, same stake."""

    variant: str
    target: int
    stake: int


def ticket_create(
    *, user: User, stake: int, variant: str = "klub", target: int | None = None
) -> Ticket:
    """Queue ``user`` for a ranked match of ``variant`` to ``target`` (``None``: the variant's
    first) at ``stake``; pairing runs right after commit."""
    if user.is_guest:
        raise Forbidden(
            "guests can only play the computer; sign up to play ranked matches",
            code="registration_required",
        )
    require_online_allowed(user.id)
    if stake not in pairing.STAKES:
        raise Problem(
            f"the stake must be one of {', '.join(map(str, pairing.STAKES))}",
            code="invalid_stake",
            allowed=list(pairing.STAKES),
        )
    target = game_check(variant, target)
    if variant not in ranked_variants():
        raise Problem(
            f"{variant} is not played ranked; choose one of {', '.join(ranked_variants())}",
            code="variant_not_ranked",
            params={"choices": ranked_variants()},
        )
    pool = Pool(variant=variant, target=target, stake=stake)
    try:
        with transaction.atomic():
            Rating.objects.get_or_create(user_id=user.id, variant=variant)
            ticket = Ticket.objects.create(
                user=user, variant=variant, target=target, stake=stake, created_at=clock.now()
            )
            transaction.on_commit(lambda: _pairing_schedule(pool), robust=True)
    except IntegrityError:
        open_ticket = Ticket.objects.filter(user=user, status=Ticket.Status.WAITING).first()
        raise Conflict(
            "you are already waiting for a ranked match",
            code="ticket_already_open",
            ticket_id=open_ticket.pk if open_ticket else None,
        ) from None
    return ticket


def ticket_cancel(*, user: User, ticket_id: int) -> Ticket:
    """Stop waiting. A ticket already matched cannot be cancelled (409 ``already_matched``)."""
    with transaction.atomic():
        ticket = Ticket.objects.select_for_update().filter(pk=ticket_id, user=user).first()
        if ticket is None:
            raise NotFound("no such ticket", code="ticket_not_found")
        if ticket.status == Ticket.Status.MATCHED:
            raise Conflict(
                "you were already paired; play the match",
                code="already_matched",
                match_id=str(ticket.match_id),
            )
        if ticket.status == Ticket.Status.WAITING:
            _ticket_close(ticket, reason=Ticket.Reason.BY_PLAYER, now=clock.now())
    return ticket


def tickets_withdraw(*, user_id: int, now: datetime) -> int:
    """Cancel (reason ``restricted``) the waiting ticket of a player a moderator just suspended
    or banned, inside the transaction that issued the sanction; the player is told after the
    commit. A pairing holding the ticket is waited for: its match, committed by then, is the
    sanction's to end. Returns how many tickets were cancelled."""
    notices: list[tuple[int, dict[str, Any]]] = []
    waiting = Ticket.objects.select_for_update().filter(
        user_id=user_id, status=Ticket.Status.WAITING
    )
    for ticket in waiting:
        _ticket_close(ticket, reason=Ticket.Reason.RESTRICTED, now=now)
        notices.append((user_id, _cancelled_notice(ticket, Ticket.Reason.RESTRICTED)))
    transaction.on_commit(lambda: _notify_all(notices), robust=True)
    return len(notices)


def _ticket_close(ticket: Ticket, *, reason: str, now: datetime) -> None:
    ticket.status = Ticket.Status.CANCELLED
    ticket.cancel_reason = reason
    ticket.closed_at = now
    ticket.save(update_fields=["status", "cancel_reason", "closed_at"])


def _pairing_schedule(pool: Pool) -> None:
    from .tasks import matchmaking_pair  # noqa: PLC0415 (tasks import this module)

    matchmaking_pair.delay(pool.stake, pool.variant, pool.target)


def match_creator() -> Callable[..., str]:
    """The function that starts a ranked match (settings ``RANKING_MATCH_CREATOR``)."""
    return import_string(settings.RANKING_MATCH_CREATOR)


def _gap() -> pairing.Gap:
    return pairing.Gap(
        base=settings.RANKING_GAP_BASE,
        per_second=settings.RANKING_GAP_PER_SECOND,
        maximum=settings.RANKING_GAP_MAX,
    )


def pools_waiting() -> list[Pool]:
    """Every pool that has a waiting ticket (the sweep pairs each)."""
    found = (
        Ticket.objects.filter(status=Ticket.Status.WAITING)
        .values_list("variant", "target", "stake")
        .distinct()
        .order_by("variant", "target", "stake")
    )
    return [Pool(variant=v, target=t, stake=s) for v, t, s in found]


def matchmaking_pair(*, stake: int, variant: str = "klub", target: int | None = None) -> int:
    """Pair the waiting tickets of one pool (variant, target, stake; those no concurrent run
    holds) and start a match for each pair. Returns the number of matches started."""
    pool = Pool(variant=variant, target=target or rules_for(variant).targets[0], stake=stake)
    now = clock.now()
    notices: list[tuple[int, dict[str, Any]]] = []
    started = 0
    with transaction.atomic():
        tickets = list(
            Ticket.objects.select_for_update(skip_locked=True)
            .filter(
                status=Ticket.Status.WAITING,
                variant=pool.variant,
                target=pool.target,
                stake=pool.stake,
            )
            .order_by("created_at", "id")[: settings.RANKING_PAIRING_BATCH]
        )
        if len(tickets) < 2:
            return 0
        ratings = dict(
            Rating.objects.filter(
                user_id__in=[t.user_id for t in tickets], variant=pool.variant
            ).values_list("user_id", "rating")
        )
        by_id = {t.pk: t for t in tickets}
        waiting = [
            pairing.Waiting(
                ticket_id=t.pk,
                user_id=t.user_id,
                rating=ratings.get(t.user_id, elo.INITIAL_RATING),
                since=t.created_at,
            )
            for t in tickets
        ]
        chosen = pairing.pairs(waiting, now=now, gap=_gap(), blocked=blocked_between)
        create = match_creator()
        for a, b in chosen:
            first, second = by_id[a.ticket_id], by_id[b.ticket_id]
            if _pair_start(create, first, second, pool=pool, now=now, notices=notices):
                started += 1
        transaction.on_commit(lambda: _notify_all(notices), robust=True)
    return started


def _pair_start(
    create: Callable[..., str],
    first: Ticket,
    second: Ticket,
    *,
    pool: Pool,
    now: datetime,
    notices: list[tuple[int, dict[str, Any]]],
) -> bool:
    restricted = [t for t in (first, second) if online_restriction(t.user_id, now) is not None]
    for ticket in restricted:  # suspended or banned while waiting
        _ticket_close(ticket, reason=Ticket.Reason.RESTRICTED, now=now)
        notices.append((ticket.user_id, _cancelled_notice(ticket, Ticket.Reason.RESTRICTED)))
    if restricted:
        return False
    try:
        with transaction.atomic():  # a savepoint: a failed creation leaves nothing behind
            match_id = create(
                user_ids=(first.user_id, second.user_id),
                stake=pool.stake,
                variant=pool.variant,
                target=pool.target,
            )
    except Problem as problem:
        if problem.code != "insufficient_coins":
            logger.warning(
                "ranked match for tickets %s, %s refused: %s", first.pk, second.pk, problem.code
            )
            return False
        poor = _short_of_coins(problem) or {first.user_id, second.user_id}
        for ticket in (first, second):
            if ticket.user_id in poor:
                _ticket_close(ticket, reason=Ticket.Reason.INSUFFICIENT_COINS, now=now)
                notices.append(
                    (ticket.user_id, _cancelled_notice(ticket, Ticket.Reason.INSUFFICIENT_COINS))
                )
        return False
    except Exception:
        logger.exception("starting a ranked match for tickets %s, %s failed", first.pk, second.pk)
        return False
    for ticket, other in ((first, second), (second, first)):
        ticket.status = Ticket.Status.MATCHED
        ticket.match_id = match_id
        ticket.opponent_id = other.user_id
        ticket.closed_at = now
        ticket.save(update_fields=["status", "match", "opponent", "closed_at"])
    names = {
        u.pk: u.public_name for u in User.objects.filter(pk__in=[first.user_id, second.user_id])
    }
    for ticket, other in ((first, second), (second, first)):
        notices.append(
            (
                ticket.user_id,
                {
                    "type": "matchmaking.matched",
                    "ticket_id": ticket.pk,
                    "match_id": str(match_id),
                    "stake": pool.stake,
                    "variant": pool.variant,
                    "target": pool.target,
                    "opponent": {"id": other.user_id, "name": names.get(other.user_id, "")},
                },
            )
        )
    return True


def _cancelled_notice(ticket: Ticket, reason: str) -> dict[str, Any]:
    return {
        "type": "matchmaking.cancelled",
        "ticket_id": ticket.pk,
        "stake": ticket.stake,
        "variant": ticket.variant,
        "target": ticket.target,
        "reason": str(reason),
    }


def _short_of_coins(problem: Problem) -> set[int]:
    """Who could not pay, as an ``insufficient_coins`` problem tells it (the wallet's
    ``InsufficientCoins.user_ids``, or a ``user_ids``/``user_id`` member); empty if unknown."""
    found = getattr(problem, "user_ids", None) or problem.extra.get("user_ids")
    if found:
        return set(found)
    single = problem.extra.get("user_id")
    return {single} if single is not None else set()


def tickets_expire(*, before: datetime | None = None) -> int:
    """Cancel (reason ``expired``) the waiting tickets created before ``before`` (default: the
    longest wait allowed ago)."""
    now = clock.now()
    cutoff = before or now - timedelta(seconds=settings.RANKING_TICKET_MAX_WAIT_SECONDS)
    notices: list[tuple[int, dict[str, Any]]] = []
    with transaction.atomic():
        due = list(
            Ticket.objects.select_for_update(skip_locked=True).filter(
                status=Ticket.Status.WAITING, created_at__lt=cutoff
            )
        )
        for ticket in due:
            _ticket_close(ticket, reason=Ticket.Reason.EXPIRED, now=now)
            notices.append((ticket.user_id, _cancelled_notice(ticket, Ticket.Reason.EXPIRED)))
        transaction.on_commit(lambda: _notify_all(notices), robust=True)
    return len(due)


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def _notify_all(notices: list[tuple[int, dict[str, Any]]]) -> None:
    """Push each notice to its player's sockets (group ``user.<id>``). A push is a hint (the
    ticket is the truth): failures are logged, never raised."""
    for user_id, message in notices:
        group_send(user_group(user_id), message)
