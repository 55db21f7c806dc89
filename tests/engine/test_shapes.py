"""The declared shapes (``engine/shapes.py``, ``Rules.shapes``) hold what the engine really
builds: every view, history and redacted event of stored klub matches that between them reach
every event type and every way a deal or a match ends, for both seats, validates against its
declaration; the match view is one shape per variant, told apart by ``variant``; and elsewhere
the union by variant is one shape while the variants agree."""

from __future__ import annotations

from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from apps.matches.engine import (
    INITIAL,
    VARIANTS,
    evolve,
    from_json,
    history_for,
    redact_event,
    shapes,
    view_for,
)
from apps.matches.engine.events import TABLE_EVENTS
from apps.matches.engine.variants.klub import KlubRules
from tests.schema_check import json_schema

from .test_stored_streams import DEAL_END_REASONS, EVENT_TYPES, MATCH_END_REASONS, stored_matches
from .toy import TOY, ThreeCardKlub, toy_registered

SEATS = (0, 1)
# The events and actions sixty-six adds to klub's (its views are held to their shapes in
# test_sixty_six_views.py).
SIXTY_SIX_EVENT_TYPES = {"enough_declared", "count_chosen"}
SIXTY_SIX_ACTIONS = {"declare_enough", "let_count"}
# Events and actions that came after the stored klub streams were recorded: the four-seat
# table's takeover of a seat whose player quit, and partnership's own.
LATER_TABLE_EVENT_TYPES = {"seat_taken_over", "seed_given", "secret_committed", "seeds_closed"}
PARTNERSHIP_EVENT_TYPES = {
    "bid_made",
    "passed",
    "bidding_ended",
    "all_passed",
    "doubled",
    "doubling_declined",
    "doubling_closed",
    "partner_revealed",
    "cards_shown",
    "hand_settled",
}
PARTNERSHIP_ACTIONS = {
    "bid",
    "pass",
    "kontra",
    "rekontra",
    "subkontra",
    "no_double",
    "play",
    "show_cards",
}


@cache
def validator(declaration: str) -> Draft202012Validator:
    variants = list(VARIANTS.values())
    schema = {
        "view": shapes.match_view(variants),
        "history": union_of("history"),
        "event": shapes.event(variants),
    }[declaration]
    return Draft202012Validator(json_schema(schema))


def union_of(part: str) -> dict[str, Any]:
    return shapes.union("History", {r.name: getattr(r.shapes, part) for r in VARIANTS.values()})


def errors(declaration: str, value: Any) -> list[str]:
    found = validator(declaration).iter_errors(value)
    return [f"{list(e.absolute_path)}: {e.message}" for e in sorted(found, key=str)][:3]


def covering_matches() -> list[dict[str, Any]]:
    """The first stored matches that together reach every event type and end reason."""
    chosen, seen = [], set()
    wanted = (
        {("type", t) for t in EVENT_TYPES}
        | {("deal_ended", r) for r in DEAL_END_REASONS}
        | {("match_ended", r) for r in MATCH_END_REASONS}
    )
    for stored in stored_matches():
        found = {("type", e["type"]) for e in stored["events"]}
        found |= {(e["type"], e["reason"]) for e in stored["events"] if "reason" in e}
        if found - seen:
            chosen.append(stored)
            seen |= found
        if wanted <= seen:
            return chosen
    raise AssertionError(f"the fixture no longer covers {sorted(wanted - seen)}")


def test_every_view_history_and_event_holds_to_its_declaration() -> None:
    failures: list[str] = []
    checked = 0
    for index, stored in enumerate(covering_matches()):
        state = INITIAL
        for seq, payload in enumerate(stored["events"]):
            event = from_json(payload)
            state = evolve(state, event)
            assert state.variant is not None
            where = f"match {index}, seq {seq} ({payload['type']})"
            for seat in SEATS:
                for online in (False, True):
                    view = view_for(state, seat, online=online)
                    failures += [f"{where} view {seat}: {e}" for e in errors("view", view)]
                history = history_for(state, seat)
                if history is not None:
                    failures += [f"{where} history: {e}" for e in errors("history", history)]
            for seat in (*SEATS, None):
                for current in (state, None):
                    shown = redact_event(event, seat=seat, variant=state.variant, current=current)
                    failures += [f"{where} event {seat}: {e}" for e in errors("event", shown)]
            checked += 1
    assert not failures, "\n".join(failures[:10])
    assert checked > 100


