"""The OpenAPI components of the engine's JSON are made from the engine's declarations
(``engine/shapes.py``, ``Rules.shapes``), not kept by hand: the document holds them as declared,
the events are one component per type told apart by ``type``, and the match view is one
component per registered variant told apart by ``variant`` (a ``oneOf`` with a discriminator),
so that a real view of each variant fits exactly one of them (tests/test_openapi.py holds real
answers to the components)."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from drf_spectacular.validation import validate_schema
from jsonschema import Draft202012Validator

from apps.matches.api.schema import declared_schemas
from apps.matches.engine import VARIANTS, register, shapes, unregister
from apps.matches.engine.codec import event_types
from apps.matches.engine.variants.klub import KlubRules
from tests.conftest import MakePlayer
from tests.engine.toy import TOY, toy_registered
from tests.matches.helpers import act, create_computer_match, fetch
from tests.schema_check import api_schema, json_schema

COMPONENTS = "#/components/schemas/"


def test_the_engine_components_are_the_declarations(schema: dict) -> None:
    components = schema["components"]["schemas"]
    declared = declared_schemas()
    names = ("MatchView", "KlubMatchView", "SixtySixMatchView", "KlubDealView", "SixtySixDealView")
    for name in (*names, "PresenceView", "Action", "Event", "DealRecord"):
        assert components[name] == declared[name], name
    for name in ("ViewStatusEnum", "PhaseEnum", "ActionTypeEnum", "DealEndReasonEnum"):
        assert components[name]["enum"] == declared[name]["enum"], name
    assert components["MatchEndReasonEnum"]["enum"] == list(shapes.MATCH_END_REASONS)
    deal = components["SixtySixMatchView"]["properties"]["deal"]
    assert deal["allOf"] == [{"$ref": COMPONENTS + "SixtySixDealView"}] and deal["nullable"]


def branch_name(variant: str) -> str:
    return "".join(part.capitalize() for part in variant.split("-")) + "MatchView"


def assert_a_branch_per_registered_variant(document: dict) -> None:
    """``MatchView`` is a ``oneOf`` of one component per registered variant, with a
    discriminator on ``variant`` whose mapping names each; each branch's ``variant`` is its
    one name, so exactly one branch fits a view; the answers that carry a view refer to it."""
    components = document["components"]["schemas"]
    view = components["MatchView"]
    mapping = {name: COMPONENTS + branch_name(name) for name in sorted(VARIANTS)}
    assert view["discriminator"] == {"propertyName": "variant", "mapping": mapping}
    assert view["oneOf"] == [{"$ref": ref} for ref in mapping.values()]
    for name, ref in mapping.items():
        branch = components[ref.removeprefix(COMPONENTS)]
        assert branch["properties"]["variant"] == {"type": "string", "enum": [name]}
        assert {"variant", "deal", "legal_actions"} <= set(branch["required"])
        assert branch["properties"]["target"]["enum"] == list(VARIANTS[name].targets)
    for holder in ("MatchOutput", "ActionOutput"):
        field = components[holder]["properties"]["view"]
        assert field.get("allOf", [field])[0] == {"$ref": COMPONENTS + "MatchView"}, holder


def test_the_match_view_is_a_union_of_the_variants_told_apart_by_variant(tmp_path: Path) -> None:
    """The document ``manage.py spectacular`` writes, validated (OpenAPI 3)."""
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    document = yaml.safe_load(target.read_text())
    assert set(document["components"]["schemas"]["MatchView"]["discriminator"]["mapping"]) == {
        "klub",
        "partnership",
        "sixty-six",
    }
    assert_a_branch_per_registered_variant(document)


def test_every_event_type_is_a_component_told_apart_by_its_type(schema: dict) -> None:
    components = schema["components"]["schemas"]
    event = components["Event"]
    mapping = event["discriminator"]["mapping"]
    assert event["discriminator"]["propertyName"] == "type"
    assert set(mapping) == {cls.type for cls in event_types()}
    assert [m["$ref"] for m in event["oneOf"]] == list(mapping.values())
    for kind, ref in mapping.items():
        member = components[ref.removeprefix(COMPONENTS)]
        # an event whose shape differs by variant (deal_started) is a union of that type's
        branches = [
            components[m["$ref"].removeprefix(COMPONENTS)] if "$ref" in m else m
            for m in member.get("anyOf", [member])
        ]
        for branch in branches:
            assert branch["properties"]["type"]["enum"] == [kind]
            assert {"type", "schema_version"} <= set(branch["required"])
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


def test_a_variant_registered_later_adds_its_branch_and_leaves_no_trace() -> None:
    """The tests' toy (klub's deal view, its own targets) and a variant whose deal view differs
    each get a match view of their own while registered, and nothing once unregistered."""
    with toy_registered(), a_variant_that_shows_its_deal_otherwise():
        document = api_schema()
        assert_a_branch_per_registered_variant(document)
    validate_schema(document)
    components = document["components"]["schemas"]
    mapping = components["MatchView"]["discriminator"]["mapping"]
    assert list(mapping) == ["klub", TOY, "other-game", "partnership", "sixty-six"]
    toy = components["Klub3MatchView"]["properties"]
    assert toy["variant"]["enum"] == [TOY] and toy["target"]["enum"] == [3, 5]
    assert toy["deal"]["allOf"] == [{"$ref": COMPONENTS + "Klub3DealView"}]
    assert "stock" in components["OtherGameDealView"]["properties"]
    assert "talon_size" in components["KlubDealView"]["properties"]
    records = [member["$ref"] for member in components["DealRecord"]["anyOf"]]
    # the other games reveal their deals as klub does: one record for them
    assert records == [
        COMPONENTS + "KlubDealRecord",
        COMPONENTS + "SixtySixDealRecord",
        COMPONENTS + "PartnershipDealRecord",
    ]
    assert components["Trick"]["properties"]["winner"] == {"type": "integer"}  # shared parts
    assert TOY not in VARIANTS and "other-game" not in VARIANTS
    assert_a_branch_per_registered_variant(api_schema())


# --- real views against the union ------------------------------------------------------------


def branches_fitting(document: dict, view: dict) -> list[str]:
    """The ``MatchView`` branches ``view`` validates against (objects closed, as ``check``)."""
    components = json_schema(copy.deepcopy(document["components"]["schemas"]))
    fitting = []
    for member in document["components"]["schemas"]["MatchView"]["oneOf"]:
        root = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "components": {"schemas": components},
            "$ref": member["$ref"],
        }
        if Draft202012Validator(root).is_valid(view):
            fitting.append(member["$ref"].removeprefix(COMPONENTS))
    return fitting


def assert_fits_its_branch_only(document: dict, view: dict) -> None:
    assert branches_fitting(document, view) == [branch_name(view["variant"])], view["variant"]


@pytest.mark.django_db
def test_real_views_of_each_variant_fit_exactly_one_branch(
    make_player: MakePlayer, schema: dict
) -> None:
    """Views made over the API (a waiting room, a match just dealt, the view in an action's
    answer, a finished deal's view) of klub and sixty-six each fit their own branch alone."""
    guest, host = make_player(guest=True), make_player()
    for variant, target in (("klub", 7), ("sixty-six", 11)):
        body = {"variant": variant, "target": target}
        room = host.client.post("/api/v1/rooms/", body, format="json")
        assert room.status_code == 201, room.content
        waiting = room.json()["view"]
        assert (waiting["status"], waiting["variant"], waiting["target"]) == (
            "not_started",
            variant,
            target,
        )
        assert_fits_its_branch_only(schema, waiting)
        match = create_computer_match(guest, **body)
        assert_fits_its_branch_only(schema, match["view"])
        surrender = {"type": "surrender", "confirm": True}
        answer = act(guest, match, surrender, f"give-up-{variant}")
        assert answer.status_code == 200, answer.content
        assert_fits_its_branch_only(schema, answer.json()["view"])
        assert_fits_its_branch_only(schema, fetch(guest, match["id"])["view"])


@pytest.mark.django_db
def test_a_toy_variants_views_fit_its_own_branch(make_player: MakePlayer) -> None:
    """With the toy registered, the schema generated then has its branch, and its room's
    views fit that branch alone: a new variant needs no change to the schema code."""
    host, friend = make_player(), make_player()
    with toy_registered():
        document = api_schema()
        room = host.client.post("/api/v1/rooms/", {"variant": TOY}, format="json").json()
        assert_fits_its_branch_only(document, room["view"])
        joined = friend.client.post(
            "/api/v1/rooms/join/", {"code": room["invite"]["code"]}, format="json"
        )
        assert joined.status_code == 200, joined.content
        assert joined.json()["view"]["status"] == "playing"
        assert_fits_its_branch_only(document, joined.json()["view"])
