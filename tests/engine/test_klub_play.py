"""Klub play (rules §2): free and strict following, drawing, marriages, "gyors 40", 66 and the
last-trick rule."""

from __future__ import annotations

from apps.matches.engine import CloseTalon, MatchState, PlayCard, card, legal_actions, view_for
from apps.matches.engine.events import DealEnded
from apps.matches.engine.variants.klub.events import (
    CardDrawn,
    CardPlayed,
    MarriageAnnounced,
    TrickTaken,
)

from .builders import (
    FIRST_FIVE,
    LAST_FIVE,
    PLAYED_OUT,
    SALT,
    apply,
    deck,
    hand,
    p,
    refused,
    start,
)

# --- a whole deal played out with the talon open: PLAYED_OUT (see builders) -----------------


def _exhausted() -> MatchState:
    state, _ = apply(start(PLAYED_OUT), *FIRST_FIVE)
    return state


def test_free_play_while_the_talon_is_open() -> None:
    # Seat 1 holds ZK and ZX of the suit led, yet may trump with MX (any card is playable); then
    # seat 0, holding MO of the suit led, may still throw ZO under MA.
    state = start(PLAYED_OUT)
    state, _ = apply(state, p(0, "ZU"))
    assert {a.card.code for a in legal_actions(state, 1) if isinstance(a, PlayCard)} == {
        "ZK",
        "ZX",
        "MX",
        "MK",
        "MA",
    }
    state, _ = apply(state, p(1, "MX"), p(1, "MA"))
    state, events = apply(state, p(0, "ZO"))
    assert events[:2] == [CardPlayed(seat=0, card=card("ZO")), TrickTaken(seat=1, points=14)]


def test_drawing_order_winner_first_then_loser() -> None:
    state, events = apply(start(PLAYED_OUT), p(0, "ZU"), p(1, "MX"))
    assert events == [
        CardPlayed(seat=0, card=card("ZU")),
        CardPlayed(seat=1, card=card("MX")),
        TrickTaken(seat=1, points=12),
        CardDrawn(seat=1, card=card("PU"), face_up=False),  # the winner draws first
        CardDrawn(seat=0, card=card("PA"), face_up=False),
    ]
    assert state.deal is not None
    assert state.deal.leader == state.deal.turn == 1  # the winner leads next


def test_last_face_down_card_then_the_trump_card_to_the_other_player() -> None:
    state, _ = apply(start(PLAYED_OUT), *FIRST_FIVE[:8])
    assert state.deal is not None and state.deal.talon == (card("ZA"),)
    state, events = apply(state, p(1, "ZK"), p(0, "MO"))
    assert events[2:] == [
        TrickTaken(seat=0, points=7),
        CardDrawn(seat=0, card=card("ZA"), face_up=False),
        CardDrawn(seat=1, card=card("MU"), face_up=True),
    ]
    assert hand(state, 0) == {"PA", "PX", "TA", "TX", "ZA"}
    assert hand(state, 1) == {"PU", "PO", "TU", "TO", "MU"}
    view = view_for(state, 0)["deal"]
    assert view["phase"] == "exhausted"
    assert view["talon_size"] == 0
    assert view["trump_card"] is None


def test_strict_following_once_the_talon_is_exhausted() -> None:
    state, _ = apply(_exhausted(), p(0, "PA"))
    # Seat 1 holds PU PO TU TO MU: it must follow P; it cannot beat PA, so either P card will do.
    assert refused(state, p(1, "MU")) == "must_follow_suit"
    assert refused(state, p(1, "TO")) == "must_follow_suit"
    assert refused(state, p(1, "ZA")) == "card_not_in_hand"
    assert {a.card.code for a in legal_actions(state, 1) if isinstance(a, PlayCard)} == {
        "PU",
        "PO",
    }


def test_last_trick_wins_one_game_point_with_the_open_talon() -> None:
    state, events = apply(_exhausted(), *LAST_FIVE[:8])
    assert not any(isinstance(e, DealEnded) for e in events)  # 59:48, nobody at 66 yet
    state, events = apply(state, *LAST_FIVE[8:])
    assert events == [
        CardPlayed(seat=0, card=card("ZA")),
        CardPlayed(seat=1, card=card("MU")),  # void in Z: must trump
        TrickTaken(seat=1, points=13),
        DealEnded(winner=1, game_points=1, reason="last_trick", deck=PLAYED_OUT, salt=SALT),
    ]
    d = state.deal
    assert d is not None
    assert (d.points(0), d.points(1)) == (59, 61)
    assert state.scores == (0, 1)


# --- strict rules after a close on the first lead --------------------------------------------
#
# Trump M (trump card MU). Seat 0 holds PK TU ZU TO ZO (no PO, so leading PK announces nothing),
# closes at once and leads; the strict rules apply to seat 1's answer.


def _closed_and_led(dealer: str, led: str) -> MatchState:
    state = start(deck(forehand="PK TU ZU TO ZO", dealer=dealer, trump="MU"))
    state, _ = apply(state, CloseTalon(0), p(0, led))
    return state


