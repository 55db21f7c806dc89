"""``POST …/actions/`` takes a well-made body without building its serializer
(``inputs.action_input``); every body must still be judged exactly as ``ActionInput`` judges it:
the same validated data, or the same 400 naming the same fields."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from apps.matches.api.inputs import ActionInput, action_input
from tests.sizes import size

GOOD = {
    "action": {"type": "play_card", "card": "PA"},
    "expected_version": 3,
    "client_move_id": "m1",
}


def _judged(judge: Any, body: object) -> tuple[str, Any]:
    try:
        return "taken", dict(judge(body))
    except ValidationError as refusal:
        return "refused", refusal.detail


def _serializer(body: object) -> Any:
    serializer = ActionInput(data=body)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _same(body: object) -> None:
    assert _judged(action_input, body) == _judged(_serializer, body)


@pytest.mark.parametrize(
    "change",
    [
        {},
        {"client_move_id": " m1"},
        {"client_move_id": "m1\n"},
        {"client_move_id": "m\x001"},
        {"client_move_id": "\ud800"},
        {"client_move_id": ""},
        {"client_move_id": "   "},
        {"client_move_id": "x" * 64},
        {"client_move_id": "x" * 65},
        {"client_move_id": 7},
        {"client_move_id": None},
        {"expected_version": -1},
        {"expected_version": 0},
        {"expected_version": True},
        {"expected_version": 1.0},
        {"expected_version": "3"},
        {"expected_version": None},
        {"action": []},
        {"action": {}},
        {"action": "play_card"},
        {"action": None},
        {"seat": 1},
    ],
)
def test_a_body_is_judged_as_the_serializer_judges_it(change: dict) -> None:
    _same(GOOD | change)


@pytest.mark.parametrize("missing", sorted(GOOD))
def test_a_missing_field_is_refused_as_the_serializer_refuses_it(missing: str) -> None:
    body = {k: v for k, v in GOOD.items() if k != missing}
    assert _judged(action_input, body)[0] == "refused"
    _same(body)


@pytest.mark.parametrize("body", [[], "x", None, 3])
def test_a_body_that_is_no_object_is_refused_as_the_serializer_refuses_it(body: object) -> None:
    _same(body)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=70),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=5,
)


@settings(max_examples=size(75, 300), deadline=None)
@given(
    action=JSON,
    version=JSON,
    move_id=st.text(max_size=70) | JSON,
    extra=st.dictionaries(st.sampled_from(["seat", "action", "x"]), JSON, max_size=1),
)
def test_any_body_is_judged_as_the_serializer_judges_it(
    action: object, version: object, move_id: object, extra: dict
) -> None:
    _same({"action": action, "expected_version": version, "client_move_id": move_id} | extra)
