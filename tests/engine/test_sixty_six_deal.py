"""Sixty-six (rules §3, §6): the 24-card deal, exchanging the trump nine, closing, automatic
marriages that end nothing by themselves, surrender, the match targets, and commands of the
other variant. Seat 0 is the forehand of the first deal, seat 1 its dealer.

Card points: A 11, X 10, K 4, O 3, U 2, 9 0. Comments give each trick as
``leader:card follower:card`` with its points and the winner's running score.
"""

from __future__ import annotations

import pytest

from apps.matches.engine import (
    DECK_24,
    INITIAL,
    CloseTalon,
    DealCards,
    ExchangeTrump,
    RuleViolation,
    StartMatch,
    Surrender,
    card,
    decide,
    legal_actions,
    replay,
)
from apps.matches.engine.events import DealEnded, DealStarted
from apps.matches.engine.variants.klub import KlubRules
from apps.matches.engine.variants.klub.events import (
    CardDrawn,
    CardPlayed,
    DealSurrendered,
    MarriageAnnounced,
    TalonClosed,
    TrickTaken,
    TrumpExchanged,
)
from apps.matches.engine.variants.sixty_six import SixtySixRules
from apps.matches.engine.variants.sixty_six.commands import DeclareEnough, LetCount

from .builders import deal_end, hand, refused
from .builders import deck as deck20
from .builders import start as start_klub
from .builders_sixty_six import (
    SALT,
    SIX_TRICKS,
    SIX_TRICKS_DECK,
    apply,
    deck24,
    new_match,
    p,
    start,
    tricks,
)

# --- the deal ----------------------------------------------------------------------------------


def test_a_fixed_deck_is_dealt_six_and_six_the_trump_card_d12_and_the_talon_in_order() -> None:
    d = tuple(DECK_24[::-1])  # any order: MA MX MK MO MU M9 ZA ZX … P9
    state = start(d)
    deal = state.deal
    assert deal is not None
    assert deal.hands[0] == d[0:6]  # the forehand (seat 0, dealer 1)
    assert deal.hands[1] == d[6:12]
    assert deal.trump_card == d[12] and deal.trump == d[12].suit
    assert deal.talon == d[13:24]  # 11 face-down cards, then the trump card
    assert (deal.leader, deal.turn) == (0, 0)


def test_the_deck_must_be_the_24_cards() -> None:
    state = new_match()
    assert refused(state, DealCards(tuple(DECK_24[:20]) + tuple(DECK_24[:4]), SALT)) == (
        "invalid_deck"
    )
    twenty = tuple(c for c in DECK_24 if c.rank != "9")
    assert refused(state, DealCards(twenty, SALT)) == "invalid_deck"


def test_six_tricks_draw_and_the_loser_of_the_sixth_takes_the_trump_card() -> None:
    state, events = apply(start(SIX_TRICKS_DECK), *SIX_TRICKS)
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert len(drawn) == 12
    assert [e.seat for e in drawn] == [0, 1] * 6  # the winner first
    assert [e.card for e in drawn[:11]] == list(SIX_TRICKS_DECK[13:24])
    assert drawn[-1] == CardDrawn(1, card("MU"), face_up=True)
    deal = state.deal
    assert deal is not None
    assert deal.talon == () and deal.trump_card_taken
    assert [len(h) for h in deal.hands] == [6, 6]
    # 69 points and six tricks: 66 is not automatic in sixty-six, the deal goes on
    assert deal.points(0) == 69 and not deal.over
    assert not any(isinstance(e, DealEnded) for e in events)


def test_strict_following_once_the_talon_is_exhausted() -> None:
    state, _ = apply(start(SIX_TRICKS_DECK), *SIX_TRICKS)
    assert hand(state, 0) == {"PK", "TK", "ZK", "MK", "MO", "MA"}
    assert hand(state, 1) == {"PO", "TO", "ZO", "M9", "MX", "MU"}
    state, _ = apply(state, p(0, "PK"))  # seat 1 holds PO, the only piros: it must follow
    assert "PO" in hand(state, 1)
    assert refused(state, p(1, "MU")) == "must_follow_suit"


# --- the trump nine ------------------------------------------------------------------------------

# Trump M (trump card MA). Seat 0 holds the trump nine M9.
#   T1 0:PA 1:P9 -> seat 0 wins 11   draws 0:TO 1:TK
NINE_WITH_FOREHAND = deck24(
    forehand="M9 PA PX TA TX ZA", dealer="P9 PU T9 TU Z9 ZU", trump="MA", talon="TO TK"
)


