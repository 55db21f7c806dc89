"""The JSON the engine builds, declared once, next to the code that builds it: the match view of
``view.py`` (``view_for``), the actions it lists, and the events as ``redact_event`` leaves them.
A variant declares its own part (its deal view, its history, the events its ``redact`` changes)
as ``Rules.shapes``, a :class:`Shapes`; the events and actions start from the codec's dataclasses
(``codec.event_schema``, ``codec.command_schema``).

The declarations are JSON Schema dicts in the OpenAPI 3.0 dialect (``nullable: true`` instead of
a ``null`` type), pure data: the API turns them into its OpenAPI components
(``apps/matches/api/schema.py``), and the tests hold real views, histories and events to them.
A schema with a ``title`` is a named part (the API's component of that name, e.g. ``Trick``);
two different schemas may not share a title. The match view is one shape per variant, told apart
by its ``variant`` (:func:`match_view`); elsewhere, where the variants differ, the shape is a
union by variant (:func:`union`): with one variant, or several that agree, it is that one shape.

What a seat sees: these describe a seat's view (the API serves no other); a spectator's
(``seat=None``) leaves out the seat's own fields (its hand, captured cards, points).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import codec
from .cards import code_schema
from .commands import Leave, Pause, Resign, Resume, ShowHand
from .events import TABLE_EVENTS, HandShown, MatchEnded, SecretCommitted

if TYPE_CHECKING:
    from .rules import Rules

JSON = dict[str, Any]

# --- a few helpers to write the declarations --------------------------------------------------

INTEGER: JSON = {"type": "integer"}
STRING: JSON = {"type": "string"}
BOOLEAN: JSON = {"type": "boolean"}
DATE_TIME: JSON = {"type": "string", "format": "date-time"}


def obj(
    properties: Mapping[str, JSON],
    *,
    title: str | None = None,
    description: str | None = None,
    optional: Iterable[str] = (),
) -> JSON:
    """An object with these properties, all present except ``optional``, and no others."""
    optional = set(optional)
    schema: JSON = {"type": "object"}
    if title:
        schema["title"] = title
    if description:
        schema["description"] = description
    schema["properties"] = dict(properties)
    schema["required"] = [name for name in properties if name not in optional]
    return schema


def array(items: JSON, description: str | None = None) -> JSON:
    schema: JSON = {"type": "array", "items": items}
    return described(schema, description) if description else schema


def enum(title: str, values: Iterable[str]) -> JSON:
    """A named set of strings (the API's ``<title>`` enum component)."""
    return {"title": title, "type": "string", "enum": list(values)}


def described(schema: JSON, description: str) -> JSON:
    """``schema`` with a description of this use of it (a named one is left as it is)."""
    if "title" in schema:
        return {"allOf": [schema], "description": description}
    return {**schema, "description": description}


def nullable(schema: JSON) -> JSON:
    """``schema`` or null (a named one is left as it is)."""
    if "title" in schema:
        return {"allOf": [schema], "nullable": True}
    return {**schema, "nullable": True}


def unwrap(schema: JSON) -> JSON:
    """The schema a use of it wraps (``described``, ``nullable``), else ``schema`` itself."""
    while list(schema.get("allOf", ())) and len(schema["allOf"]) == 1:
        schema = schema["allOf"][0]
    return schema


def reshaped(
    schema: JSON,
    *,
    drop: Iterable[str] = (),
    add: Mapping[str, JSON] | None = None,
    fields: Mapping[str, JSON] | None = None,
    optional: Iterable[str] = (),
    title: str | None = None,
    description: str | None = None,
) -> JSON:
    """An object schema changed: properties dropped, added (at the end) or replaced (in
    place, ``fields``), some made optional, a name, a new description."""
    drop, optional = set(drop), set(optional)
    properties = {
        name: (fields or {}).get(name, value)
        for name, value in schema["properties"].items()
        if name not in drop
    }
    properties.update(add or {})
    required = [n for n in schema["required"] if n in properties and n not in optional]
    required += [n for n in (add or {}) if n not in optional and n not in required]
    changed = {**({"title": title} if title else {}), **schema}
    changed.update(properties=properties, required=required)
    if description:
        changed["description"] = description
    return changed


def union(title: str, members: Mapping[str, JSON]) -> JSON:
    """One of the variants' schemas (``members``: variant name → schema), named ``title``.
    Equal schemas count once, so with one variant, or several that agree, the union is that
    schema itself; otherwise an ``anyOf`` of each, named ``<Variant><title>``."""
    distinct: list[tuple[str, JSON]] = []
    for name, schema in members.items():
        if all(schema != other for _, other in distinct):
            distinct.append((name, schema))
    if len(distinct) == 1:
        return {**distinct[0][1], "title": title}
    return {
        "title": title,
        # anyOf, not oneOf: a JSON object is open, so one variant's record may also fit
        # another's shape (sixty-six's has every field of klub's); the match's ``variant``
        # says which it is
        "anyOf": [{**schema, "title": _camel(name) + title} for name, schema in distinct],
    }


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("_", "-").split("-"))


