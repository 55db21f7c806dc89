"""The e-mails of the moderation workflow (sent by ``tasks.py``, after the commit that caused
them). Each recipient gets a message of their own: no addresses are shared."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.mail import EmailMessage
from django.urls import reverse

from apps.accounts.models import User
from apps.common.languages import club_language
from apps.common.mails import SUBJECT_PREFIX, Letter, compose, fill

from .models import Report, Sanction
from .roles import administrators, moderators


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


# The player's own mails, in its language (apps/common/mails.py). The staff's above stay in
# English: the club's moderators and administrators work in the admin, which is English.
_PLAY_ON = {
    "hu": "Kati ellen továbbra is játszhatsz.",
    "en": "You can still play the computer.",
}
_SANCTIONED: dict[str, dict[str, Letter]] = {
    Sanction.Kind.WARNING: {
        "hu": Letter(
            "Figyelmeztetés a moderátoroktól",
            (
                "A moderátorok írásban figyelmeztettek. Kérjük, olvasd el, és nyugtázd az "
                "alkalmazásban.",
                "Az ok: {reason}",
            ),
            link_text="A klub megnyitása",
            link="/",
        ),
        "en": Letter(
            "A warning from the moderators",
            (
                "The moderators have given you a written warning. Please read it and "
                "acknowledge it in the app.",
                "Reason: {reason}",
            ),
            link_text="Open the club",
            link="/",
        ),
    },
    Sanction.Kind.SUSPENSION: {
        "hu": Letter(
            "Fel vagy függesztve az online játéktól és a csevegéstől",
            (
                "Eddig nem játszhatsz online és nem cseveghetsz: {until}. " + _PLAY_ON["hu"],
                "Az ok: {reason}",
            ),
        ),
        "en": Letter(
            "You are suspended from online play and chat",
            (
                "You are suspended from online play and chat until {until}. " + _PLAY_ON["en"],
                "Reason: {reason}",
            ),
        ),
    },
    Sanction.Kind.BAN: {
        "hu": Letter(
            "Ki vagy tiltva az online játékból",
            (
                "Ki vagy tiltva az online játékból és a csevegésből. " + _PLAY_ON["hu"],
                "Az ok: {reason}",
            ),
        ),
        "en": Letter(
            "You are banned from online play",
            (
                "You are banned from online play and chat. " + _PLAY_ON["en"],
                "Reason: {reason}",
            ),
        ),
    },
}
_SUSPENSION_ENDED = {
    "hu": Letter(
        "Véget ért a felfüggesztésed",
        ("Véget ért a felfüggesztésed: újra játszhatsz online és cseveghetsz.",),
        link_text="Irány a klub",
        link="/",
    ),
    "en": Letter(
        "Your suspension has ended",
        ("Your suspension has ended: you can play online and chat again.",),
        link_text="Back to the club",
        link="/",
    ),
}


def _tell(user: User, letters: dict[str, Letter], **context: object) -> int:
    if not user.email:
        return 0
    return compose(fill(letters, club_language(user.language), context), [user.email]).send()


def sanction_issued(sanction: Sanction) -> int:
    """To the sanctioned player (the same notice is in the app: GET /api/v1/me/notices/)."""
    return _tell(
        sanction.user, _SANCTIONED[sanction.kind], reason=sanction.reason, until=sanction.ends_at
    )


def suspension_ended(sanction: Sanction) -> int:
    """To the player: the suspension is over."""
    return _tell(sanction.user, _SUSPENSION_ENDED)
