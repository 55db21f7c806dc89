"""What one seat sees of a two-seat deal: its part of ``view_for`` and of ``redact_event``.

A seat sees its own hand and captured cards, everything played face up, and counts of what it
cannot see. It never sees the other hand, the talon order, or the deck and salt, until the deal
is over, when the whole deal is revealed.
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, codes, sorted_codes
from ...codec import JSON, to_json
from ...events import DealStarted
from ...fairness import public_dealing
from ...tricks.view import trick_json
from .commands import CloseTalon, ExchangeTrump, PlayCard
from .events import CardDrawn
from .evolve import Layout
from .state import KlubDeal


def _phase(deal: KlubDeal) -> str:
    if deal.over:
        return "over"
    if deal.closed_by is not None:
        return "closed"
    return "open" if deal.talon else "exhausted"


def deal_view(deal: KlubDeal, seat: int | None, dealt: Layout | None) -> JSON:
    """The deal as ``seat`` sees it; ``dealt``: the layout it was dealt in, for the reveal of
    a deal that is over."""
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
        "last_trick": trick_json(deal.tricks[-1], seats) if deal.tricks else None,
        "hand_sizes": [len(h) for h in deal.hands],
        "trick_counts": [deal.trick_count(s) for s in range(seats)],
        "marriages": [list(m) for m in deal.marriages],
    }
    if seat is not None:
        has_trick = deal.trick_count(seat) > 0
        view["hand"] = sorted_codes(deal.hands[seat])
        view["captured"] = codes(deal.won[seat])
        view["points"] = deal.points(seat)
        view["pending_marriage_points"] = 0 if has_trick else deal.marriage_points[seat]
    if dealt is not None:
        view["revealed"] = _revealed(deal, dealt)
    return view


def _revealed(deal: KlubDeal, dealt: Layout) -> JSON:
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
        "dealt_hands": [sorted_codes(h) for h in dealt[0]],
        "hands": [sorted_codes(h) for h in deal.hands],
        "tricks": [trick_json(t, deal.seats) for t in deal.tricks],
        "points": [deal.points(s) for s in range(deal.seats)],
        "closed_at": [list(p) for p in deal.closed_at] if deal.closed_at else None,
        "surrendered_by": deal.surrendered_by,
    }


def display_order(command: Any) -> tuple[int, Card | None]:
    """Exchange and close first, then the cards in the hand's display order, then giving up."""
    if isinstance(command, PlayCard):
        return (1, command.card)
    return (0 if isinstance(command, ExchangeTrump | CloseTalon) else 2, None)


def redact(event: Any, seat: int | None, dealt: Layout | None) -> JSON | None:
    """``event`` as ``seat`` may see it; ``None`` when it is public as it is. ``dealt``: the
    layout of a ``DealStarted`` event's deck (``None`` for the other events)."""
    if isinstance(event, DealStarted):
        assert dealt is not None
        hands, trump_card, _ = dealt
        payload: JSON = {
            "type": event.type,
            "schema_version": event.schema_version,
            "number": event.number,
            "dealer": event.dealer,
            "commitment": event.commitment,
            **public_dealing(event),
            "trump_card": trump_card.code,
        }
        if seat is not None:
            payload["hand"] = sorted_codes(hands[seat])
        return payload
    if isinstance(event, CardDrawn) and not event.face_up and event.seat != seat:
        payload = to_json(event)
        del payload["card"]
        return payload
    return None
