"""What one seat sees of a ``partnership`` hand: its part of ``view_for``, the public history,
and ``redact_event``.

A seat sees its own hand, every bid, doubling and card played, the chips and the pot. It never
sees another hand, the deck or the salt before the hand is over, nor who holds the called card
before the partner is public (rules §6) — unless it holds the card itself: then it knows.
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, codes, sorted_codes
from ...codec import JSON
from ...events import DealStarted
from ...fairness import public_dealing
from ...tricks.commands import DeclareEnough
from ...tricks.view import trick_json
from .commands import Bid, NoDouble, Pass, Play, ShowCards
from .evolve import layout
from .state import DOUBLING, DOUBLING_WORDS, DURCHMARSCH, SNAPSZER, PartnershipDeal


def _level(durchmarsch: bool) -> str:
    return DURCHMARSCH if durchmarsch else SNAPSZER


def partner_known_to(deal: PartnershipDeal, seat: int | None) -> int | None:
    """The holder of the called card, if ``seat`` knows it: once public, or its own card."""
    if deal.holder is None:
        return None
    if deal.partner_public or deal.over or (seat is not None and seat == deal.holder):
        return deal.holder
    return None


def chips_now(deal: PartnershipDeal) -> tuple[tuple[int, ...], int]:
    """Each seat's chips and the pot: as the hand began, or as it was settled."""
    if deal.settlement is not None:
        return deal.settlement.chips, deal.settlement.pot
    return deal.chips, deal.pot


def _calls(deal: PartnershipDeal) -> list[JSON]:
    return [
        {
            "seat": call.seat,
            "card": None if call.card is None else call.card.code,
            "level": None if call.card is None else _level(call.durchmarsch),
            "value": call.value,
        }
        for call in deal.calls
    ]


def _doublings(deal: PartnershipDeal) -> list[JSON]:
    return [{"seat": s, "word": DOUBLING_WORDS[i]} for i, s in enumerate(deal.doublings)]


def _marriages(deal: PartnershipDeal) -> list[JSON]:
    won = {i for i, t in enumerate(deal.tricks) if deal.on_caller_side(t.winner)}
    return [
        {
            "seat": m.seat,
            "suit": m.suit,
            "points": m.points,
            "trick": m.trick,
            "counted": m.trick in won,
        }
        for m in deal.marriages
    ]


def _counts(deal: PartnershipDeal) -> JSON:
    """The hand's count: tricks per seat and per side (the caller's, the opposing), card
    points per side, the caller's side's score, and whether a claim ended it (then the cards
    not yet played count as the claiming seat's tricks, rules §6). Nothing in it tells who the
    partner is before it is public: until then every trick was the caller's, or ended the
    hand, or made the partner public."""
    known = deal.caller is not None
    return {
        "trick_counts": [deal.trick_count(s) for s in range(deal.seats)],
        "side_tricks": list(deal.side_trick_counts()),
        "side_card_points": [deal.side_card_points, deal.opposing_card_points] if known else [0, 0],
        "side_points": deal.side_points if known else 0,
        "claimed": deal.claimed,
    }


def deal_view(deal: PartnershipDeal, seat: int | None) -> JSON:
    seats = deal.seats
    chips, pot = chips_now(deal)
    caller = deal.caller
    view: JSON = {
        "number": deal.number,
        "dealer": deal.dealer,
        "commitment": deal.commitment,
        "phase": "over" if deal.over else deal.phase,
        "turn": None if deal.over or deal.phase not in ("bidding", "play") else deal.turn,
        "bids": _calls(deal),
        "caller": caller,
        "called_card": None if deal.called is None else deal.called.code,
        "trump_suit": deal.trump,
        "level": None if caller is None else _level(deal.durchmarsch),
        "value": None if caller is None else deal.value,
        "doublings": _doublings(deal),
        "doubling_offered": list(deal.offered()) if not deal.over else [],
        "deadline": None if deal.deadline is None or deal.over else deal.deadline.isoformat(),
        "partner": partner_known_to(deal, seat),
        "leader": deal.leader,
        "table": [
            {"seat": (deal.leader + i) % seats, "card": c.code} for i, c in enumerate(deal.table)
        ],
        "last_trick": trick_json(deal.tricks[-1], seats) if deal.tricks else None,
        "hand_sizes": [len(h) for h in deal.hands],
        **_counts(deal),
        "marriages": _marriages(deal),
        "shown": None
        if deal.shown_by is None
        else {"seat": deal.shown_by, "cards": codes(deal.shown)},
        "chips": list(chips),
        "pot": pot,
    }
    if seat is not None:
        view["hand"] = sorted_codes(deal.hands[seat])
    if deal.over:
        view["revealed"] = _revealed(deal)
    return view


def _revealed(deal: PartnershipDeal) -> JSON:
    result = deal.result
    assert result is not None
    settlement = deal.settlement
    return {
        "result": {
            "winner": result.winner,
            "game_points": result.game_points,
            "reason": result.reason,
        },
        "deck": codes(deal.deck),
        "salt": deal.salt,
        "dealt_hands": [sorted_codes(h) for h in layout(deal.deck, deal.dealer)],
        "hands": [sorted_codes(h) for h in deal.hands],
        "holder": deal.holder,
        "tricks": [trick_json(t, deal.seats) for t in deal.tricks],
        **_counts(deal),
        "settlement": None
        if settlement is None
        else {
            "winners": list(settlement.winners),
            "changes": list(settlement.changes),
            "chips": list(settlement.chips),
            "pot": settlement.pot,
        },
    }


def history(deal: PartnershipDeal) -> JSON:
    """The public record of the hand: the same for every seat."""
    public = deal.partner_public or deal.over
    return {
        "bids": _calls(deal),
        "doublings": _doublings(deal),
        "doublings_declined": list(deal.declined) if deal.phase == DOUBLING else [],
        "tricks": [trick_json(t, deal.seats) for t in deal.tricks],
        "marriages": _marriages(deal),
        "partner": {"seat": deal.holder, "how": deal.partner_how}
        if public and deal.partner_how
        else None,
        "enough_by": deal.enough_by,
        "shown_by": deal.shown_by,
    }


def display_order(command: Any) -> tuple[int, Card | None]:
    """Claim and enough first, then the bids and cards in order, then passing or letting a
    doubling go."""
    if isinstance(command, ShowCards | DeclareEnough):
        return (0, None)
    if isinstance(command, Bid | Play):
        return (1, command.card)
    if isinstance(command, Pass | NoDouble):
        return (3, None)
    return (2, None)


def redact(event: Any, seat: int | None) -> JSON | None:
    """A hand's first event without the deck and salt, with the seat's own hand; the others are
    public as they are (none names who holds the called card)."""
    if not isinstance(event, DealStarted):
        return None
    payload: JSON = {
        "type": event.type,
        "schema_version": event.schema_version,
        "number": event.number,
        "dealer": event.dealer,
        "commitment": event.commitment,
        **public_dealing(event),
    }
    if seat is not None:
        payload["hand"] = sorted_codes(layout(event.deck, event.dealer)[seat])
    return payload