# --- what a variant declares --------------------------------------------------------------------


@dataclass(frozen=True)
class Shapes:
    """The JSON a variant's ``Rules`` builds: ``deal_view`` (``Rules.deal_view`` for a seat),
    ``history`` (``Rules.history``) and ``events``: by event type, the shape ``Rules.redact``
    leaves where it differs from the codec's (``codec.event_schema``)."""

    deal_view: JSON
    history: JSON
    events: Mapping[str, JSON] = field(default_factory=dict)


# --- the match view (``view.py``) ---------------------------------------------------------------

VIEW_STATUSES = ("not_started", "playing", "awaiting_deal", "finished")
MATCH_END_REASONS = (
    "points",
    "resigned",
    "left",
    "technical_loss",
    "abandoned",
    "lapsed",
)
QUIT_REASONS = ("resigned", "left", "technical_loss")
# What ``legal_actions`` and ``presence_actions`` list besides the variant's own commands.
TABLE_ACTIONS: tuple[type, ...] = (Resign, Leave, Pause, Resume, ShowHand)

VIEW_STATUS = enum("ViewStatusEnum", VIEW_STATUSES)
MATCH_END_REASON = enum("MatchEndReasonEnum", MATCH_END_REASONS)

PAUSE = nullable(obj({"until": DATE_TIME, "stand_in": BOOLEAN}))
PRESENCE = obj(
    {
        "away_until": array(
            nullable(DATE_TIME),
            "per seat: the reconnect deadline of a disconnected player, else null",
        ),
        "paused": array(
            PAUSE,
            "per seat: its pause, else null. until: when it runs out; stand_in: it ran out and "
            "the computer plays for that seat until it presses OK",
        ),
        "pauses_left": array(INTEGER, "per seat: pauses it may still ask this deal"),
        "shown_until": array(
            nullable(DATE_TIME), "per seat: until when its hand is shown, else null"
        ),
        "taken_over": array(
            nullable(enum("QuitReasonEnum", QUIT_REASONS)),
            "per seat: why its player quit (resigned, left, technical_loss) if the computer "
            "plays the seat for good since, else null. Only in games that play on without a "
            "player who quits (partnership)",
        ),
    },
    optional=("taken_over",),
    title="PresenceView",
    description="Every seat's clocks (online play). A client shows the countdowns from these "
    "times.",
)

SHOWN_HAND = obj(
    {
        "seat": INTEGER,
        "cards": array(code_schema(), "the shown cards that seat still holds"),
        "until": described(DATE_TIME, "hidden again at this time"),
    },
    title="ShownHand",
)

MATCH_RESULT = reshaped(
    codec.event_schema(MatchEnded),
    drop=("type", "schema_version"),
    fields={
        "reason": MATCH_END_REASON,
        "radli": described(nullable(INTEGER), "the loser's seat"),
    },
    title="MatchResult",
    description="How the match ended: the `match_ended` event without its `type`.",
)


def deal_view(rules: Rules[Any]) -> JSON:
    """``view_for``'s ``deal`` in a match of ``rules``: the variant's deal view, with the hands
    shown to the seat, named ``<Variant>DealView``."""
    shown = array(SHOWN_HAND, "the other players' hands shown to you right now (online play, 10 s)")
    return reshaped(
        rules.shapes.deal_view,
        add={"shown_hands": shown},
        optional=("shown_hands",),
        title=_camel(rules.name) + "DealView",
    )


def action(variants: Iterable[Rules[Any]]) -> JSON:
    """A legal action (``view._action_json``): any command a seat may be offered, without its
    ``seat`` and the server's ``stand_in`` flag; a field of some types only says which."""
    classes: list[type] = []
    for rules in variants:
        classes += [cls for cls in rules.commands if cls not in classes]
    classes += [cls for cls in TABLE_ACTIONS if cls not in classes]
    fields: dict[str, JSON] = {}
    users: dict[str, list[str]] = {}
    for cls in classes:
        schema = codec.command_schema(cls)
        for name, prop in schema["properties"].items():
            if name in ("type", "seat", "stand_in"):
                continue
            fields.setdefault(name, prop)
            users.setdefault(name, []).append(cls.type)  # type: ignore[attr-defined]
    properties: JSON = {"type": enum("ActionTypeEnum", [cls.type for cls in classes])}  # type: ignore[attr-defined]
    for name, prop in fields.items():
        note = f"{', '.join(users[name])} only"
        detail = prop.get("description")
        properties[name] = {**prop, "description": f"{note}; {detail}" if detail else note}
    return obj(
        properties,
        title="Action",
        description="An action exactly as listed in `legal_actions`: send one back unchanged.",
        optional=fields,
    )