def test_the_trump_nine_is_not_exchanged_on_the_first_lead() -> None:
    state = start(NINE_WITH_FOREHAND)
    assert refused(state, ExchangeTrump(0)) == "exchange_needs_trick"
    assert ExchangeTrump(0) not in legal_actions(state, 0)


def test_the_trump_nine_is_exchanged_by_a_leader_who_won_a_trick() -> None:
    state, _ = apply(start(NINE_WITH_FOREHAND), p(0, "PA"), p(1, "P9"))
    assert ExchangeTrump(0) in legal_actions(state, 0)
    state, events = apply(state, ExchangeTrump(0))
    assert events == [TrumpExchanged(seat=0, card=card("M9"), taken=card("MA"))]
    assert "MA" in hand(state, 0) and "M9" not in hand(state, 0)
    deal = state.deal
    assert deal is not None and deal.trump_card == card("M9")


def test_the_dealer_exchanges_once_it_has_won_a_trick_and_leads() -> None:
    # Trump M (MA); the dealer holds M9. T1 0:P9 1:PA -> seat 1 wins 11 and leads.
    d = deck24(forehand="P9 PU T9 TU Z9 ZU", dealer="M9 PA PX TA TX ZA", trump="MA")
    state = start(d)
    assert refused(state, ExchangeTrump(1)) == "not_your_turn"
    state, _ = apply(state, p(0, "P9"), p(1, "PA"))
    state, events = apply(state, ExchangeTrump(1))
    assert events == [TrumpExchanged(seat=1, card=card("M9"), taken=card("MA"))]


def test_the_trump_jack_does_not_exchange_in_sixty_six() -> None:
    # Seat 0 holds the trump jack MU and wins a trick; the nine is the dealer's.
    d = deck24(forehand="MU PA PX TA TX ZA", dealer="M9 P9 PU T9 TU Z9", trump="MA")
    state, _ = apply(start(d), p(0, "PA"), p(1, "P9"))
    assert refused(state, ExchangeTrump(0)) == "exchange_not_allowed"
    assert ExchangeTrump(0) not in legal_actions(state, 0)


def test_the_nine_is_exchanged_with_one_face_down_card_left_but_not_once_none_is() -> None:
    # Seat 0 wins tricks 1-5 (PA+P9, PX+PU, TA+T9, TX+TU, ZA+Z9): one face-down card is left.
    d = deck24(forehand="M9 PA PX TA TX ZA", dealer="P9 PU T9 TU Z9 ZU", trump="MA")
    state, _ = apply(start(d), *tricks("PA PX TA TX ZA", "P9 PU T9 TU Z9"))
    deal = state.deal
    assert deal is not None and len(deal.talon) == 1
    _, events = apply(state, ExchangeTrump(0))
    assert events == [TrumpExchanged(seat=0, card=card("M9"), taken=card("MA"))]
    # not exchanged: trick 6 (seat 0 leads its M9, seat 1 follows ZU) empties the talon
    state, _ = apply(state, p(0, "M9"), p(1, "ZU"))
    deal = state.deal
    assert deal is not None and deal.talon == ()
    assert refused(state, ExchangeTrump(deal.turn)) == "talon_exhausted"


def test_the_follower_and_a_closed_talon_refuse_the_exchange_as_in_klub() -> None:
    state, _ = apply(start(NINE_WITH_FOREHAND), p(0, "PA"), p(1, "P9"), p(0, "PX"))
    assert refused(state, ExchangeTrump(1)) == "not_leading"
    state, _ = apply(start(NINE_WITH_FOREHAND), p(0, "PA"), p(1, "P9"), CloseTalon(0))
    assert refused(state, ExchangeTrump(0)) == "talon_closed"


# --- closing and marriages, as in klub -----------------------------------------------------------


def test_the_talon_is_closed_as_in_klub_even_on_the_first_lead() -> None:
    state, events = apply(start(NINE_WITH_FOREHAND), CloseTalon(0))
    assert events == [TalonClosed(0)]
    deal = state.deal
    assert deal is not None and deal.closed_at == ((0, 0), (0, 0)) and deal.strict
    # no drawing after a trick once closed
    state, events = apply(state, p(0, "PA"), p(1, "P9"))
    assert not any(isinstance(e, CardDrawn) for e in events)


