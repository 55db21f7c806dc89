"""Ratings and their history, matchmaking tickets, the monthly standings and medals: each per
variant (klub and sixty-six have their own ladder: ``ranked_variants()``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from .rules import elo

VARIANT_HELP = "the game (a registered variant's name)"


def variant_field() -> models.CharField:
    return models.CharField(max_length=20, default="klub", help_text=VARIANT_HELP)


class Rating(models.Model):
    """A player's Elo rating in one variant; a row exists once the player played (or queued
    for) ranked play in it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    variant = variant_field()
    rating = models.IntegerField(default=elo.INITIAL_RATING)
    matches = models.PositiveIntegerField(default=0, help_text="ranked matches rated")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "variant"], name="rating_per_variant"),
        ]
        indexes = [
            models.Index(fields=["variant", "-rating", "user"], name="rating_order_per_variant")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant}: {self.rating} ({self.matches})"


class RatingChange(models.Model):
    """One player's rating change by one ranked match (two rows per match)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey("matches.Match", on_delete=models.PROTECT, related_name="+")
    won = models.BooleanField()
    before = models.IntegerField()
    after = models.IntegerField()
    delta = models.IntegerField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "match"], name="rating_change_once_per_match")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.before}→{self.after} ({self.match_id})"


class Ticket(models.Model):
    """A player's request for a ranked match of a variant, to a target, at a stake: tickets
    are paired only with tickets asking for the same three."""

    class Status(models.TextChoices):
        WAITING = "waiting"
        MATCHED = "matched"
        CANCELLED = "cancelled"

    class Reason(models.TextChoices):
        NONE = "", "-"
        BY_PLAYER = "cancelled_by_player"
        INSUFFICIENT_COINS = "insufficient_coins"
        EXPIRED = "expired"
        RESTRICTED = "restricted"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    variant = variant_field()
    target = models.PositiveSmallIntegerField(default=7, help_text="game points to win")
    stake = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    cancel_reason = models.CharField(max_length=20, choices=Reason.choices, blank=True)
    match = models.ForeignKey(
        "matches.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=Q(status="waiting"), name="one_open_ticket_per_player"
            ),
        ]
        indexes = [
            models.Index(
                fields=["status", "variant", "target", "stake", "created_at"], name="ticket_pool"
            )
        ]

    def __str__(self) -> str:
        return f"ticket {self.pk} of {self.user_id} at {self.stake} ({self.status})"


class Standing(models.Model):
    """A player's results in one calendar month (UTC) of ranked play in one variant."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    variant = variant_field()
    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    points = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    elo_gain = models.IntegerField(default=0, help_text="sum of the month's rating deltas")
    reached_at = models.DateTimeField(help_text="when the player reached these points")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "variant", "year", "month"], name="standing_per_variant_month"
            ),
        ]
        indexes = [
            models.Index(
                fields=["variant", "year", "month", "-points", "-elo_gain", "reached_at", "user"],
                name="standing_order_per_variant",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant} {self.year}-{self.month:02d}: {self.points}"


class MonthClosing(models.Model):
    """A variant's month whose tournament was closed (its medals awarded)."""

    variant = variant_field()
    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    closed_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["variant", "year", "month"], name="month_closed_once_per_variant"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.variant} {self.year}-{self.month:02d} closed"


class Medal(models.Model):
    """Gold (1), silver (2) or bronze (3) of a variant's month's tournament."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    variant = variant_field()
    year = models.PositiveSmallIntegerField()
    month = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    points = models.PositiveIntegerField()
    awarded_at = models.DateTimeField()

    class Meta:
        ordering = ["-year", "-month", "rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["variant", "year", "month", "rank"], name="medal_rank_per_variant"
            ),
            models.UniqueConstraint(
                fields=["variant", "year", "month", "user"], name="medal_user_per_variant"
            ),
            models.CheckConstraint(condition=Q(rank__gte=1, rank__lte=3), name="medal_rank_1_3"),
        ]

    @property
    def kind(self) -> str:
        return {1: "gold", 2: "silver", 3: "bronze"}[self.rank]

    def __str__(self) -> str:
        return f"{self.kind} {self.variant} {self.year}-{self.month:02d}: {self.user_id}"
