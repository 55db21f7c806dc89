"""The e-mails of the moderation workflow (sent by ``tasks.py``, after the commit that caused
them). Each recipient gets a message of their own: no addresses are shared."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.mail import EmailMessage
from django.urls import reverse

from apps.accounts.models import User

from .models import Report, Sanction
from .roles import administrators, moderators

SUBJECT_PREFIX = "[Snapszer Klub] "


def _send(recipients: Iterable[User], subject: str, body: str) -> int:
    sent = 0
    for address in sorted({u.email for u in recipients if u.email}):
        sent += EmailMessage(subject=SUBJECT_PREFIX + subject, body=body, to=[address]).send()
    return sent


def _admin_url(report: Report) -> str:
    return settings.PUBLIC_BASE_URL + reverse("admin:moderation_report_change", args=[report.pk])


def _report_lines(report: Report) -> list[str]:
    return [
        f"Report #{report.pk} ({report.get_category_display()}), "
        f"made {report.created_at:%Y-%m-%d %H:%M} UTC",
        f"Reported player: {report.reported.public_name} (#{report.reported_id})",
        f"Reporter: {report.reporter.public_name} (#{report.reporter_id})",
        f"Reason: {report.reason}",
        f"Review it: {_admin_url(report)}",
    ]


def new_report(report: Report) -> int:
    """To every moderator: a report is waiting for review."""
    hours = settings.REPORT_ESCALATION_HOURS
    body = "\n".join(
        [
            "A new report is waiting for review.",
            "",
            *_report_lines(report),
            "",
            f"Reports not decided within {hours} hours are escalated to the administrators.",
        ]
    )
    return _send(moderators(), f"New report #{report.pk}: {report.get_category_display()}", body)


def reports_escalated(reports: list[Report]) -> int:
    """To every administrator: these reports waited too long."""
    hours = settings.REPORT_ESCALATION_HOURS
    blocks = ["\n".join(_report_lines(r)) for r in reports]
    body = "\n\n".join([f"No moderator decided these reports within {hours} hours:", *blocks])
    subject = f"{len(reports)} report(s) escalated: not reviewed within {hours} hours"
    return _send(administrators(), subject, body)


def sanction_issued(sanction: Sanction) -> int:
    """To the sanctioned player (the same notice is in the app: GET /api/v1/me/notices/)."""
    if sanction.kind == Sanction.Kind.WARNING:
        subject = "A warning from the moderators"
        what = (
            "The moderators have given you a written warning. Please read it and "
            "acknowledge it in the app."
        )
    elif sanction.kind == Sanction.Kind.SUSPENSION:
        assert sanction.ends_at is not None
        subject = "You are suspended from online play and chat"
        what = (
            "You are suspended from online play and chat until "
            f"{sanction.ends_at:%Y-%m-%d %H:%M} UTC. You can still play the computer."
        )
    else:
        subject = "You are banned from online play"
        what = "You are banned from online play and chat. You can still play the computer."
    body = f"{what}\n\nReason: {sanction.reason}\n"
    return _send([sanction.user], subject, body)


def suspension_ended(sanction: Sanction) -> int:
    """To the player: the suspension is over."""
    body = "Your suspension has ended: you can play online and chat again.\n"
    return _send([sanction.user], "Your suspension has ended", body)
