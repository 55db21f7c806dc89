"""The OpenAPI description of the match API's answers (documentation only: nothing here runs while
a request is answered, except ``MatchSummary``, which also shapes the rows of the match list).

The serializers below describe what ``selectors`` builds around the engine's JSON. The engine's
JSON itself — the match view with its deal view, the actions, the presence clocks, the events —
is not described here: it is declared once next to the engine code that builds it
(``engine/shapes.py``, each variant's ``Rules.shapes``), and ``declared_components``, a
postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``), turns those
declarations into components (``MatchView``, ``KlubDealView``, ``Event`` …; a named part of a
declaration becomes the component of its name). A field that holds one is a ``declared(name)``
field. ``MatchView`` is one component per registered variant, a ``oneOf`` told apart by
``variant`` (``shapes.match_view``); elsewhere, where variants differ, the component is a union
by variant (``shapes.union``).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from apps.common.schema import COMPONENTS, request_bodies
from apps.matches.api.inputs import ComputerMatchInput, JoinInput, RoomInput
from apps.matches.engine import VARIANTS, Rules, shapes

# Choice sets named in SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].
MATCH_STATUSES = ["waiting", "active", "finished", "expired", "cancelled"]
REMATCH_STATUSES = ["offered", "started"]
MATCH_MODES = ["computer", "friend", "ranked"]


# --- the engine's declared shapes as components ----------------------------------------------


def ref(name: str) -> dict[str, str]:
    """A reference to the component ``name``."""
    return {"$ref": COMPONENTS + name}


_FIELDS: dict[str, type[serializers.Field]] = {}
# Declared shapes a request sends back, under the name COMPONENT_SPLIT_REQUEST gives a request's.
REQUEST_NAMES = {"ActionRequest": "Action"}


def declared(name: str, **kwargs: Any) -> serializers.Field:
    """A field documented as the declared component ``name`` (``help_text``, ``allow_null``
    and ``required`` work as on any field)."""
    if name not in _FIELDS:
        field = type(f"{name}Field", (serializers.JSONField,), {"__doc__": f"A {name}."})
        _FIELDS[name] = extend_schema_field(ref(name))(field)
    return _FIELDS[name](**kwargs)


SEED = shapes.obj(
    {
        "seat": shapes.INTEGER,
        "value": shapes.described(shapes.STRING, "16 to 128 lowercase hex digits"),
        "by": {"type": "string", "enum": ["player", "server"]},
    },
    title="Seed",
    description="A seat's seed in a deal's shuffle: sent by its player, or filled in by the "
    "server (`by: server`) when the seat sent none in time.",
)
FAIRNESS = {
    "scheme": {
        "type": "string",
        "enum": ["sha256-salt", "hmac-fy-1"],
        "description": "sha256-salt: commitment = sha256(salt + deck); hmac-fy-1: salt is the "
        "server's secret, commitment = sha256(salt), deck = the HMAC shuffle of docs/api.md "
        "section 7 with the seeds",
    },
    "seeds": shapes.array(SEED, "the seeds that went into the shuffle, by seat (hmac-fy-1)"),
}


def deal_record(variants: list[Rules]) -> dict[str, Any]:
    """``selectors.deal_record``: a finished deal's reveal with the deal's number, commitment,
    trump suit and dealer, all from the variant's deal view."""
    records = {}
    for rules in variants:
        view = rules.shapes.deal_view["properties"]
        if "revealed" not in view:  # a game without a reveal: its deal view at the deal's end
            records[rules.name] = shapes.obj(
                {"number": shapes.INTEGER, **view},
                optional=set(view) - set(rules.shapes.deal_view["required"]),
            )
            continue
        revealed = shapes.unwrap(view["revealed"])
        records[rules.name] = shapes.obj(
            {
                **revealed["properties"],
                **{key: view[key] for key in ("number", "commitment", "trump_suit", "dealer")},
                **FAIRNESS,
            },
            description=revealed.get("description"),
        )
    return shapes.union("DealRecord", records)


