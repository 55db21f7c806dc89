"""Reports, sanctions and the record of every moderation action."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q


class Report(models.Model):
    class Category(models.TextChoices):
        ABUSE = "abuse", "obscene or insulting language"
        THREAT = "threat", "threats"
        HARASSMENT = "harassment", "harassment"
        CHEATING = "cheating", "cheating or unfair play"
        OTHER = "other", "other"

    class Status(models.TextChoices):
        OPEN = "open"
        ESCALATED = "escalated", "open, past the review deadline"
        RESOLVED = "resolved", "resolved with a sanction"
        DISMISSED = "dismissed"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="reports_made"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="reports_received"
    )
    match = models.ForeignKey(
        "matches.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="reports"
    )
    message = models.ForeignKey(
        "chat.ChatMessage", on_delete=models.PROTECT, null=True, blank=True, related_name="reports"
    )
    category = models.CharField(max_length=20, choices=Category.choices)
    reason = models.TextField(max_length=2000)
    evidence = models.JSONField(
        default=dict, help_text="a copy of the messages involved, taken when the report was made"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    escalated_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_resolved",
    )

    class Meta:
        ordering = ["created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"report #{self.pk} on {self.reported_id} ({self.category}, {self.status})"


class Sanction(models.Model):
    class Kind(models.TextChoices):
        WARNING = "warning", "written warning"
        SUSPENSION = "suspension", "suspension from online play and chat"
        BAN = "ban", "ban from online play"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="sanctions"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    reason = models.TextField(max_length=2000)
    report = models.ForeignKey(
        Report, on_delete=models.PROTECT, null=True, blank=True, related_name="sanctions"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="sanctions_given"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    ends_at = models.DateTimeField(null=True, blank=True, help_text="suspensions only")
    ended_at = models.DateTimeField(
        null=True, blank=True, help_text="when the end of the suspension was applied"
    )
    acknowledged_at = models.DateTimeField(null=True, blank=True, help_text="warnings only")
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sanctions_lifted",
    )
    lift_reason = models.TextField(max_length=2000, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="suspension") | Q(ends_at__isnull=False),
                name="suspension_has_an_end",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} of {self.user_id}"

    def restricts_at(self, now: datetime) -> bool:
        """Whether this sanction keeps its user from online play at ``now``."""
        if self.lifted_at is not None:
            return False
        if self.kind == self.Kind.BAN:
            return True
        return self.kind == self.Kind.SUSPENSION and self.ends_at is not None and now < self.ends_at


class ModerationAction(models.Model):
    """The log: who did what, when and why (``actor`` is empty for the system's own steps)."""

    class Kind(models.TextChoices):
        REPORT_DISMISSED = "report_dismissed"
        REPORT_ESCALATED = "report_escalated"
        WARNING_ISSUED = "warning_issued"
        WARNING_ACKNOWLEDGED = "warning_acknowledged"
        SUSPENSION_ISSUED = "suspension_issued"
        SUSPENSION_ENDED = "suspension_ended"
        BAN_ISSUED = "ban_issued"
        SANCTION_LIFTED = "sanction_lifted"

    kind = models.CharField(max_length=30, choices=Kind.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_actions",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="moderation_history"
    )
    report = models.ForeignKey(Report, on_delete=models.PROTECT, null=True, blank=True)
    sanction = models.ForeignKey(Sanction, on_delete=models.PROTECT, null=True, blank=True)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.kind} on {self.user_id}"
