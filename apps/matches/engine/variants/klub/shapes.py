"""The JSON a two-seat deal is shown as, declared (``shapes.py`` says how): the deal view of
``view.deal_view`` with its reveal, the public history of ``history.history``, and the events
``view.redact`` changes. The tests hold real views, histories and events to these, and the API's
OpenAPI components (``KlubDealView``, ``RevealedDeal``, ``Trick`` …) are made from them.

``declare`` builds them for a deck; ``sixty-six`` declares its own with it (its 24 cards, its
reasons, its extra fields), under names of its own where they differ from klub's. The events are
one shape per type whatever the variant (``shapes.event``), so their cards are any card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...cards import DECK_20, Card, code_schema
from ...codec import event_schema
from ...events import DealStarted
from ...shapes import (
    BOOLEAN,
    INTEGER,
    JSON,
    STRING,
    Shapes,
    array,
    described,
    enum,
    nullable,
    obj,
    reshaped,
)
from ...tricks.shapes import ANY_CARD, PER_SEAT, SUIT
from .events import DEAL_END_REASONS, CardDrawn

PHASES = ("open", "closed", "exhausted", "over")  # view._phase


@dataclass(frozen=True)
class Declared:
    """The declared parts of a two-seat deal's JSON for one deck (named ones have a title)."""

    card: JSON
    table_card: JSON
    trick: JSON
    deal_result: JSON
    revealed: JSON
    deal_view: JSON
    history: JSON


def declare(
    deck: Iterable[Card],
    *,
    reasons: Iterable[str],
    reasons_title: str,
    prefix: str = "",
    exchanged: str = "the trump jack",
    no_winner: str = "match_ended",
    view_add: Mapping[str, JSON] | None = None,
    revealed_add: Mapping[str, JSON] | None = None,
) -> Declared:
    """The deal view, its reveal and the history of a two-seat deal played with ``deck``:
    ``reasons`` (named ``reasons_title``) are the deal's end reasons, ``prefix`` starts the
    names of its parts (klub: none), ``exchanged`` names the card that exchanges for the
    trump card, ``no_winner`` the reasons of a deal without a winner; ``view_add`` and
    ``revealed_add``: a variant's own fields."""
    card = code_schema(deck)
    cards = array(card)
    table_card = obj({"seat": INTEGER, "card": card}, title=f"{prefix}TableCard")
    trick = obj(
        {"leader": INTEGER, "cards": array(table_card, "in play order"), "winner": INTEGER},
        title=f"{prefix}Trick",
    )
    deal_result = obj(
        {
            "winner": described(nullable(INTEGER), f"null only for {no_winner}"),
            "game_points": INTEGER,
            "reason": enum(reasons_title, reasons),
        },
        title=f"{prefix}DealResult",
    )
    revealed = obj(
        {
            "result": deal_result,
            "deck": array(card, "the shuffled deck, in dealing order (the commitment covers it)"),
            "salt": described(STRING, "hex; commitment = sha256(salt + ''.join(deck))"),
            "dealt_hands": array(cards, "per seat, as dealt"),
            "hands": array(cards, "per seat, unplayed at the end"),
            "tricks": array(trick),
            "points": PER_SEAT,
            "closed_at": described(
                nullable(array(array(INTEGER))),
                "per seat [points, tricks] when the talon was closed, or null",
            ),
            "surrendered_by": nullable(INTEGER),
            **(revealed_add or {}),
        },
        title=f"{prefix}RevealedDeal",
        description="The whole of a finished deal: what was hidden while it was played.",
    )
    deal_view = obj(
        {
            "number": described(INTEGER, "1, 2, … within the match"),
            "dealer": INTEGER,
            "commitment": described(STRING, "sha256 hex of salt + deck, published up front"),
            "phase": described(
                enum("PhaseEnum", PHASES),
                "open: cards are drawn after each trick; closed: someone closed the talon; "
                "exhausted: nothing left to draw; over: the deal ended (see revealed)",
            ),
            "trump_suit": SUIT,
            "trump_card": described(
                nullable(card), "face up under the talon; null once taken or closed"
            ),
            "talon_size": described(INTEGER, "cards left to draw, trump card included"),
            "closed_by": nullable(INTEGER),
            "leader": described(INTEGER, "the seat that leads the current trick"),
            "turn": described(nullable(INTEGER), "whose move it is; null when over"),
            "table": array(table_card, "the current trick so far, in play order"),
            "last_trick": nullable(trick),
            "hand_sizes": PER_SEAT,
            "trick_counts": PER_SEAT,
            "marriages": array(array(SUIT), "announced marriage suits per seat"),
            "hand": array(card, "your cards, sorted"),
            "captured": array(card, "cards in your won tricks"),
            "points": described(INTEGER, "your card points plus counted marriages"),
            "pending_marriage_points": described(
                INTEGER, "marriage points that count once you win a trick"
            ),
            **(view_add or {}),
            "revealed": described(revealed, "only once the deal is over"),
        },
        description="The current deal as one seat sees it.",
        optional=("revealed",),
    )
    history = obj(
        {
            "trump_card_dealt": described(card, "the trump card as dealt, face up"),
            "exchange": described(
                nullable(obj({"seat": INTEGER, "card": card, "taken": card})),
                f"who put {exchanged} (card) under the talon and took the face-up card (taken)",
            ),
            "trump_card_taken_by": described(
                nullable(INTEGER), "who drew the face-up trump card last"
            ),
            "tricks": array(
                obj(
                    {
                        "leader": INTEGER,
                        "cards": array(table_card, "in play order"),
                        "winner": INTEGER,
                        "strict": described(BOOLEAN, "the follower was bound by the strict rules"),
                    }
                ),
                "every trick taken, in order",
            ),
            "marriages": array(
                obj(
                    {
                        "seat": INTEGER,
                        "suit": SUIT,
                        "points": INTEGER,
                        "trick": described(
                            nullable(INTEGER), "the trick it was led to; null: the deal ended on it"
                        ),
                    }
                ),
                "every announcement",
            ),
            "closed": nullable(obj({"seat": INTEGER, "after_tricks": INTEGER})),
        },
        description="The public record of the current deal: the same for every seat.",
    )
    return Declared(card, table_card, trick, deal_result, revealed, deal_view, history)


KLUB = declare(DECK_20, reasons=DEAL_END_REASONS, reasons_title="KlubDealEndReasonEnum")

# ``view.redact``: a deal's first event without the deck and salt, with what a seat saw dealt;
# a card drawn face down only for the one who drew it.
DEAL_STARTED = reshaped(
    event_schema(DealStarted),
    drop=("deck", "salt", "next_secret"),
    add={
        "trump_card": described(ANY_CARD, "the trump card, face up"),
        "hand": array(ANY_CARD, "your hand as dealt (a seat's feed only)"),
    },
    optional=("hand",),
    description="A deal begins: its number, the dealer, the commitment to the deck order, the "
    "face-up trump card and your hand (the deck and the salt come with deal_ended).",
)
CARD_DRAWN = reshaped(
    event_schema(CardDrawn),
    fields={"card": described(ANY_CARD, "the card drawn: only for the drawer, or when face up")},
    optional=("card",),
)

EVENTS = {DealStarted.type: DEAL_STARTED, CardDrawn.type: CARD_DRAWN}

SHAPES = Shapes(deal_view=KLUB.deal_view, history=KLUB.history, events=EVENTS)