def test_must_follow_suit_and_beat_after_a_close() -> None:
    state = _closed_and_led(dealer="PA PO MX TA ZA", led="PK")
    assert refused(state, p(1, "PO")) == "must_beat"  # PA beats PK
    assert refused(state, p(1, "MX")) == "must_follow_suit"  # a trump, while holding P
    assert refused(state, p(1, "TA")) == "must_follow_suit"
    assert refused(state, p(1, "ZK")) == "card_not_in_hand"
    assert refused(state, p(0, "TU")) == "not_your_turn"
    state, events = apply(state, p(1, "PA"))
    assert events == [CardPlayed(seat=1, card=card("PA")), TrickTaken(seat=1, points=15)]


def test_must_follow_with_a_lower_card_when_unable_to_beat() -> None:
    state = _closed_and_led(dealer="PU PO MX TA ZA", led="PK")
    assert refused(state, p(1, "MX")) == "must_follow_suit"
    state, events = apply(state, p(1, "PO"))  # cannot beat PK: any P card
    assert events[-1] == TrickTaken(seat=0, points=7)


def test_must_trump_when_void_in_the_suit_led() -> None:
    state = _closed_and_led(dealer="PA PO MX ZA ZK", led="TU")
    assert refused(state, p(1, "ZA")) == "must_trump"
    assert refused(state, p(1, "PA")) == "must_trump"
    assert [a for a in legal_actions(state, 1) if isinstance(a, PlayCard)] == [p(1, "MX")]
    state, events = apply(state, p(1, "MX"))
    assert events[-1] == TrickTaken(seat=1, points=12)


def test_anything_goes_with_neither_the_suit_led_nor_a_trump() -> None:
    state = _closed_and_led(dealer="PA PO ZA ZK PX", led="TU")
    assert {a.card.code for a in legal_actions(state, 1) if isinstance(a, PlayCard)} == {
        "PA",
        "PO",
        "ZA",
        "ZK",
        "PX",
    }
    state, events = apply(state, p(1, "PO"))
    assert events[-1] == TrickTaken(seat=0, points=5)  # TU holds: PO is neither T nor trump


# --- marriages -------------------------------------------------------------------------------
#
# Trump M (trump card MX). Seat 0: PO PK TA ZU MU. Seat 1: PA TK TO ZA ZO. Talon: ZK PU TU TX ...
#   T1  0 leads PO holding PK: 20 (0: 20, no trick); 1:PA wins 14        draws 1:ZK 0:PU
#   T2  1 leads TK holding TO: 20 (1: 34); 0:TA wins 15 (0: 35)          draws 0:TU 1:TX
#   T3  0 leads PK (PO gone: nothing); 1 follows ZK holding ZO (following announces nothing);
#       0 wins 8 (0: 43)
MARRIAGES = deck(
    forehand="PO PK TA ZU MU", dealer="PA TK TO ZA ZO", trump="MX", talon="ZK PU TU TX"
)


def test_marriage_announced_on_leading_the_ober_and_credited_at_once() -> None:
    state, events = apply(start(MARRIAGES), p(0, "PO"))
    assert events == [
        MarriageAnnounced(seat=0, suit="P", points=20),
        CardPlayed(seat=0, card=card("PO")),
    ]
    d = state.deal
    assert d is not None
    assert d.points(0) == 20 and d.trick_count(0) == 0
    view = view_for(state, 0)["deal"]
    assert view["points"] == 20
    assert view["pending_marriage_points"] == 20  # no trick yet: cannot decide the deal
    assert view["marriages"] == [["P"], []]


def test_marriages_of_both_players_and_only_when_leading_with_the_partner_held() -> None:
    state, _ = apply(start(MARRIAGES), p(0, "PO"), p(1, "PA"))
    state, events = apply(state, p(1, "TK"))
    assert events == [
        MarriageAnnounced(seat=1, suit="T", points=20),
        CardPlayed(seat=1, card=card("TK")),
    ]
    state, _ = apply(state, p(0, "TA"))
    d = state.deal
    assert d is not None
    assert (d.points(0), d.points(1)) == (35, 34)  # 20 + TK TA 15 ; PO PA 14 + 20
    assert view_for(state, 0)["deal"]["pending_marriage_points"] == 0  # now it has a trick
    state, events = apply(state, p(0, "PK"), p(1, "ZK"))
    assert not any(isinstance(e, MarriageAnnounced) for e in events)
    assert events[2] == TrickTaken(seat=0, points=8)
    d = state.deal
    assert d is not None
    assert d.marriages == (("P",), ("T",))
    assert (d.points(0), d.points(1)) == (43, 34)


