"""JSON codec for events and commands: ``to_json`` / ``from_json`` round-trip exactly.

Events are stored as ``{"type", "schema_version", **fields}``; commands as ``{"type", **fields}``.
Decoding validates every field, so a client's malformed command becomes a ``CodecError``
(a 400 for the service), never an exception from deep inside the rules.

The same field types give each registered class its JSON Schema (``event_schema``,
``command_schema``): the dataclass is the one declaration of its wire shape (``shapes.py``
builds the API's event and action shapes from these).

A field added to an event with a default and ``events.OPTIONAL`` metadata is left out while it
holds its default, and needs no new version: the old payloads are the new ones with the default
(``DealStarted``'s fair-play fields). Otherwise old stored events are brought up to date by
*upcasters*, declared by the event class itself
(``upcasters[version]`` turns the payload of that version into the payload of ``version + 1``):
a class that several variants share carries them to each.

The codec's tables are ``Codec`` objects: the table's own (``TABLE``) and one per variant, built
by the variant from its own declarations (``Rules.codec``). Nothing is registered here: a wire
type is looked up in the table's codec, then in each registered variant's (``registry.py``).
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any

from .cards import Card, UnknownCard, card, code_schema
from .commands import TABLE_COMMANDS, Command
from .errors import echo
from .events import TABLE_EVENTS, Event
from .registry import VARIANTS

JSON = dict[str, Any]
Upcaster = Callable[[JSON], JSON]


class CodecError(ValueError):
    """A payload that is not a valid event or command."""


def _decode_int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CodecError(f"expected an integer, got {echo(value)}")
    return value


def _decode_str(value: object) -> str:
    if not isinstance(value, str):
        raise CodecError(f"expected a string, got {echo(value)}")
    return value


def _decode_bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise CodecError(f"expected true or false, got {echo(value)}")
    return value


def _decode_card(value: object) -> Card:
    try:
        return card(value)  # type: ignore[arg-type]
    except UnknownCard as exc:
        raise CodecError(str(exc)) from None


def _decode_datetime(value: object) -> datetime:
    """An ISO 8601 instant with its UTC offset (deadlines are instants, never local times)."""
    try:
        moment = datetime.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise CodecError(f"expected an ISO 8601 time, got {echo(value)}") from None
    if moment.tzinfo is None:
        raise CodecError(f"a time needs its UTC offset: {echo(value)}")
    return moment


def _identity(value: Any) -> Any:
    return value


def _converters(hint: Any) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """(encode, decode) for one annotated field type."""
    if hint is int:
        return _identity, _decode_int
    if hint is str:
        return _identity, _decode_str
    if hint is bool:
        return _identity, _decode_bool
    if hint is Card:
        return (lambda c: c.code), _decode_card
    if hint is datetime:
        return (lambda d: d.isoformat()), _decode_datetime
    if dataclasses.is_dataclass(hint):
        return _record_converters(hint)  # type: ignore[arg-type]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        encode_item, decode_item = _converters(args[0])

        def decode_tuple(value: object) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple):
                raise CodecError(f"expected a list, got {echo(value)}")
            return tuple(decode_item(v) for v in value)

        return (lambda t: [encode_item(v) for v in t]), decode_tuple
    if args and type(None) in args and len(args) == 2:  # X | None
        inner = next(a for a in args if a is not type(None))
        encode_inner, decode_inner = _converters(inner)
        return (
            (lambda v: None if v is None else encode_inner(v)),
            (lambda v: None if v is None else decode_inner(v)),
        )
    raise TypeError(f"no JSON converter for {hint!r}")


def _record_converters(cls: type) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """(encode, decode) for a record inside an event (a frozen dataclass with no wire type of
    its own, e.g. ``fairness.Seed``): a JSON object with every field, none other."""
    hints = typing.get_type_hints(cls)
    fields = [(f.name, *_converters(hints[f.name])) for f in dataclasses.fields(cls)]

    def encode(value: Any) -> JSON:
        return {name: enc(getattr(value, name)) for name, enc, _ in fields}

    def decode(value: object) -> Any:
        if not isinstance(value, dict) or value.keys() != {name for name, *_ in fields}:
            raise CodecError(f"expected an object with {[name for name, *_ in fields]}")
        return cls(**{name: dec(value[name]) for name, _, dec in fields})

    return encode, decode


def _schema(hint: Any) -> JSON:
    """The JSON Schema of one annotated field type as ``_converters`` puts it on the wire (the
    OpenAPI 3.0 dialect: ``nullable`` for ``X | None``)."""
    simple = {int: "integer", str: "string", bool: "boolean"}
    if hint in simple:
        return {"type": simple[hint]}
    if hint is Card:
        return code_schema()
    if hint is datetime:
        return {"type": "string", "format": "date-time"}
    if dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        properties = {f.name: _schema(hints[f.name]) for f in dataclasses.fields(hint)}
        return {"type": "object", "properties": properties, "required": list(properties)}
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return {"type": "array", "items": _schema(args[0])}
    if args and type(None) in args and len(args) == 2:  # X | None
        inner = next(a for a in args if a is not type(None))
        return {**_schema(inner), "nullable": True}
    raise TypeError(f"no JSON Schema for {hint!r}")


def _doc(cls: type) -> str | None:
    """The first paragraph of a class's own docstring (not the one ``dataclass`` makes up)."""
    doc = cls.__doc__
    if not doc or doc.startswith(f"{cls.__name__}("):
        return None
    return " ".join(doc.strip().split("\n\n")[0].split())