def declared_schemas() -> dict[str, Any]:
    """Every declared shape, as components by name: each named part (a ``title``) is cut out
    into a component of its own and referred to."""
    variants = list(VARIANTS.values())
    found: dict[str, Any] = {}

    def component(node: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "properties":
                out[key] = {name: component(schema) for name, schema in value.items()}
            elif key in ("items", "additionalProperties", "not") and isinstance(value, dict):
                out[key] = component(value)
            elif key in ("allOf", "oneOf", "anyOf"):
                out[key] = [component(schema) for schema in value]
            elif key == "discriminator":
                mapping = {k: COMPONENTS + name for k, name in value.get("mapping", {}).items()}
                out[key] = {**value, "mapping": mapping}
            elif key == "required":
                out[key] = sorted(value)  # as drf-spectacular lists a serializer's
            else:
                out[key] = value
        name = out.pop("title", None)
        if name is None:
            return out
        if found.setdefault(name, out) != out:
            raise ValueError(f"two different shapes are declared as {name!r}: name one apart")
        return ref(name)

    for root in [*shapes.declarations(variants), deal_record(variants)]:
        component(root)
    for alias, name in REQUEST_NAMES.items():
        found[alias] = found[name]
    return found


def declared_components(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: adds the declared components to the document. It runs after
    drf-spectacular's enum hook, which would otherwise cut every inline enum (an event's
    ``type``) out into a component of its own."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in declared_schemas().items():
        if name in schemas:
            raise ValueError(f"{name!r} is both a declared shape and a serializer's component")
        schemas[name] = schema
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result


# --- what the selectors build around them ----------------------------------------------------


class PlayerInfo(serializers.Serializer):
    seat = serializers.IntegerField()
    user_id = serializers.IntegerField(
        allow_null=True, help_text="the player's id (for blocks, reports, stats); null: Kati"
    )
    name = serializers.CharField(help_text="display name; the computer is Kati")
    avatar_url = serializers.CharField(allow_blank=True)
    is_computer = serializers.BooleanField()
    strength = serializers.CharField(allow_null=True, help_text="the computer's level, else null")
    is_you = serializers.BooleanField()


class Invite(serializers.Serializer):
    code = serializers.CharField(help_text="6 characters; joining is case-insensitive")
    join_url = serializers.URLField()
    expires_at = serializers.DateTimeField()


class EventEnvelope(serializers.Serializer):
    type = serializers.CharField(help_text='always "event"')
    match_id = serializers.UUIDField()
    seq = serializers.IntegerField(help_text="1, 2, … per match, without gaps")
    event = declared(
        "Event",
        help_text="the event, redacted for your seat: a deal_started carries your hand but not "
        "the deck and salt (deal_ended brings them); a card_drawn face down names its card "
        "only to the drawer; a hand_shown names its cards to the others only while it is shown",
    )


class EventFeed(serializers.Serializer):
    version = serializers.IntegerField(help_text="the match's current version")
    has_more = serializers.BooleanField(help_text="ask again with after_seq = the last seq")
    events = EventEnvelope(many=True)


class RematchState(serializers.Serializer):
    status = serializers.ChoiceField(choices=REMATCH_STATUSES)
    offered_by_seat = serializers.IntegerField(required=False, help_text="offered only")
    accepted_by_seats = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="offered only: the seats that want it so far, the offerer's too (at four "
        "seats it starts when every person who stayed to the end does)",
    )
    expires_at = serializers.DateTimeField(required=False, help_text="offered only")
    new_match_id = serializers.UUIDField(required=False, help_text="started only")


class GameAction(serializers.Serializer):
    """An action a player may send in a game (``POST …/actions/``), as the game declares it."""

    type = serializers.CharField(help_text="the action's ``type`` in ``legal_actions`` and moves")
    labels = serializers.DictField(
        child=serializers.CharField(), help_text="its display name by language (hu, en)"
    )


