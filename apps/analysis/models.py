"""A finished deal's analysis (``apps.bots.analysis``), stored once made."""

from __future__ import annotations

from django.db import models

from apps.matches.models import Match


class DealAnalysis(models.Model):
    """The analysis of deal ``number`` of ``match``: ``pending`` while a worker makes it,
    ``done`` with ``data`` (the JSON of ``apps.bots.analysis.analyse``), ``failed`` if it
    could not be made. ``version`` is the analysis code's (``analysis.VERSION``): a stored
    analysis of another version is made again when asked for."""

    class Status(models.TextChoices):
        PENDING = "pending"
        DONE = "done"
        FAILED = "failed"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    number = models.PositiveIntegerField()
    version = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    data = models.JSONField(null=True, blank=True)
    seconds = models.FloatField(null=True, blank=True)  # the CPU time it took
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="analysis_one_per_deal")
        ]

    def __str__(self) -> str:
        return f"analysis of deal {self.number} of {self.match_id} ({self.status})"