def match_view(variants: Iterable[Rules[Any]]) -> JSON:
    """``view_for(state, seat)`` (before the match starts: ``waiting_view``): one shape per
    variant, named ``<Variant>MatchView``, told apart by ``variant``. Each variant's has its own
    deal view and targets, and the same actions, presence and result."""
    variants = sorted(variants, key=lambda rules: rules.name)  # whatever order they came in
    actions = array(action(variants), "what you may send now; empty if nothing")
    members = [_variant_match_view(rules, actions) for rules in variants]
    return {
        "title": "MatchView",
        "description": "Everything the caller's seat may know now (`engine.view_for`); its "
        "`variant` says which variant's shape it has.",
        "oneOf": members,
        "discriminator": {
            "propertyName": "variant",
            "mapping": {rules.name: m["title"] for rules, m in zip(variants, members, strict=True)},
        },
    }


NEXT_DEAL = obj(
    {
        "number": described(INTEGER, "the next deal's number"),
        "commitment": described(
            STRING, "sha256 hex of the server's secret for the next deal (scheme hmac-fy-1)"
        ),
        "seeded": array(INTEGER, "the seats whose seed for it the server has"),
        "until": described(
            DATE_TIME,
            "before the first deal of a match the server made: when it is dealt without the "
            "seeds not in by then (a server seed for each)",
        ),
    },
    title="NextDeal",
    description="While a deal is played: the server's commitment to the next deal's secret. "
    "Send your seed for it with one of your moves (`seed` of the action's body), once. Before "
    "the first deal of a ranked match or a rematch (`deal` null): send it alone, `POST "
    "…/seeds/`; the deal comes when every seat's is in.",
    optional=("until",),
)


def _variant_match_view(rules: Rules[Any], actions: JSON) -> JSON:
    return obj(
        {
            "seat": INTEGER,
            "status": VIEW_STATUS,
            "variant": {"type": "string", "enum": [rules.name]},
            "target": {
                "type": "integer",
                "enum": list(rules.targets),
                "description": "game points that win the match",
            },
            "scores": array(INTEGER, "game points; empty before the match starts"),
            "deals_played": INTEGER,
            "deal": described(
                nullable(deal_view(rules)), "the current deal; null before the first deal"
            ),
            "result": nullable(MATCH_RESULT),
            "legal_actions": actions,
            "presence": described(PRESENCE, "absent before the match starts"),
            "next_deal": described(
                NEXT_DEAL, "only while a deal is played, or before a first deal that waits"
            ),
        },
        title=_camel(rules.name) + "MatchView",
        description=f"The view of a `{rules.name}` match (`engine.view_for`).",
        optional=("presence", "next_deal"),
    )


# --- the events (``view.redact_event``) ----------------------------------------------------------

# The table's own redaction (``view._redact_shown``).
TABLE_REDACTED = {
    HandShown.type: reshaped(
        codec.event_schema(HandShown),
        fields={
            "cards": array(
                code_schema(),
                "the shown hand: to the others only while it is shown",
            )
        },
        optional=("cards",),
    ),
    SecretCommitted.type: reshaped(
        codec.event_schema(SecretCommitted),
        drop=("secret",),
        description="Before the first deal: the server's commitment to its secret (sha256 "
        "hex), which the deal's record reveals when it is over.",
    ),
}


def deal_end_reasons(variants: Iterable[Rules[Any]]) -> JSON:
    """The reasons a deal may end with, in any variant (``Rules.deal_end_reasons``)."""
    reasons: list[str] = []
    for rules in variants:
        reasons += [r for r in rules.deal_end_reasons if r not in reasons]
    return enum("DealEndReasonEnum", reasons)


def event(variants: Iterable[Rules[Any]]) -> JSON:
    """An event as ``redact_event`` gives it to a seat: one schema per event type, named
    ``<Class>Event``, told apart by ``type``."""
    variants = list(variants)
    refined = {
        "deal_ended": {"reason": deal_end_reasons(variants)},
        "match_ended": {"reason": MATCH_END_REASON},
    }
    members: dict[str, dict[str, JSON]] = {}
    names: dict[str, str] = {}
    for rules in variants:
        for cls in (*TABLE_EVENTS, *rules.events):
            kind: str = cls.type  # type: ignore[attr-defined]
            schema = rules.shapes.events.get(kind) or TABLE_REDACTED.get(kind)
            if schema is None:
                schema = reshaped(codec.event_schema(cls), fields=refined.get(kind))
            members.setdefault(kind, {})[rules.name] = schema
            names[kind] = f"{cls.__name__}Event"
    return {
        "title": "Event",
        "description": "One engine event, redacted for your seat; its `type` says which.",
        "oneOf": [union(names[kind], by_variant) for kind, by_variant in members.items()],
        "discriminator": {"propertyName": "type", "mapping": names},
    }


def declarations(variants: Iterable[Rules[Any]]) -> list[JSON]:
    """Every declared shape that leaves the engine for a seat, named: ``MatchView`` (with the
    deal view, the actions, the result), ``PresenceView`` and ``Event``."""
    variants = list(variants)
    return [match_view(variants), PRESENCE, event(variants)]
