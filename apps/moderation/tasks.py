"""The moderation workflow in Celery (eager in embedded mode and tests): e-mails after commit,
the end of each suspension at its ``ends_at``, and the periodic sweeps (Celery beat, see
``CELERY_BEAT_SCHEDULE``). Every step is idempotent: running it twice changes nothing more."""

from __future__ import annotations

from celery import shared_task

from . import notifications, services
from .models import Report, Sanction


@shared_task(ignore_result=True)
def report_notify_moderators(report_id: int) -> int:
    report = Report.objects.select_related("reporter", "reported").filter(pk=report_id).first()
    return notifications.new_report(report) if report is not None else 0


@shared_task(ignore_result=True)
def reports_escalated_notify(report_ids: list[int]) -> int:
    reports = list(
        Report.objects.select_related("reporter", "reported")
        .filter(pk__in=report_ids)
        .order_by("created_at", "pk")
    )
    return notifications.reports_escalated(reports) if reports else 0


@shared_task(ignore_result=True)
def sanction_notify(sanction_id: int) -> int:
    sanction = Sanction.objects.select_related("user").filter(pk=sanction_id).first()
    return notifications.sanction_issued(sanction) if sanction is not None else 0


@shared_task(ignore_result=True)
def suspension_ended_notify(sanction_id: int) -> int:
    sanction = Sanction.objects.select_related("user").filter(pk=sanction_id).first()
    return notifications.suspension_ended(sanction) if sanction is not None else 0


@shared_task(ignore_result=True)
def suspension_end(sanction_id: int) -> bool:
    """Scheduled at the suspension's ``ends_at``. Before that (an early or eager run) or after
    the end was applied (by the sweep), or once lifted, it does nothing."""
    return services.suspension_end(sanction_id=sanction_id)


@shared_task(ignore_result=True)
def suspensions_end_sweep() -> int:
    """Periodic: end the suspensions whose scheduled task was lost or late."""
    return services.suspensions_end_due()


@shared_task(ignore_result=True)
def reports_escalate_sweep() -> int:
    """Periodic: escalate (once) the reports left open past ``REPORT_ESCALATION_HOURS``."""
    return len(services.reports_escalate_due())
