"""What one seat may know. ``view_for`` is the only way game state leaves the server for a
player, and ``redact_event`` the only way an event does.

A seat sees its own hand and captured cards, everything played face up, and counts of what it
cannot see. It never sees the other hands, the talon order, or the deck and salt, until the
deal is over, when the whole deal is revealed.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, codes
from .codec import JSON, command_to_json, to_json
from .commands import CloseTalon, ExchangeTrump, PlayCard
from .events import CardDrawn, DealStarted, Event, HandShown
from .legal import legal_actions
from .presence import PAUSES_PER_DEAL, PAUSES_PER_MATCH, presence_actions
from .state import DealState, MatchState, Trick
from .variant import Variant


def _sorted_codes(cs: tuple[Card, ...]) -> list[str]:
    return codes(sorted(cs))


def _trick_json(trick: Trick, seats: int) -> JSON:
    return {
        "leader": trick.leader,
        "cards": [
            {"seat": (trick.leader + i) % seats, "card": c.code} for i, c in enumerate(trick.cards)
        ],
        "winner": trick.winner,
    }


def _phase(deal: DealState) -> str:
    if deal.over:
        return "over"
    if deal.closed_by is not None:
        return "closed"
    return "open" if deal.talon else "exhausted"


def _deal_view(deal: DealState, seat: int | None, variant: Variant) -> JSON:
    seats = deal.seats
    view: JSON = {
        "number": deal.number,
        "dealer": deal.dealer,
        "commitment": deal.commitment,
        "phase": _phase(deal),
        "trump_suit": deal.trump,
        "trump_card": deal.trump_card.code if deal.trump_card_visible else None,
        # cards left to draw: face-down ones plus the trump card while it is under the talon
        "talon_size": len(deal.talon) + (0 if deal.trump_card_taken else 1),
        "closed_by": deal.closed_by,
        "leader": deal.leader,
        "turn": None if deal.over else deal.turn,
        "table": [
            {"seat": (deal.leader + i) % seats, "card": c.code} for i, c in enumerate(deal.table)
        ],
        "last_trick": _trick_json(deal.tricks[-1], seats) if deal.tricks else None,
        "hand_sizes": [len(h) for h in deal.hands],
        "trick_counts": [deal.trick_count(s) for s in range(seats)],
        "marriages": [list(m) for m in deal.marriages],
    }
    if seat is not None:
        has_trick = deal.trick_count(seat) > 0
        view["hand"] = _sorted_codes(deal.hands[seat])
        view["captured"] = codes(deal.won[seat])
        view["points"] = deal.points(seat)
        view["pending_marriage_points"] = 0 if has_trick else deal.marriage_points[seat]
    if deal.over:
        view["revealed"] = _revealed(deal, variant)
    return view


def _revealed(deal: DealState, variant: Variant) -> JSON:
    """The whole deal, for everyone, once it is over (and the fair-play secret with it)."""
    assert deal.result is not None
    return {
        "result": {
            "winner": deal.result.winner,
            "game_points": deal.result.game_points,
            "reason": deal.result.reason,
        },
        "deck": codes(deal.deck),
        "salt": deal.salt,
        "dealt_hands": [_sorted_codes(h) for h in variant.deal(deal.deck, deal.dealer)[0]],
        "hands": [_sorted_codes(h) for h in deal.hands],
        "tricks": [_trick_json(t, deal.seats) for t in deal.tricks],
        "points": [deal.points(s) for s in range(deal.seats)],
        "closed_at": [list(p) for p in deal.closed_at] if deal.closed_at else None,
        "surrendered_by": deal.surrendered_by,
    }


def _status(state: MatchState) -> str:
    if not state.started:
        return "not_started"
    if state.finished:
        return "finished"
    return "awaiting_deal" if state.awaiting_deal else "playing"


def view_for(state: MatchState, seat: int | None, *, online: bool = False) -> JSON:
    """Everything ``seat`` may know now, as JSON-ready data (``seat=None``: a spectator).

    ``online``: the match is played between people, so the presence actions (pause, OK after
    a pause, show the hand) are among the legal actions when the rules allow them."""
    view: JSON = {
        "seat": seat,
        "status": _status(state),
        "variant": state.variant.name if state.variant else None,
        "target": state.target,
        "scores": list(state.scores),
        "deals_played": state.deals_played,
        "deal": None,
        "result": _match_result(state),
        "legal_actions": [],
    }
    if state.deal is not None:
        assert state.variant is not None
        view["deal"] = _deal_view(state.deal, seat, state.variant)
        if seat is not None and not state.deal.over:
            view["deal"]["shown_hands"] = _shown_hands(state, seat)
    if state.started:
        view["presence"] = _presence(state)
    if seat is not None:
        actions = sorted(legal_actions(state, seat), key=_display_order)
        if online:
            actions += presence_actions(state, seat)
        view["legal_actions"] = [_action_json(a) for a in actions]
    return view


def _presence(state: MatchState) -> JSON:
    """Every seat's clocks: reconnect deadline, pause, shown hand, pauses left."""
    return {
        "away_until": [d.isoformat() if d else None for d in state.away_until],
        "paused": [
            {"until": p.until.isoformat(), "stand_in": p.stand_in} if p else None
            for p in state.paused
        ],
        "pauses_left": [
            0 if in_deal else min(PAUSES_PER_DEAL, PAUSES_PER_MATCH - taken)
            for taken, in_deal in zip(state.pauses_taken, state.paused_in_deal, strict=True)
        ],
        "shown_until": [s.until.isoformat() if s else None for s in state.shown],
    }


