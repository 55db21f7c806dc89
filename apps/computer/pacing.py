"""Kati's pace: when her move is applied, so that its timing says nothing her seat knows and
the others do not.

How long a decision takes depends on the hand (a search returns at once when there is one legal
card; the expert lets a doubling window go without sampling when no doubling word is legal for
it, which is the case of the called card's holder), and everyone at the table sees when her
event arrives. So the move is chosen at once but applied no earlier than ``due_at``: the time of
the previous event (public) plus a fixed think time for the variant, her level and the kind of
decision, the kind read from the public view only (``decision_kind``). The schedule
(``settings.COMPUTER_THINK_SECONDS``) is above every decision's longest compute, so the padding
hides the work (docs/bots.md, "Kati's timing")."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from apps.matches.engine import MatchState, view_for
from apps.matches.models import Match
from apps.matches.seating import seats_of
from apps.matches.strengths import STAND_IN_LEVEL

# The clock the wait reads and the sleep it takes when moves are played inline (eager tasks:
# the tests and embedded mode): the tests put a clock of their own here.
now: Callable[[], datetime] = timezone.now
sleep: Callable[[float], None] = time.sleep

ANY = "*"


def decision_kind(state: MatchState, seat: int) -> str:
    """The kind of decision ``seat`` is about to take, read from what a spectator sees (never
    from the seat's hand or its legal actions, which depend on the hand): ``bidding`` or
    ``doubling`` (partnership's phases), ``lead`` or ``follow`` on its turn, ``count`` after
    the last trick (sixty-six's word then), ``word`` when it is not its turn ("enough" said
    between tricks or right after its marriage lead)."""
    deal = view_for(state, None)["deal"]
    # read by the fields a game's spectator view may have (a game without them: a lead)
    if deal.get("phase") in ("bidding", "doubling"):
        return str(deal["phase"])
    if deal.get("turn", seat) != seat:
        return "word"
    if "hand_sizes" in deal and not any(deal["hand_sizes"]):
        return "count"
    return "follow" if deal.get("table") else "lead"


def think_seconds(variant: str, level: str, kind: str) -> float:
    """The think time of (``variant``, ``level``, ``kind``) in the schedule: the entry
    ``variant/level/kind``, each part possibly ``*``; the variant counts most, then the level,
    then the kind (``klub/expert/*`` before ``*/expert/lead``); 0 when nothing matches."""
    schedule: dict[str, float] = settings.COMPUTER_THINK_SECONDS
    for v in (variant, ANY):
        for lv in (level, ANY):
            for k in (kind, ANY):
                seconds = schedule.get(f"{v}/{lv}/{k}")
                if seconds is not None:
                    return float(seconds)
    return 0.0


def level_of(match: Match, seat: int) -> str:
    """The level Kati plays ``seat`` at: her own seat's, or the stand-in's for a person's."""
    held = seats_of(match)[seat]
    return held.bot_level if held.is_bot else STAND_IN_LEVEL


def due_at(match: Match, state: MatchState, seat: int) -> datetime:
    """When the computer's move for ``seat`` may be applied: the match's last event (its
    ``updated_at``, the time ``command_apply`` recorded) plus the think time."""
    seconds = think_seconds(match.variant, level_of(match, seat), decision_kind(state, seat))
    return match.updated_at + timedelta(seconds=seconds)


def wait_until(due: datetime) -> None:
    """Sleep until ``due`` (at once if it has passed)."""
    left = (due - now()).total_seconds()
    if left > 0:
        sleep(left)