class GameOutput(serializers.Serializer):
    """A game the server plays, as its variant declares it (``GET /api/v1/games/``)."""

    variant = serializers.CharField(help_text="its name in every other request and answer")
    labels = serializers.DictField(
        child=serializers.CharField(), help_text="its display name by language (hu, en)"
    )
    seats = serializers.IntegerField()
    targets = serializers.ListField(
        child=serializers.IntegerField(), help_text="the game points a match may be played to"
    )
    default_target = serializers.IntegerField(help_text="the target when none is chosen")
    ranked = serializers.BooleanField(help_text="played ranked: rated, for coins, in tournaments")
    computer_levels = serializers.ListField(
        child=serializers.CharField(),
        help_text="Kati's levels in it, weakest first (empty: she does not play it)",
    )
    actions = GameAction(
        many=True,
        help_text="every action a player may send in it (its deal's, then the table's: resign, "
        "leave, pause …); which ones may be sent now is the match view's ``legal_actions``",
    )


class MatchOutput(serializers.Serializer):
    """A match as the caller sees it. ``view`` is the engine's view for the caller's seat."""

    id = serializers.UUIDField()
    mode = serializers.ChoiceField(choices=MATCH_MODES)
    variant = serializers.CharField()
    status = serializers.ChoiceField(choices=MATCH_STATUSES)
    version = serializers.IntegerField(
        help_text="seq of the last event; send it as expected_version"
    )
    your_seat = serializers.IntegerField()
    scores = serializers.ListField(child=serializers.IntegerField())
    players = PlayerInfo(many=True)
    invite = Invite(allow_null=True, help_text="the room's invite, for its creator while open")
    stake = serializers.IntegerField(
        allow_null=True, help_text="ranked: the coins each player staked; otherwise null"
    )
    rematch = RematchState(
        allow_null=True,
        help_text="a finished match's rematch: offered (and by whom) or started; else null",
    )
    winner_seat = serializers.IntegerField(allow_null=True)
    end_reason = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    view = declared("MatchView")


class CommitmentOutput(serializers.Serializer):
    deal = serializers.IntegerField(help_text="1: a match's first deal")
    commitment = serializers.CharField(help_text="sha256 hex of the server's secret")
    expires_in = serializers.IntegerField(help_text="seconds it may be used in, once")


class FirstSeedSubmit(serializers.Serializer):
    commitment = serializers.RegexField(
        r"^[0-9a-f]{64}$", help_text="from POST /api/v1/matches/commitments/, used once"
    )
    value = serializers.RegexField(
        r"^[0-9a-f]{16,128}$", help_text="16 to 128 lowercase hex digits, chosen at random"
    )


class ComputerMatchSubmit(ComputerMatchInput):
    """The documented body of ``POST /api/v1/matches/computer/`` (validated by
    ``inputs.ComputerMatchInput``, the seed by ``commitments.first_seed``)."""

    seed = FirstSeedSubmit(  # type: ignore[assignment]
        required=False,
        help_text="your seed for the first deal, chosen after the commitment (docs/api.md 7.0)",
    )


class RoomSubmit(RoomInput):
    """The documented body of ``POST /api/v1/rooms/`` (validated by ``inputs.RoomInput``, the
    seed by ``commitments.first_seed``)."""

    seed = FirstSeedSubmit(  # type: ignore[assignment]
        required=False,
        help_text="your seed for the room's first deal, chosen after the commitment from "
        "POST /api/v1/matches/commitments/ (docs/api.md 7.0)",
    )


class RoomSeedSubmit(serializers.Serializer):
    commitment = serializers.RegexField(
        r"^[0-9a-f]{64}$",
        help_text="the room's, from GET /api/v1/rooms/invites/{code}/ (its `commitment`)",
    )
    value = serializers.RegexField(
        r"^[0-9a-f]{16,128}$", help_text="16 to 128 lowercase hex digits, chosen at random"
    )