def _shown_hands(state: MatchState, seat: int) -> list[JSON]:
    """The other seats' hands shown to ``seat`` now: the shown cards they still hold."""
    deal = state.deal
    assert deal is not None
    return [
        {
            "seat": other,
            "cards": _sorted_codes(tuple(c for c in shown.cards if c in deal.hands[other])),
            "until": shown.until.isoformat(),
        }
        for other, shown in enumerate(state.shown)
        if shown is not None and other != seat
    ]


def _match_result(state: MatchState) -> JSON | None:
    if state.result is None:
        return None
    result = to_json(state.result)
    del result["type"], result["schema_version"]
    return result


def _display_order(command: Any) -> tuple[int, Card | None]:
    """Exchange and close first, then the cards in the hand's display order, then giving up."""
    if isinstance(command, PlayCard):
        return (1, command.card)
    return (0 if isinstance(command, ExchangeTrump | CloseTalon) else 2, None)


def _action_json(command: Any) -> JSON:
    payload = command_to_json(command)
    payload.pop("seat", None)  # the seat is the caller's own
    payload.pop("stand_in", None)  # the server's flag, never a player's
    return payload


def redact_event(
    event: Event, *, seat: int | None, variant: Variant, current: MatchState | None = None
) -> JSON:
    """``event`` as ``seat`` may see it (``seat=None``: someone with no hand).

    A shown hand's cards go to the other seats only while it is shown: pass the reader's
    ``current`` state when reading old events (the feed); a push, sent as the hand is shown,
    passes none.
    """
    if isinstance(event, HandShown):
        return _redact_shown(event, seat, current)
    if isinstance(event, DealStarted):
        payload: JSON = {
            "type": event.type,
            "schema_version": event.schema_version,
            "number": event.number,
            "dealer": event.dealer,
            "commitment": event.commitment,
        }
        hands, trump_card, _ = variant.deal(event.deck, event.dealer)
        payload["trump_card"] = trump_card.code
        if seat is not None:
            payload["hand"] = _sorted_codes(hands[seat])
        return payload
    payload = to_json(event)
    if isinstance(event, CardDrawn) and not event.face_up and event.seat != seat:
        del payload["card"]
    return payload


def _redact_shown(event: HandShown, seat: int | None, current: MatchState | None) -> JSON:
    payload = to_json(event)
    if seat == event.seat:
        return payload
    still_shown = current is None or (
        current.running
        and (shown := current.shown[event.seat]) is not None
        and shown.until == event.until
    )
    if seat is None or not still_shown:
        del payload["cards"]
    return payload
