"""The event store (``MatchEvent``) and its projections (``Match``, ``Seat``).

``MatchEvent`` rows are the truth: append-only (a PostgreSQL trigger refuses UPDATE and DELETE),
``UNIQUE(match, seq)`` guards concurrent appends, ``UNIQUE(match, client_move_id)`` makes a
retried move a no-op. ``Match`` columns are a projection updated in the same transaction.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q


class Match(models.Model):
    class Mode(models.TextChoices):
        COMPUTER = "computer"
        FRIEND = "friend"
        RANKED = "ranked"

    class Status(models.TextChoices):
        WAITING = "waiting", "waiting for a second player"
        ACTIVE = "active"
        FINISHED = "finished"
        EXPIRED = "expired", "the invitation ran out before a second player came"
        CANCELLED = "cancelled", "the room was closed by its creator before the match"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    variant = models.CharField(max_length=20, default="klub")
    target = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="game points to win; empty: the variant's default",
    )
    mode = models.CharField(max_length=10, choices=Mode.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_matches"
    )
    stake = models.PositiveIntegerField(null=True, blank=True, help_text="ranked matches: coins")
    rematch_of = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="rematch"
    )
    invite_code = models.CharField(max_length=6, null=True, blank=True)
    invite_expires_at = models.DateTimeField(null=True, blank=True)
    # A friend room's first deal (docs/api.md section 7.0): the server's secret, committed to
    # before anyone sent a seed (when the host sent one, else when the room is first shown to a
    # joiner), and the seeds its people sent (seat as a string -> value) until the match starts.
    # Never shown: the first deal's record reveals the secret as its ``salt``.
    first_secret = models.CharField(max_length=64, blank=True, default="")
    first_seeds = models.JSONField(default=dict, blank=True)
    # projection of the event stream
    version = models.PositiveIntegerField(default=0, help_text="seq of the last event")
    scores = models.JSONField(default=list, blank=True)
    turn_seat = models.SmallIntegerField(null=True, blank=True)
    winner_seat = models.SmallIntegerField(null=True, blank=True)
    end_reason = models.CharField(max_length=20, blank=True)
    next_deadline_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="the earliest pending deadline (reconnect, pause, shown hand)",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "matches"
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["invite_code"],
                condition=Q(status="waiting"),
                name="invite_code_unique_among_open_rooms",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "updated_at"]),
            models.Index(
                fields=["next_deadline_at"],
                condition=Q(next_deadline_at__isnull=False),
                name="match_deadline_pending",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.mode} match {self.id} ({self.status})"


class RematchOffer(models.Model):
    """A player offers a rematch of a finished match; the others accept within the time limit
    (at two seats, the other player; at four, every person who stayed to the end)."""

    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="rematch_offer")
    offered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    offered_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    accepted_by = models.JSONField(
        default=list, blank=True, help_text="the players who want it so far, the offerer first"
    )

    def __str__(self) -> str:
        return f"rematch of {self.match_id} offered by {self.offered_by_id}"


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="seats")
    index = models.SmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    bot_level = models.CharField(max_length=20, blank=True, help_text="set when the computer plays")
    last_seen_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="the player's last sign of life (socket, heartbeat, request)",
    )
    # projections of the events (``projection.SEAT_COLUMNS``), for the players' stats
    quit_reason = models.CharField(
        max_length=20,
        blank=True,
        help_text="why the player quit when the computer took the seat over for good "
        "(resigned, left, technical_loss; four-seat games play on)",
    )
    result = models.CharField(
        max_length=8, blank=True, help_text="won, lost or void, once the match is over"
    )
    tally = models.JSONField(
        default=dict,
        blank=True,
        help_text="the variant's counts for this seat at the match's end (partnership: hands "
        "won as caller, solos, chips)",
    )

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="seat_index_unique"),
            models.UniqueConstraint(
                fields=["match", "user"], condition=Q(user__isnull=False), name="seat_user_unique"
            ),
        ]
        # Only the seats of running online matches carry a time (``deadlines.py``): the
        # silence sweep reads this small index.
        indexes = [
            models.Index(
                fields=["last_seen_at"],
                condition=Q(last_seen_at__isnull=False),
                name="seat_watched_presence",
            ),
        ]

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    def __str__(self) -> str:
        return f"seat {self.index} of {self.match_id}"


class MatchEvent(models.Model):
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    schema_version = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    batch = models.PositiveIntegerField(help_text="seq of the first event of the same command")
    command = models.JSONField(
        null=True, blank=True, help_text="on a batch's first event: the command that caused it"
    )
    client_move_id = models.CharField(max_length=64, null=True, blank=True)
    recorded_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="event_seq_unique"),
            models.UniqueConstraint(
                fields=["match", "client_move_id"], name="event_move_id_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.type}"