class JoinSubmit(JoinInput):
    """The documented body of ``POST /api/v1/rooms/join/`` (validated by ``inputs.JoinInput``,
    the seed by ``commitments.room_seed``)."""

    seed = RoomSeedSubmit(  # type: ignore[assignment]
        required=False,
        help_text="your seed for the room's first deal, chosen after its commitment "
        "(docs/api.md 7.0)",
    )


class RoomInviteOutput(serializers.Serializer):
    code = serializers.CharField()
    variant = serializers.CharField()
    target = serializers.IntegerField(allow_null=True)
    host = serializers.CharField(help_text="the room's creator's public name")
    deal = serializers.IntegerField(help_text="1: the match's first deal")
    commitment = serializers.CharField(
        help_text="sha256 hex of the server's secret for the first deal, fixed before anyone "
        "joins: send your seed against it when you join"
    )
    expires_at = serializers.DateTimeField(allow_null=True)


class SeedSubmit(serializers.Serializer):
    deal = serializers.IntegerField(min_value=1, help_text="`view.next_deal.number`")
    value = serializers.RegexField(
        r"^[0-9a-f]{16,128}$", help_text="16 to 128 lowercase hex digits, chosen at random"
    )


class ActionSubmit(serializers.Serializer):
    """The documented body of ``POST …/actions/`` (validated by ``inputs.ActionInput``)."""

    action = declared("ActionRequest")
    expected_version = serializers.IntegerField(
        min_value=0, help_text="the version you saw; a stale one is a 409 version_conflict"
    )
    client_move_id = serializers.CharField(
        min_length=1,
        max_length=64,
        help_text="unique per move (e.g. a UUID); resending it returns the first answer",
    )
    seed = SeedSubmit(
        required=False,
        help_text="your seed for the next deal's shuffle, once, while `view.next_deal` does not "
        "list your seat (docs/api.md section 7)",
    )


class ActionOutput(serializers.Serializer):
    version = serializers.IntegerField(help_text="seq of this action's last event")
    events = EventEnvelope(many=True, help_text="this action's events, redacted for you")
    view = declared("MatchView", help_text="your view right after this action (before any reply)")


class Heartbeat(serializers.Serializer):
    version = serializers.IntegerField(help_text="the match's version: fetch it if yours is older")
    presence = declared("PresenceView", required=False, help_text="every seat's clocks")


class MatchSummary(serializers.Serializer):
    """A row of your match list (``selectors.match_row``): nothing of any hand."""

    id = serializers.UUIDField()
    mode = serializers.ChoiceField(choices=MATCH_MODES)
    variant = serializers.CharField(help_text="the game (GET /api/v1/games/ names it)")
    status = serializers.ChoiceField(choices=MATCH_STATUSES)
    scores = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="game points per seat (partnership: hands won as caller)",
    )
    chips = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="partnership, once over: each seat's chips at the end; otherwise null",
    )
    version = serializers.IntegerField()
    your_seat = serializers.IntegerField()
    players = PlayerInfo(many=True, help_text="every seat (Kati with her strength)")
    result = serializers.ChoiceField(
        choices=["won", "lost", "void"],
        allow_null=True,
        help_text="yours, once the match is over (void: no winner); null while it runs",
    )
    end_reason = serializers.CharField(
        allow_null=True,
        help_text="why it ended (MatchEndReasonEnum: lapsed = left alone against Kati for "
        "KATI_MATCH_IDLE_HOURS, counted in no stats); null while it runs",
    )
    deals = serializers.IntegerField(help_text="deals dealt so far")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    last_move_at = serializers.DateTimeField(help_text="when its last event was recorded")


