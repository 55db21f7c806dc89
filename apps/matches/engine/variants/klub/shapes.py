"""The JSON a two-seat deal is shown as, declared (``shapes.py`` says how): the deal view of
``view.deal_view`` with its reveal, the public history of ``history.history``, and the events
``view.redact`` changes. The tests hold real views, histories and events to these, and the API's
OpenAPI components (``DealView``, ``RevealedDeal``, ``Trick`` …) are made from them.
"""

from __future__ import annotations

from ...cards import DECK_20, SUIT_NAMES, code_schema
from ...codec import event_schema
from ...events import DealStarted
from ...shapes import (
    BOOLEAN,
    INTEGER,
    STRING,
    Shapes,
    array,
    described,
    enum,
    nullable,
    obj,
    reshaped,
)
from .events import DEAL_END_REASONS, CardDrawn

PHASES = ("open", "closed", "exhausted", "over")  # view._phase

CARD = code_schema(DECK_20)
CARDS = array(CARD)
SUIT = described(STRING, "suit code: " + ", ".join(f"{s} {n}" for s, n in SUIT_NAMES.items()))
PER_SEAT = array(INTEGER, "per seat")

TABLE_CARD = obj({"seat": INTEGER, "card": CARD}, title="TableCard")
TRICK = obj(
    {"leader": INTEGER, "cards": array(TABLE_CARD, "in play order"), "winner": INTEGER},
    title="Trick",
)
DEAL_RESULT = obj(
    {
        "winner": described(nullable(INTEGER), "null only for match_ended"),
        "game_points": INTEGER,
        "reason": enum("DealEndReasonEnum", DEAL_END_REASONS),
    },
    title="DealResult",
)
REVEALED = obj(
    {
        "result": DEAL_RESULT,
        "deck": array(CARD, "the shuffled deck, in dealing order (the commitment covers it)"),
        "salt": described(STRING, "hex; commitment = sha256(salt + ''.join(deck))"),
        "dealt_hands": array(CARDS, "per seat, as dealt"),
        "hands": array(CARDS, "per seat, unplayed at the end"),
        "tricks": array(TRICK),
        "points": PER_SEAT,
        "closed_at": described(
            nullable(array(array(INTEGER))),
            "per seat [points, tricks] when the talon was closed, or null",
        ),
        "surrendered_by": nullable(INTEGER),
    },
    title="RevealedDeal",
    description="The whole of a finished deal: what was hidden while it was played.",
)

DEAL_VIEW = obj(
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
            nullable(CARD), "face up under the talon; null once taken or closed"
        ),
        "talon_size": described(INTEGER, "cards left to draw, trump card included"),
        "closed_by": nullable(INTEGER),
        "leader": described(INTEGER, "the seat that leads the current trick"),
        "turn": described(nullable(INTEGER), "whose move it is; null when over"),
        "table": array(TABLE_CARD, "the current trick so far, in play order"),
        "last_trick": nullable(TRICK),
        "hand_sizes": PER_SEAT,
        "trick_counts": PER_SEAT,
        "marriages": array(array(SUIT), "announced marriage suits per seat"),
        "hand": array(CARD, "your cards, sorted"),
        "captured": array(CARD, "cards in your won tricks"),
        "points": described(INTEGER, "your card points plus counted marriages"),
        "pending_marriage_points": described(
            INTEGER, "marriage points that count once you win a trick"
        ),
        "revealed": described(REVEALED, "only once the deal is over"),
    },
    description="The current deal as one seat sees it.",
    optional=("revealed",),
)

HISTORY = obj(
    {
        "trump_card_dealt": described(CARD, "the trump card as dealt, face up"),
        "exchange": described(
            nullable(obj({"seat": INTEGER, "card": CARD, "taken": CARD})),
            "who put the trump jack (card) under the talon and took the face-up card (taken)",
        ),
        "trump_card_taken_by": described(nullable(INTEGER), "who drew the face-up trump card last"),
        "tricks": array(
            obj(
                {
                    "leader": INTEGER,
                    "cards": array(TABLE_CARD, "in play order"),
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

# ``view.redact``: a deal's first event without the deck and salt, with what a seat saw dealt;
# a card drawn face down only for the one who drew it.
DEAL_STARTED = reshaped(
    event_schema(DealStarted),
    drop=("deck", "salt"),
    add={
        "trump_card": described(CARD, "the trump card, face up"),
        "hand": array(CARD, "your hand as dealt (a seat's feed only)"),
    },
    optional=("hand",),
    description="A deal begins: its number, the dealer, the commitment to the deck order, the "
    "face-up trump card and your hand (the deck and the salt come with deal_ended).",
)
CARD_DRAWN = reshaped(
    event_schema(CardDrawn),
    fields={"card": described(CARD, "the card drawn: only for the drawer, or when face up")},
    optional=("card",),
)

SHAPES = Shapes(
    deal_view=DEAL_VIEW,
    history=HISTORY,
    events={DealStarted.type: DEAL_STARTED, CardDrawn.type: CARD_DRAWN},
)