# Trump M (trump card MU). Seat 0: MK MO PA TA ZU. Seat 1: MA PX TX ZO PO.
#   T1  0 leads MK holding MO: 40 (0: 40, no trick): the card is still played; 1:MA wins 15
#   T2  1:PX 0:PA -> 0 wins 21 (0: 61, a trick now; under 66: play goes on)
#   T3  0:TA 1:TX -> 0 wins 21 (0: 82 >= 66): seat 0 wins; its card points are only 42.
#       Seat 1 has a trick and 15 < 33 points: 2 game points.
FORTY_FIRST = deck(forehand="MK MO PA TA ZU", dealer="MA PX TX ZO PO", trump="MU")


def test_marriage_points_count_only_once_the_player_has_a_trick() -> None:
    state, events = apply(start(FORTY_FIRST), p(0, "MK"))
    assert events == [
        MarriageAnnounced(seat=0, suit="M", points=40),
        CardPlayed(seat=0, card=card("MK")),
    ]
    state, _ = apply(state, p(1, "MA"))
    assert view_for(state, 0)["deal"]["pending_marriage_points"] == 40
    state, events = apply(state, p(1, "PX"), p(0, "PA"))
    assert not any(isinstance(e, DealEnded) for e in events)
    d = state.deal
    assert d is not None and d.points(0) == 61 and d.card_points[0] == 21
    state, events = apply(state, p(0, "TA"), p(1, "TX"))
    assert events[2:] == [
        TrickTaken(seat=0, points=21),
        DealEnded(winner=0, game_points=2, reason="reached_66", deck=FORTY_FIRST, salt=SALT),
    ]
    d = state.deal
    assert d is not None and d.card_points[0] == 42 and d.points(0) == 82


# Trump M (trump card MU). Seat 0: PA TA MK MO ZU. Seat 1: PX TU ZO PO TO.
#   T1  0:PA 1:PX -> 0 wins 21      T2  0:TA 1:TU -> 0 wins 13 (34)
#   T3  0 leads MK holding MO: 40 -> 74 with a trick: the deal ends before MK is played.
#       Seat 1 has no trick: 3 game points.
GYORS_40 = deck(forehand="PA TA MK MO ZU", dealer="PX TU ZO PO TO", trump="MU")


def test_gyors_40_ends_the_deal_before_the_card_is_played() -> None:
    state, _ = apply(start(GYORS_40), p(0, "PA"), p(1, "PX"), p(0, "TA"), p(1, "TU"))
    state, events = apply(state, p(0, "MK"))
    assert events == [
        MarriageAnnounced(seat=0, suit="M", points=40),
        DealEnded(winner=0, game_points=3, reason="reached_66", deck=GYORS_40, salt=SALT),
    ]
    d = state.deal
    assert d is not None
    assert "MK" in hand(state, 0)  # never played
    assert d.table == ()
    assert d.points(0) == 74
    assert state.scores == (3, 0)
    assert refused(state, p(0, "MK")) == "deal_over"


def test_gyors_40_after_closing_is_a_successful_close_at_once() -> None:
    # As above, but seat 0 closes after T2, when it has 34 points and two tricks and seat 1 has
    # none: leading MK holding MO brings it to 74 and wins the close before MK is played.
    state, _ = apply(start(GYORS_40), p(0, "PA"), p(1, "PX"), p(0, "TA"), p(1, "TU"))
    state, _ = apply(state, CloseTalon(0))
    assert state.deal is not None and state.deal.closed_at == ((34, 2), (0, 0))
    state, events = apply(state, p(0, "MK"))
    assert events == [
        MarriageAnnounced(seat=0, suit="M", points=40),
        DealEnded(winner=0, game_points=3, reason="close_succeeded", deck=GYORS_40, salt=SALT),
    ]


# Trump M (trump card MX). Seat 0: PU TA ZU ZO TO; seat 1: PA MK MO MA TU.
#   T1 0:PU 1:PA -> seat 1 13
#   T2 1 leads MK holding MO: 40 (53); 0:ZU -> seat 1 6 (59)
#   T3 1:TU 0:TA -> seat 0 13 (seat 0 leads now)
#   T4 0:ZO 1:MA (free play: trumps) -> seat 1, the follower, 14 (73): the deal ends at once.
#       Seat 0 has a trick and 13 < 33: 2 game points.
FOLLOWER_66 = deck(forehand="PU TA ZU ZO TO", dealer="PA MK MO MA TU", trump="MX")


def test_66_is_automatic_for_a_follower_who_wins_the_trick() -> None:
    state, events = apply(
        start(FOLLOWER_66),
        p(0, "PU"),
        p(1, "PA"),
        p(1, "MK"),
        p(0, "ZU"),
        p(1, "TU"),
        p(0, "TA"),
        p(0, "ZO"),
    )
    assert MarriageAnnounced(seat=1, suit="M", points=40) in events
    assert not any(isinstance(e, DealEnded) for e in events)
    state, events = apply(state, p(1, "MA"))
    assert events == [
        CardPlayed(seat=1, card=card("MA")),
        TrickTaken(seat=1, points=14),
        DealEnded(winner=1, game_points=2, reason="reached_66", deck=FOLLOWER_66, salt=SALT),
    ]
    assert state.scores == (0, 2)
