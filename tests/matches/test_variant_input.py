"""The variant a request names is checked against the registry when the request comes, not
against the variants known when the API module was imported: a variant registered later (the
tests' toy variant) is accepted, and an unknown one is refused (400 unknown_variant, the code
docs/api.md gives)."""

from __future__ import annotations

import pytest

from tests.conftest import MakePlayer
from tests.engine.toy import TOY, toy_registered

pytestmark = pytest.mark.django_db


def test_a_variant_registered_after_import_is_accepted_and_an_unknown_one_refused(
    make_player: MakePlayer,
) -> None:
    host = make_player()
    with toy_registered():
        room = host.client.post("/api/v1/rooms/", {"variant": TOY}, format="json")
        assert room.status_code == 201, room.content
        assert room.json()["variant"] == TOY
    refused = host.client.post("/api/v1/rooms/", {"variant": TOY}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "unknown_variant"
