"""``evolve(state, event) -> state`` and ``replay(events) -> state``, a fold of it.

Evolve trusts its events: they were checked by ``decide`` before being recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from typing import Any

from .events import (
    CardDrawn,
    CardPlayed,
    DealEnded,
    DealStarted,
    DealSurrendered,
    Event,
    HandHidden,
    HandShown,
    MarriageAnnounced,
    MatchEnded,
    MatchStarted,
    PauseEnded,
    PauseStarted,
    PlayerDisconnected,
    PlayerReconnected,
    StandInStarted,
    TalonClosed,
    TrickTaken,
    TrumpExchanged,
)
from .state import (
    INITIAL,
    DealState,
    MatchState,
    Paused,
    Shown,
    Trick,
    copy_with,
    replace_at,
)
from .variant import VARIANTS


def _match_started(state: MatchState, e: MatchStarted) -> MatchState:
    return MatchState(
        variant=VARIANTS[e.variant],
        target=e.target,
        first_dealer=e.first_dealer,
        scores=(0,) * e.seats,
        trailed_to_the_brink=(False,) * e.seats,
        away_until=(None,) * e.seats,
        paused=(None,) * e.seats,
        pauses_taken=(0,) * e.seats,
        paused_in_deal=(False,) * e.seats,
        shown=(None,) * e.seats,
    )


def _deal_started(state: MatchState, e: DealStarted) -> MatchState:
    variant = state.variant
    assert variant is not None
    hands, trump_card, talon = variant.deal(e.deck, e.dealer)
    seats = variant.seats
    forehand = (e.dealer + 1) % seats
    deal = DealState(
        number=e.number,
        dealer=e.dealer,
        deck=e.deck,
        salt=e.salt,
        commitment=e.commitment,
        trump=trump_card.suit,
        trump_card=trump_card,
        talon=talon,
        hands=hands,
        leader=forehand,
        turn=forehand,
        table=(),
        tricks=(),
        won=((),) * seats,
        card_points=(0,) * seats,
        marriages=((),) * seats,
        marriage_points=(0,) * seats,
    )
    seats_none = (None,) * seats
    return copy_with(state, deal=deal, paused_in_deal=(False,) * seats, shown=seats_none)


def _with_deal(state: MatchState, **changes: Any) -> MatchState:
    return copy_with(state, deal=copy_with(state.deal, **changes))


def _trump_exchanged(state: MatchState, e: TrumpExchanged) -> MatchState:
    deal = state.deal
    assert deal is not None
    hand = tuple(c for c in deal.hands[e.seat] if c is not e.card) + (e.taken,)
    return _with_deal(state, hands=replace_at(deal.hands, e.seat, hand), trump_card=e.card)


def _talon_closed(state: MatchState, e: TalonClosed) -> MatchState:
    deal = state.deal
    assert deal is not None
    snapshot = tuple((deal.points(s), deal.trick_count(s)) for s in range(deal.seats))
    return _with_deal(state, closed_by=e.seat, closed_at=snapshot)


def _marriage_announced(state: MatchState, e: MarriageAnnounced) -> MatchState:
    deal = state.deal
    assert deal is not None
    return _with_deal(
        state,
        marriages=replace_at(deal.marriages, e.seat, deal.marriages[e.seat] + (e.suit,)),
        marriage_points=replace_at(
            deal.marriage_points, e.seat, deal.marriage_points[e.seat] + e.points
        ),
    )


def _card_played(state: MatchState, e: CardPlayed) -> MatchState:
    deal = state.deal
    assert deal is not None
    hand = deal.hands[e.seat]
    i = hand.index(e.card)
    return _with_deal(
        state,
        hands=replace_at(deal.hands, e.seat, hand[:i] + hand[i + 1 :]),
        table=deal.table + (e.card,),
        turn=(e.seat + 1) % len(deal.hands),
    )


def _trick_taken(state: MatchState, e: TrickTaken) -> MatchState:
    deal = state.deal
    assert deal is not None
    w = e.seat
    return _with_deal(
        state,
        tricks=deal.tricks + (Trick(deal.leader, deal.table, w),),
        won=replace_at(deal.won, w, deal.won[w] + deal.table),
        card_points=replace_at(deal.card_points, w, deal.card_points[w] + e.points),
        table=(),
        leader=w,
        turn=w,
    )


def _card_drawn(state: MatchState, e: CardDrawn) -> MatchState:
    deal = state.deal
    assert deal is not None
    hands = replace_at(deal.hands, e.seat, deal.hands[e.seat] + (e.card,))
    if e.face_up:
        return _with_deal(state, hands=hands, trump_card_taken=True)
    return _with_deal(state, hands=hands, talon=deal.talon[1:])


def _deal_surrendered(state: MatchState, e: DealSurrendered) -> MatchState:
    return _with_deal(state, surrendered_by=e.seat)


def _deal_ended(state: MatchState, e: DealEnded) -> MatchState:
    scores = state.scores
    if e.winner is not None:
        scores = replace_at(scores, e.winner, scores[e.winner] + e.game_points)
    brink = state.target - 1
    trailed = tuple(
        was or (score == 0 and any(o >= brink for o in scores))
        for was, score in zip(state.trailed_to_the_brink, scores, strict=True)
    )
    return copy_with(
        state,
        deal=copy_with(state.deal, result=e),
        scores=scores,
        trailed_to_the_brink=trailed,
        deals_played=state.deals_played + 1,
    )


def _match_ended(state: MatchState, e: MatchEnded) -> MatchState:
    nobody = (None,) * state.seats  # no clock runs for a finished match
    return copy_with(state, result=e, away_until=nobody, paused=nobody, shown=nobody)


# --- presence and time ----------------------------------------------------------------------


def _player_disconnected(state: MatchState, e: PlayerDisconnected) -> MatchState:
    return copy_with(state, away_until=replace_at(state.away_until, e.seat, e.deadline))


def _player_reconnected(state: MatchState, e: PlayerReconnected) -> MatchState:
    return copy_with(state, away_until=replace_at(state.away_until, e.seat, None))


def _pause_started(state: MatchState, e: PauseStarted) -> MatchState:
    return copy_with(
        state,
        paused=replace_at(state.paused, e.seat, Paused(e.until)),
        pauses_taken=replace_at(state.pauses_taken, e.seat, state.pauses_taken[e.seat] + 1),
        paused_in_deal=replace_at(state.paused_in_deal, e.seat, True),
    )


def _stand_in_started(state: MatchState, e: StandInStarted) -> MatchState:
    paused = state.paused[e.seat]
    assert paused is not None
    return copy_with(state, paused=replace_at(state.paused, e.seat, Paused(paused.until, True)))


def _pause_ended(state: MatchState, e: PauseEnded) -> MatchState:
    return copy_with(state, paused=replace_at(state.paused, e.seat, None))


def _hand_shown(state: MatchState, e: HandShown) -> MatchState:
    return copy_with(state, shown=replace_at(state.shown, e.seat, Shown(e.cards, e.until)))


def _hand_hidden(state: MatchState, e: HandHidden) -> MatchState:
    return copy_with(state, shown=replace_at(state.shown, e.seat, None))


_EVOLVERS: dict[type, Callable[[MatchState, Any], MatchState]] = {
    MatchStarted: _match_started,
    DealStarted: _deal_started,
    TrumpExchanged: _trump_exchanged,
    TalonClosed: _talon_closed,
    MarriageAnnounced: _marriage_announced,
    CardPlayed: _card_played,
    TrickTaken: _trick_taken,
    CardDrawn: _card_drawn,
    DealSurrendered: _deal_surrendered,
    DealEnded: _deal_ended,
    MatchEnded: _match_ended,
    PlayerDisconnected: _player_disconnected,
    PlayerReconnected: _player_reconnected,
    PauseStarted: _pause_started,
    StandInStarted: _stand_in_started,
    PauseEnded: _pause_ended,
    HandShown: _hand_shown,
    HandHidden: _hand_hidden,
}


def evolve(state: MatchState, event: Event) -> MatchState:
    """The state after ``event``. Pure: ``state`` is left as it was."""
    return _EVOLVERS[event.__class__](state, event)


def replay(events: Iterable[Event], state: MatchState = INITIAL) -> MatchState:
    """Fold ``evolve`` over ``events`` (from the initial state, or from a snapshot)."""
    return reduce(evolve, events, state)