def test_a_marriage_is_announced_automatically_and_does_not_end_the_deal() -> None:
    # Seat 0 wins T1 (PA+P9 11), then leads the trump king holding the queen: 40 more, 51 —
    # and with T2 (MK+PU 6) 57. Nothing ends by itself; seat 0 would have to declare.
    d = deck24(forehand="PA MK MO TA TX ZA", dealer="P9 PU T9 TU Z9 ZU", trump="MA")
    state, events = apply(start(d), p(0, "PA"), p(1, "P9"), p(0, "MK"))
    assert events[-2:] == [MarriageAnnounced(0, "M", 40), CardPlayed(0, card("MK"))]
    state, events = apply(state, p(1, "PU"))
    assert events[0] == CardPlayed(1, card("PU")) and events[1] == TrickTaken(0, 6)
    deal = state.deal
    assert deal is not None and deal.points(0) == 57 and not deal.over


def test_a_marriage_that_reaches_66_ends_nothing_either() -> None:
    # SIX_TRICKS_DECK after six tricks: seat 0 has 69; its hand holds MK and MO (drawn), so
    # leading the king announces 40: 109, and the deal still waits for a declaration.
    state, _ = apply(start(SIX_TRICKS_DECK), *SIX_TRICKS)
    assert {"MK", "MO"} <= hand(state, 0)
    state, events = apply(state, p(0, "MK"))
    assert events == [MarriageAnnounced(0, "M", 40), CardPlayed(0, card("MK"))]
    deal = state.deal
    assert deal is not None and deal.points(0) == 109 and not deal.over


# --- surrender ---------------------------------------------------------------------------------


def test_surrender_works_as_in_klub_any_time_off_turn_and_scored_by_its_own_state() -> None:
    state = start(NINE_WITH_FOREHAND)
    assert refused(state, Surrender(1)) == "confirmation_required"
    state, events = apply(state, Surrender(1, confirm=True))  # not its turn
    assert events[0] == DealSurrendered(1)
    ended = deal_end(events)
    assert (ended.winner, ended.game_points, ended.reason) == (0, 3, "surrendered")


def test_surrender_is_refused_once_every_card_is_played() -> None:
    state, _ = apply(start(SIX_TRICKS_DECK), *SIX_TRICKS)
    # seat 0 leads its six remaining cards; seat 1 follows with what it must
    while state.deal is not None and any(state.deal.hands):
        actions = legal_actions(state, state.deal.turn)  # type: ignore[attr-defined]
        play = next(a for a in actions if a.type == "play_card")
        state, _ = apply(state, play)
    deal = state.deal
    assert deal is not None and not deal.over
    for seat in (0, 1):
        assert refused(state, Surrender(seat, confirm=True)) == "all_cards_played"
        assert Surrender(seat, confirm=True) not in legal_actions(state, seat)


# --- the match -----------------------------------------------------------------------------------


def test_the_target_is_7_by_default_or_11_and_nothing_else() -> None:
    assert new_match().target == 7
    assert new_match(target=11).target == 11
    with pytest.raises(RuleViolation) as refused_target:
        decide(INITIAL, StartMatch("sixty-six", 0, 9))
    assert refused_target.value.code == "invalid_target"
    assert SixtySixRules.targets == (7, 11)


def test_the_deal_started_event_is_the_table_s() -> None:
    state = new_match()
    events = decide(state, DealCards(SIX_TRICKS_DECK, SALT))
    assert isinstance(events[0], DealStarted) and events[0].deck == SIX_TRICKS_DECK
    assert replay(events, state).deal is not None


def test_sixty_six_commands_are_unknown_to_a_klub_match() -> None:
    klub = start_klub(deck20(forehand="PA TA ZA MA ZX", dealer="PU TU ZU PO TO", trump="MU"))
    for command in (DeclareEnough(0), LetCount(0)):
        assert refused(klub, command) == "unknown_command"


def test_klub_has_no_command_that_sixty_six_lacks() -> None:
    """So no klub command is unknown to a sixty-six match: exchange, close, play and
    surrender are both variants' (the rules differ, the commands do not)."""
    assert set(KlubRules.commands) < set(SixtySixRules.commands)
    state = start(NINE_WITH_FOREHAND)
    commands = (ExchangeTrump(0), CloseTalon(0), p(0, "PA"), Surrender(0, confirm=True))
    for command in commands:  # each refused or accepted by the rules, never unknown
        try:
            decide(state, command)
        except RuleViolation as refusal:
            assert refusal.code == "exchange_needs_trick", refusal.code
