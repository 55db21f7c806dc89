"""What the match API accepts: the request serializers the views validate with."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from apps.common.inputs import BodySerializer
from apps.matches.engine import VARIANTS
from apps.matches.strengths import DEFAULT_LEVEL, LEVELS


class VariantField(serializers.ChoiceField):
    """A registered variant's name. The choices are read from the registry each time a
    serializer is made (DRF copies its fields per instance), not frozen at import: a variant
    registered later (a test's toy variant) is accepted; an unknown one is refused as any
    invalid choice (400 ``invalid_input``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=sorted(VARIANTS), **kwargs)


TARGET_HELP = "game points to win the match: one of the variant's targets (default: its first)"


class ComputerMatchInput(BodySerializer):
    variant = VariantField(default="klub")
    target = serializers.IntegerField(required=False, allow_null=True, help_text=TARGET_HELP)
    strength = serializers.ChoiceField(choices=sorted(LEVELS), default=DEFAULT_LEVEL)


class RoomInput(BodySerializer):
    variant = VariantField(default="klub")
    target = serializers.IntegerField(required=False, allow_null=True, help_text=TARGET_HELP)


class SeatInput(BodySerializer):
    strength = serializers.ChoiceField(choices=sorted(LEVELS), default=DEFAULT_LEVEL)


class JoinInput(BodySerializer):
    code = serializers.CharField(min_length=6, max_length=12, help_text="case-insensitive")


class ActionInput(BodySerializer):
    """The body of ``POST …/actions/`` as validated (the action itself is decoded by the engine's
    codec in the service); documented as ``schema.ActionSubmit``."""

    action = serializers.DictField(
        help_text='e.g. {"type": "play_card", "card": "PA"}, {"type": "exchange_trump"}, '
        '{"type": "close_talon"}, {"type": "surrender", "confirm": true}, {"type": "resign"}, '
        '{"type": "leave"}; in online play also {"type": "pause"}, {"type": "resume"} (the OK '
        'after a pause) and {"type": "show_hand"}'
    )
    expected_version = serializers.IntegerField(min_value=0)
    client_move_id = serializers.CharField(min_length=1, max_length=64)


class EventsQuery(serializers.Serializer):
    after_seq = serializers.IntegerField(min_value=0, default=0)
    limit = serializers.IntegerField(min_value=1, max_value=1000, default=500)
