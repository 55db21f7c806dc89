"""Klub: exchanging the trump jack (adu alsó csere) and closing the talon (takarás), rules §2."""

from __future__ import annotations

from apps.matches.engine import (
    CloseTalon,
    ExchangeTrump,
    MatchState,
    card,
    legal_actions,
    view_for,
)
from apps.matches.engine.variants.klub.events import (
    CardDrawn,
    CardPlayed,
    TalonClosed,
    TrickTaken,
    TrumpExchanged,
)

from .builders import apply, deck, hand, p, refused, start

# Trump M (trump card MA). Seat 0 (forehand) holds the trump jack MU and leads four cheap cards
# that seat 1 never beats (seat 1 discards a card of another, non-trump suit), so seat 0 keeps
# the lead and the talon shrinks to one face-down card:
#   T1 PU+TO = 5 (5)   draws 0:TK 1:PK      T2 TU+ZO = 5 (10)  draws 0:ZK 1:MO
#   T3 ZU+PX = 12 (22) draws 0:PA 1:MK      T4 PO+ZX = 13 (35) draws 0:TA 1:ZA
# Then seat 0 holds MU TK ZK PA TA, seat 1 TX PK MO MK ZA; the talon is [MX] + the trump MA.
# Seat 0 never leads a K or O with its partner in hand, so no marriage is announced.
JACK_WITH_LEADER = deck(
    forehand="MU PU TU ZU PO",
    dealer="TO ZO PX ZX TX",
    trump="MA",
    talon="TK PK ZK MO PA MK TA ZA MX",
)
FOUR_TRICKS = (
    p(0, "PU"),
    p(1, "TO"),
    p(0, "TU"),
    p(1, "ZO"),
    p(0, "ZU"),
    p(1, "PX"),
    p(0, "PO"),
    p(1, "ZX"),
)
# Trick 5 after FOUR_TRICKS: TK+PK = 8, seat 0 wins (43) and draws the last face-down card MX.
FIFTH_TRICK = (p(0, "TK"), p(1, "PK"))

# Trump M (trump card MK); the dealer (seat 1) holds the trump jack MU, the forehand has none.
JACK_WITH_DEALER = deck(forehand="PU TU ZU PO TO", dealer="MU PA TA ZA ZX", trump="MK")


def _after_four_tricks() -> MatchState:
    state, _ = apply(start(JACK_WITH_LEADER), *FOUR_TRICKS)
    d = state.deal
    assert d is not None
    assert d.talon == (card("MX"),)  # exactly one face-down card left
    assert d.points(0) == 35 and d.trick_count(0) == 4
    assert d.points(1) == 0 and d.trick_count(1) == 0
    assert hand(state, 0) == {"MU", "TK", "ZK", "PA", "TA"}
    return state


# --- exchanging the trump jack ---------------------------------------------------------------


def test_exchange_on_the_very_first_lead() -> None:
    state = start(JACK_WITH_LEADER)
    assert ExchangeTrump(0) in legal_actions(state, 0)
    state, events = apply(state, ExchangeTrump(0))
    assert events == [TrumpExchanged(seat=0, card=card("MU"), taken=card("MA"))]
    assert hand(state, 0) == {"MA", "PU", "TU", "ZU", "PO"}
    assert state.deal is not None
    assert state.deal.trump_card == card("MU")
    assert state.deal.trump == "M"  # the trump suit does not change
    assert view_for(state, 1)["deal"]["trump_card"] == "MU"  # the jack now lies face up
    assert ExchangeTrump(0) not in legal_actions(state, 0)  # nothing left to exchange
    assert refused(state, ExchangeTrump(0)) == "exchange_not_allowed"


def test_exchange_with_one_face_down_card_left_and_the_jack_is_drawn_last() -> None:
    state = _after_four_tricks()
    state, events = apply(state, ExchangeTrump(0))
    assert events == [TrumpExchanged(seat=0, card=card("MU"), taken=card("MA"))]
    # Trick 5: seat 0 wins and draws the last face-down card (MX); seat 1 takes the jack.
    state, events = apply(state, *FIFTH_TRICK)
    assert events[2:] == [
        TrickTaken(seat=0, points=8),
        CardDrawn(seat=0, card=card("MX"), face_up=False),
        CardDrawn(seat=1, card=card("MU"), face_up=True),
    ]
    assert hand(state, 0) == {"ZK", "PA", "TA", "MA", "MX"}
    assert hand(state, 1) == {"TX", "MO", "MK", "ZA", "MU"}


def test_exchange_by_a_leader_who_won_the_lead_later() -> None:
    # Seat 1 wins trick 1 (PU+PA = 13), draws first and leads: now it may exchange MU for MK.
    state, _ = apply(start(JACK_WITH_DEALER), p(0, "PU"), p(1, "PA"))
    state, events = apply(state, ExchangeTrump(1))
    assert events == [TrumpExchanged(seat=1, card=card("MU"), taken=card("MK"))]
    assert "MK" in hand(state, 1) and "MU" not in hand(state, 1)


def test_exchange_refused_when_not_your_turn() -> None:
    # Seat 1 holds the jack, but seat 0 leads first.
    assert refused(start(JACK_WITH_DEALER), ExchangeTrump(1)) == "not_your_turn"