class _Shape:
    """How one dataclass crosses the wire: its fields with their converters and schemas."""

    def __init__(self, cls: type) -> None:
        hints = typing.get_type_hints(cls)
        self.cls = cls
        self.wire = _wire_type(cls)
        self.fields = [
            (f.name, *_converters(hints[f.name]), f.default is dataclasses.MISSING)
            for f in dataclasses.fields(cls)
        ]
        # fields left out while they hold their default (``events.OPTIONAL``)
        self.optional = {
            f.name: f.default for f in dataclasses.fields(cls) if f.metadata.get("optional")
        }
        self.schemas = {
            f.name: _schema(hints[f.name]) | _described(f.metadata.get("description"))
            for f in dataclasses.fields(cls)
        }

    @property
    def version(self) -> int | None:
        """An event's current schema version (None for a command)."""
        version: int | None = getattr(self.cls, "schema_version", None)
        return version

    def schema(self) -> JSON:
        """The payload as JSON Schema: its ``type`` (and an event's ``schema_version``) with
        their one value, then every field; ``encode`` writes them all, defaults included."""
        head: JSON = {"type": {"type": "string", "enum": [self.wire]}}
        if self.version is not None:
            head["schema_version"] = {"type": "integer", "enum": [self.version]}
        properties = {**head, **self.schemas}
        return {
            "type": "object",
            **_described(_doc(self.cls)),
            "properties": properties,
            "required": [name for name in properties if name not in self.optional],
        }

    def encode(self, obj: Any) -> JSON:
        return {
            name: encode(value)
            for name, encode, _, _ in self.fields
            if (value := getattr(obj, name)) != self.optional.get(name, _ABSENT)
        }

    def decode(self, payload: JSON) -> Any:
        kwargs = {}
        for name, _, decode, required in self.fields:
            if name in payload:
                try:
                    kwargs[name] = decode(payload[name])
                except CodecError as wrong:
                    raise CodecError(f"{self.wire}: {name}: {wrong}") from None
            elif required:
                raise CodecError(f"{self.wire}: missing field {name!r}")
        unknown = payload.keys() - {name for name, *_ in self.fields} - {"type", "schema_version"}
        if unknown:
            raise CodecError(f"{self.wire}: unknown fields {echo(sorted(unknown))}")
        return self.cls(**kwargs)


_ABSENT = object()  # no field's value: every field without a default is encoded


def _described(description: str | None) -> JSON:
    return {"description": description} if description else {}


