"""Moderation services: reports, their resolution, sanctions and their end. Each owns its
transaction and records what it did in ``ModerationAction`` (who, when, why).

``require_online_allowed`` guards every online endpoint. A suspension or a ban takes effect at
once (``_online_play_end``). The ladder of sanctions and the workflow (e-mails, automatic end
of suspensions, escalation) are in docs/moderation.md.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from rest_framework import status

from apps.accounts.models import User
from apps.chat.models import Block, ChatMessage
from apps.chat.services import calls_end_for_block
from apps.common.errors import Conflict, Forbidden, NotFound, Problem
from apps.matches import withdrawal
from apps.matches.engine import echo
from apps.matches.models import Match

from .guards import restriction_refusal
from .models import ModerationAction, Report, Sanction
from .selectors import online_restriction
from .signals import online_play_barred


class TooManyRequests(Problem):
    status = status.HTTP_429_TOO_MANY_REQUESTS
    code = "too_many_requests"
    title = "Too Many Requests"


# What a moderator may decide about a report.
DISMISS = "dismiss"
RESOLUTIONS = (DISMISS, Sanction.Kind.WARNING, Sanction.Kind.SUSPENSION, Sanction.Kind.BAN)
_ISSUED: dict[str, ModerationAction.Kind] = {
    Sanction.Kind.WARNING: ModerationAction.Kind.WARNING_ISSUED,
    Sanction.Kind.SUSPENSION: ModerationAction.Kind.SUSPENSION_ISSUED,
    Sanction.Kind.BAN: ModerationAction.Kind.BAN_ISSUED,
}
OPEN_STATUSES = (Report.Status.OPEN, Report.Status.ESCALATED)


def _after_commit(task_name: str, *args: Any, eta: datetime | None = None) -> None:
    """Run a task of ``tasks.py`` once the transaction commits (eager in tests and embedded)."""
    from . import tasks  # noqa: PLC0415 (tasks imports this module)

    task = getattr(tasks, task_name)
    if eta is None:
        transaction.on_commit(lambda: task.delay(*args))
    else:
        transaction.on_commit(lambda: task.apply_async(args=args, eta=eta))


def _require(moderator: User, *permissions: str) -> None:
    """Only active staff with these permissions (moderators, administrators) may act."""
    if not (moderator.is_active and moderator.is_staff and moderator.has_perms(permissions)):
        raise Forbidden("only moderators may do this", code="not_a_moderator")


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise Problem("say why: the reason is required", code="reason_required")
    return reason


# --- reports --------------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _user_snapshot(user: User) -> dict[str, Any]:
    return {"id": user.pk, "username": user.username, "display_name": user.public_name}


def _match_snapshot(match: Match) -> dict[str, Any]:
    return {
        "id": str(match.id),
        "mode": match.mode,
        "variant": match.variant,
        "status": match.status,
        "created_at": _iso(match.created_at),
        "finished_at": _iso(match.finished_at),
        "players": [
            {
                "seat": seat.index,
                "user_id": seat.user_id,
                "name": seat.user.public_name if seat.user is not None else "Kati",
            }
            for seat in match.seats.all()
        ],
    }


def _messages_snapshot(match: Match, message: ChatMessage | None) -> tuple[list[dict], bool]:
    """The match's chat as it stands (around the reported message), at most
    ``REPORT_EVIDENCE_MAX_MESSAGES`` messages; and whether some were left out."""
    cap = settings.REPORT_EVIDENCE_MAX_MESSAGES
    chat = ChatMessage.objects.filter(match=match)
    if message is None:
        rows = list(chat.order_by("-id")[:cap])[::-1]
    else:
        before = list(chat.filter(id__lte=message.id).order_by("-id")[: cap // 2])[::-1]
        after = list(chat.filter(id__gt=message.id).order_by("id")[: cap - len(before)])
        rows = before + after
    snapshot = [
        {"id": m.pk, "sender_id": m.sender_id, "text": m.text, "created_at": _iso(m.created_at)}
        for m in rows
    ]
    return snapshot, chat.count() > len(rows)


def _shared_matches(a: User, b: User) -> QuerySet[Match]:
    return Match.objects.filter(seats__user=a).filter(seats__user=b).order_by("-created_at")


def _report_target(
    *, reporter: User, reported: User, match_id: UUID | None, message_id: int | None
) -> tuple[Match | None, ChatMessage | None]:
    """The match and message reported, checked: the reporter sat in the match (else it does not
    exist for them), the reported player too, and the message is theirs, in that match."""
    message = None
    if message_id is not None:
        message = ChatMessage.objects.filter(pk=message_id).first()
        seated = message is not None and message.match.seats.filter(user=reporter).exists()
        if not seated:
            raise NotFound("no such message", code="message_not_found")
        assert message is not None
        if match_id is not None and message.match_id != match_id:
            raise Problem("this message is not from that match", code="message_not_in_match")
        if message.sender_id != reported.pk:
            raise Problem(
                "this message was not sent by the reported player", code="message_not_from_reported"
            )
        match_id = message.match_id
    if match_id is None:
        if not _shared_matches(reporter, reported).exists():
            raise Forbidden(
                "you can only report players you have played with", code="no_shared_match"
            )
        return None, None
    match = Match.objects.filter(pk=match_id).prefetch_related("seats__user").first()
    players = {seat.user_id for seat in match.seats.all()} if match is not None else set()
    if reporter.pk not in players:
        raise NotFound("no such match", code="match_not_found")
    assert match is not None
    if reported.pk not in players:
        raise Problem("the reported player did not play in this match", code="not_in_match")
    return match, message


def _evidence(
    *,
    reporter: User,
    reported: User,
    match: Match | None,
    message: ChatMessage | None,
    now: datetime,
) -> dict[str, Any]:
    """A copy of what the report is about, so later changes cannot hide it."""
    evidence: dict[str, Any] = {
        "taken_at": _iso(now),
        "reporter": _user_snapshot(reporter),
        "reported": _user_snapshot(reported),
        "match": None,
        "reported_message_id": message.pk if message is not None else None,
        "messages": [],
        "messages_truncated": False,
    }
    if match is not None:
        evidence["match"] = _match_snapshot(match)
        evidence["messages"], evidence["messages_truncated"] = _messages_snapshot(match, message)
    else:
        shared = _shared_matches(reporter, reported).prefetch_related("seats__user")[:10]
        evidence["shared_matches"] = [_match_snapshot(m) for m in shared]
    return evidence


def report_create(
    *,
    reporter: User,
    reported_user_id: int,
    category: str,
    reason: str,
    match_id: UUID | None = None,
    message_id: int | None = None,
    block: bool = False,
) -> Report:
    """File a report about a player the reporter played with, with a snapshot of the evidence;
    ``block`` also blocks that player (in the same transaction). Moderators hear of it by e-mail.
    """
    if category not in Report.Category.values:
        raise Problem(
            f"unknown category {echo(category)}",
            code="unknown_category",
            params={"given": echo(category)},
        )
    reason = _reason(reason)
    if reported_user_id == reporter.pk:
        raise Problem("you cannot report yourself", code="cannot_report_self")
    reported = User.objects.filter(pk=reported_user_id).first()
    if reported is None:
        raise NotFound("no such player", code="user_not_found")

    with transaction.atomic():
        # One report at a time per reporter: the limit and the duplicate check hold under races.
        User.objects.select_for_update().filter(pk=reporter.pk).first()
        now = timezone.now()
        match, message = _report_target(
            reporter=reporter, reported=reported, match_id=match_id, message_id=message_id
        )
        window, limit = now - timedelta(hours=1), max(settings.REPORTS_PER_HOUR, 0)
        recent = list(
            Report.objects.filter(reporter=reporter, created_at__gt=window)
            .order_by("created_at")
            .values_list("created_at", flat=True)[:limit]
        )
        if len(recent) >= limit:  # a slot frees up when the oldest leaves the window
            retry_after = math.ceil(((recent[0] if recent else now) - window).total_seconds())
            raise TooManyRequests(
                "too many reports in the last hour; try again later",
                code="too_many_reports",
                params={"wait": max(retry_after, 1)},
                retry_after=max(retry_after, 1),
            )
        duplicate = Report.objects.filter(
            reporter=reporter,
            reported=reported,
            match=match,
            message=message,
            status__in=OPEN_STATUSES,
        ).first()
        if duplicate is not None:
            raise Conflict(
                "you already reported this; it is being reviewed",
                code="already_reported",
                report_id=duplicate.pk,
            )
        report = Report.objects.create(
            reporter=reporter,
            reported=reported,
            match=match,
            message=message,
            category=category,
            reason=reason,
            evidence=_evidence(
                reporter=reporter, reported=reported, match=match, message=message, now=now
            ),
        )
        if block:
            _, created = Block.objects.get_or_create(blocker=reporter, blocked=reported)
            if created:  # like any new block, it ends a call running between the two
                blocker_id, blocked_id = reporter.id, reported.id
                transaction.on_commit(
                    lambda: calls_end_for_block(blocker_id=blocker_id, blocked_id=blocked_id)
                )
        _after_commit("report_notify_moderators", report.pk)
    return report


# --- sanctions ------------------------------------------------------------------------------


def _sanctioned_lock(user_id: int) -> None:
    """One sanction of a player at a time. ``FOR NO KEY UPDATE``, not ``FOR UPDATE``: rows that
    refer to the player (a seat in the match a pairing is starting) may still be written while
    the sanction waits for that pairing's lock on the player's ticket; the full lock made the
    two wait for each other (a deadlock, tests/moderation/test_concurrency.py)."""
    User.objects.select_for_update(no_key=True).filter(pk=user_id).first()


def _sanction_issue(
    *,
    moderator: User,
    user: User,
    kind: str,
    reason: str,
    until: datetime | None,
    report: Report | None,
    now: datetime,
) -> Sanction:
    """Inside the caller's transaction: the sanction, its log entry, and after commit the
    e-mail to the player and (suspensions) the task that ends it."""
    if kind not in _ISSUED:
        raise Problem(
            f"unknown sanction {echo(kind)}", code="unknown_action", params={"given": echo(kind)}
        )
    if user.pk == moderator.pk:
        raise Forbidden("you cannot sanction yourself", code="own_case")
    if kind == Sanction.Kind.SUSPENSION:
        if until is None:
            raise Problem("a suspension needs its end (until)", code="until_required")
        if until <= now:
            raise Problem("a suspension must end in the future", code="until_in_past")
    elif until is not None:
        raise Problem("only a suspension has an end (until)", code="until_not_allowed")
    sanction = Sanction.objects.create(
        user=user,
        kind=kind,
        reason=reason,
        report=report,
        created_by=moderator,
        ends_at=until,
    )
    ModerationAction.objects.create(
        kind=_ISSUED[kind],
        actor=moderator,
        user=user,
        report=report,
        sanction=sanction,
        reason=reason,
    )
    _after_commit("sanction_notify", sanction.pk)
    if kind == Sanction.Kind.SUSPENSION:
        _after_commit("suspension_end", sanction.pk, eta=until)
    if kind in (Sanction.Kind.SUSPENSION, Sanction.Kind.BAN):
        _online_play_end(user.pk, now)
    return sanction


def _online_play_end(user_id: int, now: datetime) -> None:
    """A suspension or a ban takes effect at once, in the transaction that issues it: the
    player's matchmaking ticket is cancelled (ranking, by the signal; first, so that a pairing
    under way commits its match before the next step looks), its waiting rooms are closed or
    left, its running online matches end as its technical loss, its rematch offers run out,
    and after the commit its sockets on online matches close (docs/moderation.md)."""
    online_play_barred.send(Sanction, user_id=user_id, now=now)
    withdrawal.online_tables_leave(user_id=user_id, now=now)
    restriction = online_restriction(user_id, now)
    assert restriction is not None  # the sanction just issued restricts
    refusal = restriction_refusal(restriction)
    transaction.on_commit(lambda: withdrawal.sockets_close(user_id, refusal))


def sanction_issue(
    *,
    moderator: User,
    user: User,
    kind: str,
    reason: str,
    until: datetime | None = None,
    now: datetime | None = None,
) -> Sanction:
    """A sanction without a report (e.g. seen by a moderator in a match)."""
    _require(moderator, "moderation.add_sanction")
    reason = _reason(reason)
    with transaction.atomic():
        _sanctioned_lock(user.pk)
        return _sanction_issue(
            moderator=moderator,
            user=user,
            kind=kind,
            reason=reason,
            until=until,
            report=None,
            now=now or timezone.now(),
        )


def report_resolve(
    *,
    moderator: User,
    report: Report,
    action: str,
    reason: str,
    until: datetime | None = None,
    now: datetime | None = None,
) -> Report:
    """Decide an open (or escalated) report: ``dismiss`` it, or resolve it with a ``warning``,
    a ``suspension`` until ``until``, or a ``ban``. The report's status, the sanction and the
    log entry are written together; a report already decided is refused (409)."""
    if action not in RESOLUTIONS:
        raise Problem(
            f"unknown action {echo(action)}", code="unknown_action", params={"given": echo(action)}
        )
    permissions = ["moderation.change_report"]
    if action != DISMISS:
        permissions.append("moderation.add_sanction")
    _require(moderator, *permissions)
    reason = _reason(reason)
    with transaction.atomic():
        locked = Report.objects.select_for_update().filter(pk=report.pk).first()
        if locked is None:
            raise NotFound("no such report", code="report_not_found")
        if locked.status not in OPEN_STATUSES:
            raise Conflict(
                f"this report was already {locked.get_status_display()}",
                code="report_already_resolved",
            )
        if locked.reported_id == moderator.pk:
            raise Forbidden("another moderator must decide reports about you", code="own_case")
        now = now or timezone.now()
        if action == DISMISS:
            locked.status = Report.Status.DISMISSED
            ModerationAction.objects.create(
                kind=ModerationAction.Kind.REPORT_DISMISSED,
                actor=moderator,
                user_id=locked.reported_id,
                report=locked,
                reason=reason,
            )
        else:
            _sanctioned_lock(locked.reported_id)
            _sanction_issue(
                moderator=moderator,
                user=locked.reported,
                kind=action,
                reason=reason,
                until=until,
                report=locked,
                now=now,
            )
            locked.status = Report.Status.RESOLVED
        locked.resolved_at = now
        locked.resolved_by = moderator
        locked.save(update_fields=["status", "resolved_at", "resolved_by"])
    return locked


def sanction_lift(
    *, moderator: User, sanction: Sanction, reason: str, now: datetime | None = None
) -> Sanction:
    """Take a sanction back (a mistake, an appeal): it no longer restricts the player and no
    longer counts on the ladder. Refused (409) if it was lifted already or has run out."""
    _require(moderator, "moderation.change_sanction")
    reason = _reason(reason)
    with transaction.atomic():
        locked = Sanction.objects.select_for_update().filter(pk=sanction.pk).first()
        if locked is None:
            raise NotFound("no such sanction", code="sanction_not_found")
        if locked.user_id == moderator.pk:
            raise Forbidden("another moderator must decide about your sanctions", code="own_case")
        now = now or timezone.now()
        if locked.lifted_at is not None:
            raise Conflict("this sanction was lifted already", code="sanction_already_lifted")
        ran_out = locked.ended_at is not None or (
            locked.ends_at is not None and locked.ends_at <= now
        )
        if locked.kind == Sanction.Kind.SUSPENSION and ran_out:
            raise Conflict("this suspension has ended already", code="sanction_already_ended")
        locked.lifted_at = now
        locked.lifted_by = moderator
        locked.lift_reason = reason
        locked.save(update_fields=["lifted_at", "lifted_by", "lift_reason"])
        ModerationAction.objects.create(
            kind=ModerationAction.Kind.SANCTION_LIFTED,
            actor=moderator,
            user_id=locked.user_id,
            report_id=locked.report_id,
            sanction=locked,
            reason=reason,
        )
    return locked


def warning_acknowledge(*, user: User, sanction_id: int, now: datetime | None = None) -> Sanction:
    """The player confirms having read a warning. Idempotent: the first time counts."""
    with transaction.atomic():
        sanction = (
            Sanction.objects.select_for_update()
            .filter(pk=sanction_id, user=user, lifted_at__isnull=True)
            .first()
        )
        if sanction is None:
            raise NotFound("no such notice", code="notice_not_found")
        if sanction.kind != Sanction.Kind.WARNING:
            raise Problem("only warnings are acknowledged", code="not_a_warning")
        if sanction.acknowledged_at is None:
            sanction.acknowledged_at = now or timezone.now()
            sanction.save(update_fields=["acknowledged_at"])
            ModerationAction.objects.create(
                kind=ModerationAction.Kind.WARNING_ACKNOWLEDGED,
                actor=user,
                user=user,
                report_id=sanction.report_id,
                sanction=sanction,
            )
    return sanction


# --- the workflow's own steps (Celery) ------------------------------------------------------


def suspension_end(*, sanction_id: int, now: datetime | None = None) -> bool:
    """Apply the end of a suspension that has run out: ``ended_at``, a log entry and an e-mail
    to the player. Exactly once: a second run (the sweep, a retried task) does nothing."""
    with transaction.atomic():
        sanction = Sanction.objects.select_for_update().filter(pk=sanction_id).first()
        now = now or timezone.now()
        if (
            sanction is None
            or sanction.kind != Sanction.Kind.SUSPENSION
            or sanction.ended_at is not None
            or sanction.lifted_at is not None
            or sanction.ends_at is None
            or sanction.ends_at > now
        ):
            return False
        sanction.ended_at = now
        sanction.save(update_fields=["ended_at"])
        ModerationAction.objects.create(
            kind=ModerationAction.Kind.SUSPENSION_ENDED,
            user_id=sanction.user_id,
            report_id=sanction.report_id,
            sanction=sanction,
            reason="the suspension ran out",
        )
        _after_commit("suspension_ended_notify", sanction.pk)
    return True


def suspensions_end_due(*, now: datetime | None = None) -> int:
    """End every suspension that has run out and was not ended yet; how many were ended."""
    now = now or timezone.now()
    due: Iterable[int] = Sanction.objects.filter(
        kind=Sanction.Kind.SUSPENSION,
        ended_at__isnull=True,
        lifted_at__isnull=True,
        ends_at__lte=now,
    ).values_list("pk", flat=True)
    return sum(suspension_end(sanction_id=pk, now=now) for pk in list(due))


def reports_escalate_due(*, now: datetime | None = None) -> list[int]:
    """Escalate, once, every report still open ``REPORT_ESCALATION_HOURS`` after it was made;
    the administrators hear of them by e-mail. Returns the ids escalated by this run."""
    now = now or timezone.now()
    hours = settings.REPORT_ESCALATION_HOURS
    with transaction.atomic():
        reports = list(
            Report.objects.select_for_update(skip_locked=True)
            .filter(
                status=Report.Status.OPEN,
                escalated_at__isnull=True,
                created_at__lte=now - timedelta(hours=hours),
            )
            .order_by("created_at", "pk")
        )
        for report in reports:
            report.status = Report.Status.ESCALATED
            report.escalated_at = now
            report.save(update_fields=["status", "escalated_at"])
            ModerationAction.objects.create(
                kind=ModerationAction.Kind.REPORT_ESCALATED,
                user_id=report.reported_id,
                report=report,
                reason=f"not reviewed within {hours} hours",
            )
        ids = [r.pk for r in reports]
        if ids:
            _after_commit("reports_escalated_notify", ids)
    return ids