def test_exchange_refused_to_the_follower() -> None:
    # Seat 0 led; it is seat 1's turn and it holds the jack, but it is not leading.
    state, _ = apply(start(JACK_WITH_DEALER), p(0, "PU"))
    assert state.deal is not None and state.deal.turn == 1
    assert refused(state, ExchangeTrump(1)) == "not_leading"
    # And the leader who already played is no longer on turn.
    state, _ = apply(start(JACK_WITH_LEADER), p(0, "PU"))
    assert refused(state, ExchangeTrump(0)) == "not_your_turn"


def test_exchange_refused_once_the_talon_is_closed() -> None:
    state, _ = apply(start(JACK_WITH_LEADER), CloseTalon(0))
    assert "MU" in hand(state, 0)
    assert refused(state, ExchangeTrump(0)) == "talon_closed"


def test_exchange_refused_when_the_talon_is_exhausted() -> None:
    # After trick 5 seat 1 took the trump card MA; seat 0 still holds MU and leads.
    state, _ = apply(_after_four_tricks(), *FIFTH_TRICK)
    assert state.deal is not None and not state.deal.talon and state.deal.trump_card_taken
    assert "MU" in hand(state, 0) and state.deal.turn == 0
    assert refused(state, ExchangeTrump(0)) == "talon_exhausted"


def test_exchange_refused_without_the_trump_jack() -> None:
    state = start(JACK_WITH_DEALER)  # seat 0 leads but has no MU
    assert refused(state, ExchangeTrump(0)) == "exchange_not_allowed"
    assert ExchangeTrump(0) not in legal_actions(state, 0)


# --- closing the talon -----------------------------------------------------------------------


def test_close_on_the_first_lead_then_strict_play_and_no_drawing() -> None:
    state = start(JACK_WITH_LEADER)
    assert CloseTalon(0) in legal_actions(state, 0)
    state, events = apply(state, CloseTalon(0))
    assert events == [TalonClosed(seat=0)]
    d = state.deal
    assert d is not None
    assert d.closed_by == 0
    assert d.closed_at == ((0, 0), (0, 0))
    assert view_for(state, 1)["deal"]["phase"] == "closed"
    # Seat 0 leads PU; seat 1 (TO ZO PX ZX TX) holds PX, so it must follow and beat with PX.
    state, _ = apply(state, p(0, "PU"))
    assert refused(state, p(1, "TO")) == "must_follow_suit"
    state, events = apply(state, p(1, "PX"))
    assert events == [
        CardPlayed(seat=1, card=card("PX")),
        TrickTaken(seat=1, points=12),
    ]  # no CardDrawn: nobody draws from a closed talon
    d = state.deal
    assert d is not None
    assert [len(h) for h in d.hands] == [4, 4]
    assert len(d.talon) == 9


def test_exchange_then_close_in_that_order() -> None:
    events = apply(start(JACK_WITH_LEADER), ExchangeTrump(0), CloseTalon(0))[1]
    assert events == [
        TrumpExchanged(seat=0, card=card("MU"), taken=card("MA")),
        TalonClosed(seat=0),
    ]


def test_close_with_one_face_down_card_left_records_the_state_then() -> None:
    state, events = apply(_after_four_tricks(), CloseTalon(0))
    assert events == [TalonClosed(seat=0)]
    d = state.deal
    assert d is not None
    assert d.closed_at == ((35, 4), (0, 0))  # (points, tricks) of seat 0 and seat 1
    # Seat 0 leads TK; seat 1 (TX PK MO MK ZA) must follow suit and beat: only TX.
    state, _ = apply(state, p(0, "TK"))
    assert refused(state, p(1, "PK")) == "must_follow_suit"
    assert refused(state, p(1, "MO")) == "must_follow_suit"
    state, events = apply(state, p(1, "TX"))
    assert events == [CardPlayed(seat=1, card=card("TX")), TrickTaken(seat=1, points=14)]
    d = state.deal
    assert d is not None
    assert d.talon == (card("MX"),)  # the last face-down card stays undrawn
    assert [len(h) for h in d.hands] == [4, 4]
    assert d.closed_at == ((35, 4), (0, 0))  # the snapshot does not move


def test_close_refused_when_not_your_turn() -> None:
    assert refused(start(JACK_WITH_LEADER), CloseTalon(1)) == "not_your_turn"


def test_close_refused_to_the_follower() -> None:
    state, _ = apply(start(JACK_WITH_LEADER), p(0, "PU"))
    assert refused(state, CloseTalon(1)) == "not_leading"


def test_close_refused_twice() -> None:
    state, _ = apply(start(JACK_WITH_LEADER), CloseTalon(0))
    assert refused(state, CloseTalon(0)) == "talon_closed"
    assert CloseTalon(0) not in legal_actions(state, 0)


def test_close_refused_when_the_talon_is_exhausted() -> None:
    state, _ = apply(_after_four_tricks(), *FIFTH_TRICK)
    assert refused(state, CloseTalon(0)) == "talon_exhausted"
    assert CloseTalon(0) not in legal_actions(state, 0)
