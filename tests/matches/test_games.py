"""The games' catalogue (``GET /api/v1/games/``): every registered variant, as it declares
itself, with the actions a player may send in it (its deal's commands, then the table's) named
in both languages; a variant registered later is listed too; OpenAPI documents every field."""

from __future__ import annotations

from typing import Any

import pytest

from apps.matches.engine import VARIANTS
from tests.conftest import MakePlayer
from tests.engine.toy import TOY, toy_registered
from tests.schema_check import api_schema, response_checker

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"
TABLE_ACTIONS = ["resign", "leave", "pause", "resume"]


def _games(make_player: MakePlayer) -> list[dict[str, Any]]:
    answer = make_player().client.get(GAMES)
    assert answer.status_code == 200, answer.content
    body: list[dict[str, Any]] = response_checker(api_schema())(answer, GAMES)
    return body


def test_every_registered_variant_is_listed_with_every_action_it_accepts(
    make_player: MakePlayer,
) -> None:
    games = _games(make_player)
    assert [g["variant"] for g in games] == list(VARIANTS)
    for game in games:
        rules = VARIANTS[game["variant"]]
        types = [a["type"] for a in game["actions"]]
        # the deal's commands as the variant declares them, then the table's, nothing else
        assert types[: len(rules.commands)] == [c.type for c in rules.commands]
        assert types[len(rules.commands) :] in (TABLE_ACTIONS, [*TABLE_ACTIONS, "show_hand"])
        assert ("show_hand" in types) == rules.hands_may_be_shown
        for action in game["actions"]:
            labels = action["labels"]
            assert set(labels) == {"hu", "en"}, action
            assert all(text.strip() for text in labels.values()), action
    by_name = {g["variant"]: {a["type"]: a["labels"] for a in g["actions"]} for g in games}
    assert by_name["sixty-six"]["declare_enough"] == {"hu": "Elég!", "en": "Enough!"}
    assert "let_count" not in by_name["klub"]
    assert {"bid", "pass", "kontra", "show_cards"} <= set(by_name["partnership"])
    # the service never sends a deadline's command for a player, so none is offered
    assert "end_doubling" not in by_name["partnership"]


def test_a_variant_registered_later_is_listed_with_its_actions(make_player: MakePlayer) -> None:
    with toy_registered():
        games = {g["variant"]: g for g in _games(make_player)}
    # the toy plays klub's commands, so it offers klub's actions, named alike
    assert games[TOY]["actions"] == games["klub"]["actions"]


def test_the_schema_documents_the_catalogue() -> None:
    schema = api_schema()
    operation = schema["paths"][GAMES]["get"]
    body = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert body["type"] == "array"
    game = schema["components"]["schemas"][body["items"]["$ref"].rsplit("/", 1)[1]]
    assert set(game["required"]) >= {
        "variant",
        "labels",
        "seats",
        "targets",
        "default_target",
        "ranked",
        "computer_levels",
        "actions",
    }
    actions = game["properties"]["actions"]
    assert actions["type"] == "array"
    action = schema["components"]["schemas"][actions["items"]["$ref"].rsplit("/", 1)[1]]
    assert action["properties"]["type"]["type"] == "string"
    assert action["properties"]["labels"]["type"] == "object"
    assert action["properties"]["labels"]["additionalProperties"] == {"type": "string"}