class PaginatedMatchSummaryList(serializers.Serializer):
    """A page of ``MatchSummary`` (LimitOffsetPagination; OpenAPI only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchSummary(many=True)


class RematchOutput(serializers.Serializer):
    status = serializers.ChoiceField(choices=REMATCH_STATUSES)
    new_match_id = serializers.UUIDField(allow_null=True)


# OpenAPI links: what a client does next with what an answer returned (the id of a match or a
# room it made, the match it acted in); schemathesis follows them
# (tests/test_schemathesis_links.py).
_MATCH_ID = {"match_id": "$response.body#/id"}
_SAME_MATCH = {"match_id": "$request.path.match_id"}
LINKS: dict[tuple[str, str], dict[str, tuple[str, dict[str, str]]]] = {
    ("matches_computer_create", "201"): {
        "ReadTheMatch": ("matches_retrieve", _MATCH_ID),
        "Act": ("matches_actions_create", _MATCH_ID),
        "ReadTheFeed": ("matches_events_retrieve", _MATCH_ID),
        "Chat": ("matches_chat_create", _MATCH_ID),
        "OfferARematch": ("matches_rematch_create", _MATCH_ID),
        "SendASeed": ("matches_seeds_create", _MATCH_ID),
    },
    ("rooms_create", "201"): {
        "SeatKati": ("rooms_seats_create", _MATCH_ID),
        "CancelTheRoom": ("rooms_cancel_create", _MATCH_ID),
        "ReadTheRoom": ("matches_retrieve", _MATCH_ID),
    },
    ("matches_actions_create", "200"): {
        "ActAgain": ("matches_actions_create", _SAME_MATCH),
        "ReadTheMatch": ("matches_retrieve", _SAME_MATCH),
    },
    ("matchmaking_tickets_create", "201"): {
        "PollTheTicket": ("matchmaking_tickets_retrieve", {"ticket_id": "$response.body#/id"}),
        "CancelTheTicket": ("matchmaking_tickets_destroy", {"ticket_id": "$response.body#/id"}),
    },
}


def game_targets(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (after the enums are named): a request body that
    names a game (``variant``, an enum of variants) and its ``target`` says which targets each
    game is played to, as the service checks them (``400 invalid_target``): ``target`` is one
    of all of theirs (or null: the game's default), and a ``oneOf`` by ``variant`` gives each
    game its own; the default game's branch also holds when ``variant`` is left out."""
    schemas = result.get("components", {}).get("schemas", {})
    for body in request_bodies(result):
        properties = body.get("properties", {})
        if not {"variant", "target"} <= properties.keys():
            continue
        variant = properties["variant"]
        names = _enum(variant, schemas)
        if names is None:
            continue
        targets = {name: list(VARIANTS[name].targets) for name in names}
        properties["target"]["enum"] = [*sorted({t for ts in targets.values() for t in ts}), None]
        body["oneOf"] = [
            {
                "properties": {"variant": {"enum": [name]}, "target": {"enum": [*allowed, None]}},
                **({} if name == variant.get("default") else {"required": ["variant"]}),
            }
            for name, allowed in targets.items()
        ]
    return result


def _enum(node: dict[str, Any], schemas: dict[str, Any]) -> list[Any] | None:
    """The values of an enum property: its own, or those of the named enum it refers to."""
    for part in (node, *node.get("allOf", [])):
        named = schemas[part["$ref"].removeprefix(COMPONENTS)] if "$ref" in part else part
        if "enum" in named:
            return list(named["enum"])
    return None


def match_links(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: the ``LINKS`` on their answers."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for status, answer in operation.get("responses", {}).items():
                links = LINKS.get((operation.get("operationId", ""), status))
                if links:
                    answer["links"] = {
                        name: {"operationId": target, "parameters": parameters}
                        for name, (target, parameters) in links.items()
                    }
    return result


class GuestMatchesOutput(serializers.Serializer):
    finished = serializers.IntegerField(help_text="finished matches that may be brought along")
    unfinished = serializers.IntegerField(help_text="unfinished matches, which stay the guest's")


class GuestMatchesClaimOutput(serializers.Serializer):
    moved = serializers.IntegerField(help_text="the matches that are yours now")
