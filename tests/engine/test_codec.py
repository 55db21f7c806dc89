"""The wire format of events and commands: exact round trips, strict decoding, upcasting."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from apps.matches.engine import (
    CodecError,
    DealCards,
    PlayCard,
    StartMatch,
    Surrender,
    card,
    cards,
    command_from_json,
    command_to_json,
    from_json,
    to_json,
)
from apps.matches.engine.events import DealEnded, HandShown, MatchEnded
from apps.matches.engine.variants.klub.events import CardPlayed, TalonClosed

DECK = cards("PA PX PK PO PU TA TX TK TO TU ZA ZX ZK ZO ZU MA MX MK MO MU")


def test_event_wire_format_is_flat_json_with_type_and_version() -> None:
    payload = to_json(CardPlayed(seat=1, card=card("ZA")))
    assert payload == {
        "type": "card_played",
        "schema_version": 2,
        "seat": 1,
        "card": "ZA",
        "stand_in": False,
    }
    assert from_json(payload) == CardPlayed(1, card("ZA"))


def test_card_played_version_1_is_upcast_to_a_players_own_card() -> None:
    """Events stored before stand-ins existed read as cards their players played themselves."""
    stored = {"type": "card_played", "schema_version": 1, "seat": 0, "card": "PA"}
    assert from_json(stored) == CardPlayed(0, card("PA"), stand_in=False)
    stand_in = to_json(CardPlayed(0, card("PA"), stand_in=True))
    assert from_json(stand_in).stand_in is True


def test_deadlines_cross_the_wire_as_iso_instants() -> None:
    until = datetime(2026, 11, 29, 15, 0, 10, 250_000, tzinfo=UTC)
    shown = HandShown(seat=1, cards=cards("PA TX"), until=until)
    payload = json.loads(json.dumps(to_json(shown)))
    assert payload["until"] == "2026-11-29T15:00:10.250000+00:00"
    assert from_json(payload) == shown
    for bad in ("2026-11-29T15:00:10", "tomorrow", 1764428410):
        with pytest.raises(CodecError, match="time"):
            from_json({**payload, "until": bad})


def test_round_trip_of_nested_and_optional_fields() -> None:
    ended = DealEnded(winner=None, game_points=0, reason="match_ended", deck=DECK, salt="ab" * 8)
    assert from_json(json.loads(json.dumps(to_json(ended)))) == ended
    match_end = MatchEnded(1, "points", (3, 7), radli=0, schneider=False, ruckschneider=True)
    assert to_json(match_end)["scores"] == [3, 7]
    assert from_json(to_json(match_end)) == match_end


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"type": "card_played", "schema_version": 1, "seat": 0}, "missing field 'card'"),
        ({"type": "card_played", "schema_version": 1, "seat": 0, "card": "PQ"}, "not a card"),
        ({"type": "card_played", "schema_version": 1, "seat": "0", "card": "PA"}, "integer"),
        ({"type": "card_played", "schema_version": 1, "seat": True, "card": "PA"}, "integer"),
        ({"type": "card_played", "schema_version": 1, "seat": 0, "card": "PA", "x": 1}, "unknown"),
        ({"type": "card_played", "schema_version": 9, "seat": 0, "card": "PA"}, "schema_version"),
        ({"type": "no_such_event", "schema_version": 1}, "unknown event type"),
        (["card_played"], "JSON object"),
    ],
)
def test_malformed_events_are_refused_with_a_codec_error(payload: object, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        from_json(payload)  # type: ignore[arg-type]


@pytest.fixture
def talon_closed_v0_upcaster() -> Iterator[None]:
    """Pretend TalonClosed is at version 2 and version 1 called the seat ``player``."""
    original = TalonClosed.schema_version
    TalonClosed.schema_version = 2  # type: ignore[misc]
    TalonClosed.upcasters = {  # type: ignore[attr-defined]
        1: lambda p: {
            **{k: v for k, v in p.items() if k != "player"},
            "seat": p["player"],
            "schema_version": 2,
        }
    }
    yield
    TalonClosed.schema_version = original  # type: ignore[misc]
    del TalonClosed.upcasters  # type: ignore[attr-defined]


@pytest.mark.usefixtures("talon_closed_v0_upcaster")
def test_old_schema_versions_are_upcast_on_decoding() -> None:
    old = {"type": "talon_closed", "schema_version": 1, "player": 1}
    assert from_json(old) == TalonClosed(seat=1)
    assert to_json(TalonClosed(seat=1))["schema_version"] == 2


def test_an_old_version_without_upcaster_is_refused() -> None:
    original = TalonClosed.schema_version
    TalonClosed.schema_version = 2  # type: ignore[misc]
    try:
        with pytest.raises(CodecError, match="no upcaster"):
            from_json({"type": "talon_closed", "schema_version": 1, "seat": 0})
    finally:
        TalonClosed.schema_version = original  # type: ignore[misc]


def test_commands_from_client_json_take_the_seat_from_the_caller() -> None:
    command = command_from_json({"type": "play_card", "card": "MO"}, seat=0)
    assert command == PlayCard(seat=0, card=card("MO"))
    # a client that sends a seat (or the server's stand-in flag) itself is refused, not
    # silently overruled (issue 28: unknown fields are 400 with the field named)
    with pytest.raises(CodecError, match=r"unknown fields.*seat"):
        command_from_json({"type": "play_card", "card": "MO", "seat": 1}, seat=0)
    with pytest.raises(CodecError, match=r"unknown fields.*stand_in"):
        command_from_json(
            {"type": "play_card", "card": "MO", "stand_in": True}, seat=0, stand_in=False
        )
    assert command_from_json({"type": "surrender", "confirm": True}, seat=1) == Surrender(1, True)
    assert command_from_json({"type": "surrender"}, seat=1) == Surrender(1, confirm=False)


def test_commands_round_trip() -> None:
    for command in (
        StartMatch("klub", first_dealer=1),
        StartMatch("klub", first_dealer=0, target=7),
        DealCards(DECK, "0f" * 16),
        PlayCard(0, card("TU")),
    ):
        assert command_from_json(command_to_json(command)) == command


@pytest.mark.parametrize(
    "payload",
    [
        {"type": "play_card"},
        {"type": "play_card", "card": 7},
        {"type": "play_card", "card": None},
        {"type": "surrender", "confirm": "yes"},
        {"type": "fly_away"},
        {"type": {}},
        {"type": []},
        {"card": "PA"},
        "play_card",
    ],
)
def test_malformed_client_commands_are_codec_errors(payload: object) -> None:
    with pytest.raises(CodecError):
        command_from_json(payload, seat=0)  # type: ignore[arg-type]
