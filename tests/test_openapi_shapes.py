"""The OpenAPI components of the engine's JSON are made from the engine's declarations
(``engine/shapes.py``, ``Rules.shapes``), not kept by hand: the document holds them as declared,
the events are one component per type told apart by ``type``, and a variant whose deal view
differs turns ``DealView`` into a union by variant (tests/test_openapi.py holds real answers to
the components)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from drf_spectacular.validation import validate_schema

from apps.matches.api.schema import declared_schemas
from apps.matches.engine import VARIANTS, register, shapes, unregister
from apps.matches.engine.codec import event_types
from apps.matches.engine.variants.klub import KlubRules
from tests.schema_check import api_schema

COMPONENTS = "#/components/schemas/"


def test_the_engine_components_are_the_declarations(schema: dict) -> None:
    components = schema["components"]["schemas"]
    declared = declared_schemas()
    for name in ("MatchView", "DealView", "PresenceView", "Action", "Event", "DealRecord"):
        assert components[name] == declared[name], name
    for name in ("ViewStatusEnum", "PhaseEnum", "ActionTypeEnum", "DealEndReasonEnum"):
        assert components[name]["enum"] == declared[name]["enum"], name
    assert components["MatchEndReasonEnum"]["enum"] == list(shapes.MATCH_END_REASONS)
    view = components["MatchView"]["properties"]
    assert view["deal"] == {"allOf": [{"$ref": COMPONENTS + "DealView"}], "nullable": True}


def test_every_event_type_is_a_component_told_apart_by_its_type(schema: dict) -> None:
    components = schema["components"]["schemas"]
    event = components["Event"]
    mapping = event["discriminator"]["mapping"]
    assert event["discriminator"]["propertyName"] == "type"
    assert set(mapping) == {cls.type for cls in event_types()}
    assert [m["$ref"] for m in event["oneOf"]] == list(mapping.values())
    for kind, ref in mapping.items():
        member = components[ref.removeprefix(COMPONENTS)]
        assert member["properties"]["type"]["enum"] == [kind]
        assert {"type", "schema_version"} <= set(member["required"])
    envelope = components["EventEnvelope"]["properties"]["event"]
    assert envelope["allOf"] == [{"$ref": COMPONENTS + "Event"}]


@contextmanager
def a_variant_that_shows_its_deal_otherwise() -> Iterator[None]:
    class Other(KlubRules):
        name = "other-game"
        shapes = dataclasses.replace(
            KlubRules.shapes,
            deal_view=shapes.reshaped(
                KlubRules.shapes.deal_view, drop=("talon_size",), add={"stock": shapes.INTEGER}
            ),
        )

    register(Other())
    try:
        yield
    finally:
        unregister(Other.name)


def test_a_variant_whose_deal_view_differs_makes_deal_view_a_union_by_variant() -> None:
    with a_variant_that_shows_its_deal_otherwise():
        document = api_schema()
    validate_schema(document)
    components = document["components"]["schemas"]
    assert components["DealView"] == {
        "anyOf": [
            {"$ref": COMPONENTS + "KlubDealView"},
            {"$ref": COMPONENTS + "SixtySixDealView"},  # a built-in variant of its own
            {"$ref": COMPONENTS + "OtherGameDealView"},
        ]
    }
    assert "stock" in components["OtherGameDealView"]["properties"]
    assert "talon_size" in components["KlubDealView"]["properties"]
    records = [member["$ref"] for member in components["DealRecord"]["anyOf"]]
    # the other game reveals its deal as klub does: one record for both
    assert records == [COMPONENTS + "KlubDealRecord", COMPONENTS + "SixtySixDealRecord"]
    assert components["Trick"]["properties"]["winner"] == {"type": "integer"}  # shared parts
    assert "other-game" not in VARIANTS