def test_the_event_union_names_each_type_once_and_tells_them_apart_by_type() -> None:
    declared = shapes.event(VARIANTS.values())
    # an event whose shape differs by variant (deal_started) is a union of the same type
    kinds = [
        (member if "properties" in member else member["anyOf"][0])["properties"]["type"]["enum"]
        for member in declared["oneOf"]
    ]
    assert sorted(k for (k,) in kinds) == sorted(
        EVENT_TYPES | SIXTY_SIX_EVENT_TYPES | LATER_TABLE_EVENT_TYPES | PARTNERSHIP_EVENT_TYPES
    )
    mapping = declared["discriminator"]["mapping"]
    assert {m["title"] for m in declared["oneOf"]} == set(mapping.values())
    assert mapping["card_played"] == "CardPlayedEvent"
    assert {cls.type for cls in TABLE_EVENTS} <= set(mapping)


def test_variants_that_agree_make_one_shape_and_others_a_union() -> None:
    klub = KlubRules.shapes.history
    agreeing = shapes.union("History", {"klub": klub, TOY: ThreeCardKlub.shapes.history})
    assert agreeing == {**klub, "title": "History"}
    other = shapes.reshaped(klub, drop=("closed",))
    both = shapes.union("History", {"klub": klub, "other-game": other})
    assert both["title"] == "History"
    assert [m["title"] for m in both["anyOf"]] == ["KlubHistory", "OtherGameHistory"]
    assert "closed" not in both["anyOf"][1]["properties"]


def test_the_match_view_is_one_shape_per_variant_told_apart_by_its_variant() -> None:
    """Each registered variant, the tests' toy too, has its own match view whose ``variant``
    is that variant's name alone, so exactly one fits; the order variants were registered in
    changes nothing."""
    with toy_registered():
        variants = list(VARIANTS.values())
        declared = shapes.match_view(variants)
        assert shapes.match_view(reversed(variants)) == declared
    members = {m["title"]: m for m in declared["oneOf"]}
    assert declared["discriminator"] == {
        "propertyName": "variant",
        "mapping": {
            "klub": "KlubMatchView",
            TOY: "Klub3MatchView",
            "partnership": "PartnershipMatchView",
            "sixty-six": "SixtySixMatchView",
        },
    }
    assert list(members) == [
        "KlubMatchView",
        "Klub3MatchView",
        "PartnershipMatchView",
        "SixtySixMatchView",
    ]
    for name, title in declared["discriminator"]["mapping"].items():
        member = members[title]
        assert member["properties"]["variant"]["enum"] == [name]
        assert "variant" in member["required"]
    sixty_six = members["SixtySixMatchView"]["properties"]
    assert sixty_six["target"]["enum"] == [7, 11]
    assert shapes.unwrap(sixty_six["deal"])["title"] == "SixtySixDealView"
    assert "bonus" in shapes.unwrap(sixty_six["deal"])["properties"]
    klub_deal = shapes.unwrap(members["KlubMatchView"]["properties"]["deal"])
    assert "bonus" not in klub_deal["properties"]


def test_the_actions_are_the_commands_a_seat_may_be_offered() -> None:
    declared = shapes.action(VARIANTS.values())
    kinds = declared["properties"]["type"]["enum"]
    assert (
        set(kinds)
        == {
            "exchange_trump",
            "close_talon",
            "play_card",
            "surrender",
            "resign",
            "leave",
            "pause",
            "resume",
            "show_hand",
        }
        | SIXTY_SIX_ACTIONS
        | PARTNERSHIP_ACTIONS
    )
    assert declared["required"] == ["type"]
    assert declared["properties"]["confirm"]["description"] == "surrender only; must be true"
    assert "seat" not in declared["properties"] and "stand_in" not in declared["properties"]
