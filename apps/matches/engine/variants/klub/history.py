"""The public record of a two-seat deal (``history_for``), as JSON-ready data.

``view_for`` shows the table and the last trick; a player at a real table also remembers every
card played, who announced which marriage, the trump card that lay face up, the exchange, who
took the trump card and when the talon was closed. This module gives exactly those facts and
nothing else: every card it names was seen face up by both seats. The computer opponent reads
``view_for(state, seat) | {"history": history_for(state, seat)}``.

Pure like the rest of the engine. It reads hidden fields of the state only to locate public
facts (the trump card dealt is ``deck[10]``, shown face up at the start of the deal).
"""

from __future__ import annotations

from ...cards import Card
from ...codec import JSON
from .state import KlubDeal


def history(deal: KlubDeal, dealt_trump: Card, drawing_tricks: int) -> JSON:
    """The public history of ``deal``, whose trump card was dealt as ``dealt_trump``: the same
    for every seat and spectator because it holds only public facts. ``drawing_tricks``: the
    tricks after which cards are drawn (klub: 9 face-down cards + the trump card, two per
    trick: tricks 1-5)."""
    closed_after = _closed_after(deal)
    return {
        "trump_card_dealt": dealt_trump.code,
        "exchange": _exchange(deal, dealt_trump.code),
        "trump_card_taken_by": _trump_taker(deal, drawing_tricks),
        "tricks": [
            {
                "leader": t.leader,
                "cards": [
                    {"seat": (t.leader + i) % deal.seats, "card": c.code}
                    for i, c in enumerate(t.cards)
                ],
                "winner": t.winner,
                "strict": _strict_at(i, closed_after, drawing_tricks),
            }
            for i, t in enumerate(deal.tricks)
        ],
        "marriages": _marriages(deal),
        "closed": None
        if deal.closed_by is None
        else {"seat": deal.closed_by, "after_tricks": closed_after},
    }


def _closed_after(deal: KlubDeal) -> int | None:
    if deal.closed_at is None:
        return None
    return sum(tricks for _, tricks in deal.closed_at)


def _strict_at(trick: int, closed_after: int | None, drawing_tricks: int) -> bool:
    """Whether the follower of trick ``trick`` (0-based) was bound by the strict rules."""
    return trick >= drawing_tricks or (closed_after is not None and trick >= closed_after)


def _exchange(deal: KlubDeal, dealt_trump: str) -> JSON | None:
    """Who exchanged the trump jack for the face-up trump card (a public event)."""
    if deal.trump_card.code == dealt_trump:
        return None
    taken = next(c for c in deal.deck if c.code == dealt_trump)
    holder = _holder(deal, taken)
    return {"seat": holder, "card": deal.trump_card.code, "taken": dealt_trump}


def _holder(deal: KlubDeal, c: object) -> int:
    """The seat that held card ``c`` (in hand now, or played it in a trick or on the table)."""
    for t in deal.tricks:
        if c in t.cards:
            return (t.leader + t.cards.index(c)) % deal.seats
    if c in deal.table:
        return (deal.leader + deal.table.index(c)) % deal.seats
    return next(s for s in range(deal.seats) if c in deal.hands[s])


def _trump_taker(deal: KlubDeal, drawing_tricks: int) -> int | None:
    """Who drew the trump card face up: the loser of the last trick that drew."""
    if not deal.trump_card_taken:
        return None
    last_drawing = deal.tricks[drawing_tricks - 1]
    return (last_drawing.winner + 1) % deal.seats


def _marriages(deal: KlubDeal) -> list[JSON]:
    """Each announcement with the trick it was led to (``None``: the deal ended on it)."""
    found: list[JSON] = []
    for seat in range(deal.seats):
        for suit in deal.marriages[seat]:
            trump = suit == deal.trump
            found.append(
                {
                    "seat": seat,
                    "suit": suit,
                    "points": 40 if trump else 20,
                    "trick": _marriage_trick(deal, seat, suit),
                }
            )
    found.sort(key=lambda m: (m["trick"] is None, m["trick"] or 0))
    return found


def _marriage_trick(deal: KlubDeal, seat: int, suit: str) -> int | None:
    """The trick whose lead announced it: the first K or O of ``suit`` that ``seat`` led."""
    for i, t in enumerate(deal.tricks):
        first = t.cards[0]
        if t.leader == seat and first.suit == suit and first.rank in ("K", "O"):
            return i
    if deal.table and deal.leader == seat:
        first = deal.table[0]
        if first.suit == suit and first.rank in ("K", "O"):
            return len(deal.tricks)
    return None
