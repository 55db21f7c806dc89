"""What the match API accepts: the request serializers the views validate with."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rest_framework import serializers

from apps.common.inputs import BodySerializer, QuerySerializer, ServiceChoiceField
from apps.matches.engine.registry import variant_names
from apps.matches.strengths import DEFAULT_LEVEL, LEVELS


class VariantField(ServiceChoiceField):
    """A registered variant's name. The choices (the schema's enum) are read from the registry
    each time a serializer is made (DRF copies its fields per instance), not frozen at import:
    a variant registered later (a test's toy variant) is listed. ``names`` narrows them (the
    ranked games, say). The service checks the name (``400 unknown_variant``)."""

    def __init__(self, names: Callable[[], Iterable[str]] | None = None, **kwargs: Any) -> None:
        super().__init__(choices=list((names or variant_names)()), **kwargs)


TARGET_HELP = "game points to win the match: one of the variant's targets (default: its first)"


class ComputerMatchInput(BodySerializer):
    variant = VariantField(default="klub")
    target = serializers.IntegerField(required=False, allow_null=True, help_text=TARGET_HELP)
    strength = ServiceChoiceField(choices=sorted(LEVELS), default=DEFAULT_LEVEL)
    # checked by the service (``commitments.first_seed``: 400 invalid_seed, 409 seed_not_due)
    seed = serializers.JSONField(
        required=False,
        help_text="your seed for the first deal: {commitment, value}, the commitment from "
        "POST /api/v1/matches/commitments/",
    )


class RoomInput(BodySerializer):
    variant = VariantField(default="klub")
    target = serializers.IntegerField(required=False, allow_null=True, help_text=TARGET_HELP)
    # checked by the service (``commitments.first_seed``: 400 invalid_seed, 409 seed_not_due)
    seed = serializers.JSONField(required=False)


class SeatInput(BodySerializer):
    strength = ServiceChoiceField(choices=sorted(LEVELS), default=DEFAULT_LEVEL)


class JoinInput(BodySerializer):
    code = serializers.CharField(min_length=6, max_length=12, help_text="case-insensitive")
    # checked by the service (``commitments.room_seed``: 400 invalid_seed, 409 seed_not_due)
    seed = serializers.JSONField(required=False)


class SeedInput(BodySerializer):
    """The body of ``POST …/seeds/``: a seat's seed for the next deal, sent alone (documented
    as ``schema.SeedSubmit``, whose pattern the service checks: ``400 invalid_seed``)."""

    deal = serializers.IntegerField(min_value=1, help_text="`view.next_deal.number`")
    # its form is checked by the service (``services.seed_input``: 400 invalid_seed)
    value = serializers.CharField(
        trim_whitespace=False, help_text="16 to 128 lowercase hex digits, chosen at random"
    )


CLIENT_MOVE_ID_MAX = 64  # characters


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
    client_move_id = serializers.CharField(min_length=1, max_length=CLIENT_MOVE_ID_MAX)
    # checked by the service (``services.seed_input``: 400 invalid_seed)
    seed = serializers.JSONField(required=False)


ACTION_FIELDS = frozenset(ActionInput._declared_fields) - {"seed"}


def action_input(data: object) -> dict[str, Any]:
    """``POST …/actions/``'s body, validated as ``ActionInput`` validates it. A body that it
    would take unchanged, as every well-made move is, is taken without building the serializer
    (a tenth of a move's CPU: DRF copies its fields for every instance); anything else goes
    through it, so that a refusal is the same 400 naming the same fields."""
    if type(data) is dict and data.keys() - {"seed"} == ACTION_FIELDS:
        action, version, move_id = data["action"], data["expected_version"], data["client_move_id"]
        if (
            type(action) is dict
            and type(version) is int
            and version >= 0
            and type(move_id) is str
            and 0 < len(move_id) <= CLIENT_MOVE_ID_MAX
            and move_id.isprintable()  # no NUL or surrogate, which the CharField refuses
            and move_id.strip() == move_id  # nothing the CharField would trim
        ):
            taken = {"action": dict(action), "expected_version": version, "client_move_id": move_id}
            return taken | ({"seed": data["seed"]} if "seed" in data else {})
    serializer = ActionInput(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class EventsQuery(QuerySerializer):
    after_seq = serializers.IntegerField(min_value=0, default=0)
    limit = serializers.IntegerField(min_value=1, max_value=1000, default=500)


class MatchListQuery(QuerySerializer):
    variant = VariantField(required=False, help_text="only this game's matches")

    def validate_variant(self, value: str) -> str:
        if value not in variant_names():
            raise serializers.ValidationError("no such game")
        return value
