"""What each seat is shown: its own cards and the public facts, never the other hand or the
talon order, and the whole deal once it is over."""

from __future__ import annotations

import hashlib

from apps.matches.engine import (
    INITIAL,
    VARIANTS,
    CloseTalon,
    DealCards,
    MatchState,
    PlayCard,
    StartMatch,
    Surrender,
    card,
    cards,
    decide,
    redact_event,
    replay,
    view_for,
)
from apps.matches.engine.events import DealStarted
from apps.matches.engine.variants.klub.events import CardDrawn

KLUB = VARIANTS["klub"]
SALT = "5a17" * 8
# Seat 1 is the dealer, so seat 0 (forehand) gets the first five cards.
FOREHAND = "PA PX PK PO TU"
DEALER = "ZA ZX ZK ZO MU"
TRUMP = "TA"
TALON = "MA MX MK MO ZU TX TK TO PU"
DECK = cards(f"{FOREHAND} {DEALER} {TRUMP} {TALON}")


def started() -> MatchState:
    state = replay(decide(INITIAL, StartMatch("klub", first_dealer=1)))
    return replay(decide(state, DealCards(DECK, SALT)), state)


def step(state: MatchState, command: object) -> MatchState:
    return replay(decide(state, command), state)  # type: ignore[arg-type]


def test_each_seat_sees_its_hand_the_trump_card_and_counts_of_the_rest() -> None:
    view = view_for(started(), 0)
    deal = view["deal"]
    assert view["status"] == "playing" and view["scores"] == [0, 0]
    assert sorted(deal["hand"]) == sorted(FOREHAND.split())
    assert deal["trump_card"] == "TA" and deal["trump_suit"] == "T"
    assert deal["talon_size"] == 10 and deal["phase"] == "open"
    assert deal["turn"] == 0 and deal["hand_sizes"] == [5, 5]
    assert (
        deal["commitment"]
        == hashlib.sha256((SALT + "".join(c.code for c in DECK)).encode()).hexdigest()
    )
    assert "deck" not in str(view) and SALT not in str(view)
    for hidden in DEALER.split() + TALON.split():
        assert f"'{hidden}'" not in str(view)
    types = [a["type"] for a in view["legal_actions"]]
    assert types.count("play_card") == 5
    assert "close_talon" in types and "exchange_trump" in types  # forehand holds TU, trump is T
    assert all("seat" not in a for a in view["legal_actions"])


def test_the_seat_not_to_move_may_only_surrender_leave_or_resign() -> None:
    view = view_for(started(), 1)
    assert sorted(view["deal"]["hand"]) == sorted(DEALER.split())
    assert [a["type"] for a in view["legal_actions"]] == ["surrender", "leave", "resign"]


def test_trick_on_table_last_trick_captures_and_pending_marriage_points() -> None:
    state = started()
    state = step(state, PlayCard(0, card("PK")))  # marriage in P: 20, no trick yet
    view0 = view_for(state, 0)
    assert view0["deal"]["table"] == [{"seat": 0, "card": "PK"}]
    assert view0["deal"]["marriages"] == [["P"], []]
    assert view0["deal"]["points"] == 20 and view0["deal"]["pending_marriage_points"] == 20
    state = step(state, PlayCard(1, card("ZA")))  # free play: ZA does not take PK, seat 0 wins
    view0, view1 = view_for(state, 0), view_for(state, 1)
    assert view0["deal"]["last_trick"] == {
        "leader": 0,
        "cards": [{"seat": 0, "card": "PK"}, {"seat": 1, "card": "ZA"}],
        "winner": 0,
    }
    assert view0["deal"]["captured"] == ["PK", "ZA"] and view0["deal"]["points"] == 35
    assert view0["deal"]["pending_marriage_points"] == 0
    assert view1["deal"]["captured"] == [] and "points" in view1["deal"]
    assert view1["deal"]["points"] == 0 and view1["deal"]["trick_counts"] == [1, 0]
    # each drew one card: seat 0 (winner) MA first, seat 1 MX
    assert "MA" in view0["deal"]["hand"] and "MA" not in str(view1)
    assert "MX" in view1["deal"]["hand"] and "MX" not in str(view0)
    assert view0["deal"]["talon_size"] == 8


def test_closing_turns_the_trump_card_face_down() -> None:
    state = step(started(), CloseTalon(0))
    deal = view_for(state, 1)["deal"]
    assert deal["phase"] == "closed" and deal["closed_by"] == 0
    assert deal["trump_card"] is None and deal["trump_suit"] == "T"


def test_after_the_deal_everything_is_revealed_to_both_seats() -> None:
    state = step(started(), Surrender(1, confirm=True))
    for seat in (0, 1):
        deal = view_for(state, seat)["deal"]
        revealed = deal["revealed"]
        assert deal["phase"] == "over" and deal["turn"] is None
        assert revealed["deck"] == [c.code for c in DECK] and revealed["salt"] == SALT
        assert revealed["hands"] == [
            sorted(FOREHAND.split(), key=_order),
            sorted(DEALER.split(), key=_order),
        ]
        assert revealed["result"] == {"winner": 0, "game_points": 3, "reason": "surrendered"}
        assert revealed["surrendered_by"] == 1


def _order(code: str) -> tuple[int, int]:
    c = card(code)
    return ("PTZM".index(c.suit), c.order)


def test_deal_started_is_redacted_to_the_own_hand_and_the_commitment() -> None:
    event = decide(replay(decide(INITIAL, StartMatch("klub", 1))), DealCards(DECK, SALT))[0]
    assert isinstance(event, DealStarted)
    for seat, hand in ((0, FOREHAND), (1, DEALER)):
        payload = redact_event(event, seat=seat, variant=KLUB)
        assert set(payload) == {
            "type",
            "schema_version",
            "number",
            "dealer",
            "commitment",
            "hand",
            "trump_card",
        }
        assert sorted(payload["hand"]) == sorted(hand.split())
        assert payload["trump_card"] == "TA"
    spectator = redact_event(event, seat=None, variant=KLUB)
    assert "hand" not in spectator and "deck" not in spectator


def test_a_drawn_card_is_shown_only_to_its_drawer_unless_it_is_the_trump_card() -> None:
    drawn = CardDrawn(seat=1, card=card("MX"), face_up=False)
    assert redact_event(drawn, seat=1, variant=KLUB)["card"] == "MX"
    assert "card" not in redact_event(drawn, seat=0, variant=KLUB)
    trump = CardDrawn(seat=1, card=card("TA"), face_up=True)
    assert redact_event(trump, seat=0, variant=KLUB)["card"] == "TA"