class Codec:
    """The wire shapes of a set of command and event classes, by wire ``type``: the table's
    (``TABLE``), or one variant's (``Rules.codec``)."""

    def __init__(self, commands: Iterable[type], events: Iterable[type]) -> None:
        self.commands = _index(commands)
        self.events = _index(events)


def _index(classes: Iterable[type]) -> dict[str, _Shape]:
    shapes: dict[str, _Shape] = {}
    for cls in classes:
        wire = _wire_type(cls)
        known = shapes.get(wire)
        if known is not None and known.cls is not cls:
            raise ValueError(f"two classes for the wire type {wire!r}")
        shapes[wire] = _shape(cls)
    return shapes


def _wire_type(cls: type) -> str:
    wire = getattr(cls, "type", None)
    if not isinstance(wire, str):
        raise TypeError(f"{cls.__name__} has no wire type")
    return wire


@functools.cache
def _shape(cls: type) -> _Shape:
    """How ``cls`` crosses the wire (the same object for every codec that knows it)."""
    return _Shape(cls)


TABLE = Codec(TABLE_COMMANDS, TABLE_EVENTS)


def _codecs() -> Iterator[Codec]:
    """The table's codec, then every registered variant's."""
    yield TABLE
    for rules in VARIANTS.values():
        yield rules.codec


def event_types() -> list[type]:
    """Every event type known: the table's and those of every registered variant."""
    known = {wire: shape.cls for codec in _codecs() for wire, shape in codec.events.items()}
    return list(known.values())


def event_schema(cls: type) -> JSON:
    """The JSON Schema of an event class's payload (``to_json``)."""
    return _shape(cls).schema()


def command_schema(cls: type) -> JSON:
    """The JSON Schema of a command class's payload (``command_to_json``)."""
    return _shape(cls).schema()


def to_json(event: Event) -> JSON:
    """An event as a JSON-ready dict with its ``type`` and ``schema_version``."""
    payload = {"type": event.type, "schema_version": event.schema_version}
    payload.update(_shape(event.__class__).encode(event))
    return payload


def from_json(payload: JSON) -> Event:
    """The event in ``payload``, upcast to the current schema version if it is older."""
    if not isinstance(payload, dict):
        raise CodecError("an event is a JSON object")
    shape = _shape_of(payload, "event")
    upcasters: Mapping[int, Upcaster] = getattr(shape.cls, "upcasters", {})
    current = shape.version
    if current is None:
        raise CodecError(f"{shape.wire}: not an event")
    version = payload.get("schema_version")
    if not isinstance(version, int) or not 1 <= version <= current:
        raise CodecError(f"{shape.wire}: unsupported schema_version {echo(version)}")
    while version < current:
        upcast = upcasters.get(version)
        if upcast is None:
            raise CodecError(f"{shape.wire}: no upcaster from version {version}")
        payload = upcast(payload)
        version += 1
    event: Event = shape.decode(payload)
    return event


def command_to_json(command: Command) -> JSON:
    payload: JSON = {"type": command.type}
    payload.update(_shape(command.__class__).encode(command))
    return payload


def command_from_json(payload: JSON, **given: Any) -> Command:
    """The command in ``payload`` with the ``given`` fields (the caller's ``seat``) filled in by
    the caller: a payload that sends one of them itself is refused, like any unknown field."""
    if not isinstance(payload, dict):
        raise CodecError("a command is a JSON object")
    shape = _shape_of(payload, "command")
    sent = sorted(payload.keys() & given.keys())
    if sent:
        raise CodecError(f"{shape.wire}: unknown fields {echo(sent)}")
    known = {name for name, *_ in shape.fields}
    command: Command = shape.decode({**payload, **{k: v for k, v in given.items() if k in known}})
    return command


def _shape_of(payload: JSON, kind: str) -> _Shape:
    """The shape of the ``kind`` ("event" or "command") named by ``payload``'s ``type``."""
    wire_type = payload.get("type")
    if isinstance(wire_type, str):
        for codec in _codecs():
            shape = (codec.events if kind == "event" else codec.commands).get(wire_type)
            if shape is not None:
                return shape
    raise CodecError(f"unknown {kind} type {echo(wire_type)}")
