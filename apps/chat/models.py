"""Chat messages of online matches, and blocks between players."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

MAX_MESSAGE_LENGTH = 500


class ChatMessage(models.Model):
    """A message in an online match's chat. Messages are never edited; a report keeps its own
    copy of the evidence anyway (``moderation.Report.evidence``)."""

    match = models.ForeignKey("matches.Match", on_delete=models.PROTECT, related_name="messages")
    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages"
    )
    text = models.CharField(max_length=MAX_MESSAGE_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["match", "id"])]

    def __str__(self) -> str:
        return f"{self.sender_id} in {self.match_id}: {self.text[:40]}"


class Block(models.Model):
    """``blocker`` no longer receives anything from ``blocked``; the two are never paired and
    cannot join each other's rooms. Only the blocker sees the block."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_received"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_unique"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="block_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"
