"""The JSON a ``partnership`` hand is shown as, declared (``shapes.py`` says how): the deal view
of ``view.deal_view`` with its reveal, the history of ``view.history``, and the first event as
``view.redact`` leaves it. Names start with ``Partnership`` where they differ from klub's."""

from __future__ import annotations

from ...cards import DECK_24, code_schema
from ...codec import event_schema
from ...events import DealStarted
from ...shapes import (
    BOOLEAN,
    DATE_TIME,
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
from ...tricks.shapes import ANY_CARD, PER_SEAT, SUIT
from .events import DEAL_END_REASONS
from .state import DOUBLING_WORDS, DURCHMARSCH, PHASES, SNAPSZER

CARD = code_schema(DECK_24)
TABLE_CARD = obj({"seat": INTEGER, "card": CARD}, title="PartnershipTableCard")
TRICK = obj(
    {"leader": INTEGER, "cards": array(TABLE_CARD, "in play order"), "winner": INTEGER},
    title="PartnershipTrick",
)
LEVEL = enum("PartnershipLevelEnum", (SNAPSZER, DURCHMARSCH))
CALL = obj(
    {
        "seat": INTEGER,
        "card": described(nullable(CARD), "the called card; null for a pass"),
        "level": nullable(LEVEL),
        "value": described(INTEGER, "the bid's table value (0 for a pass)"),
    },
    title="PartnershipCall",
)
DOUBLING = obj(
    {"seat": INTEGER, "word": enum("DoublingWordEnum", DOUBLING_WORDS)},
    title="PartnershipDoubling",
)
MARRIAGE = obj(
    {
        "seat": INTEGER,
        "suit": SUIT,
        "points": INTEGER,
        "trick": described(INTEGER, "the trick it was led to (0-based)"),
        "counted": described(BOOLEAN, "the trick went to the caller's side: it counts"),
    },
    title="PartnershipMarriage",
)
SETTLEMENT = obj(
    {
        "winners": array(INTEGER, "the seats that won the hand (none after an all-pass)"),
        "changes": array(INTEGER, "per seat: chips received (+) or paid (-), pot share included"),
        "chips": array(INTEGER, "per seat, after the hand"),
        "pot": described(INTEGER, "the pot after the hand"),
    },
    title="PartnershipSettlement",
)
SIDES = "[the caller's side, the opposing side]"
COUNTS = {
    "trick_counts": described(
        PER_SEAT, "tricks per seat; after a claim the claiming seat's include the cards not played"
    ),
    "side_tricks": described(array(INTEGER), f"tricks per side: {SIDES} ([0, 0] before a caller)"),
    "side_card_points": described(
        array(INTEGER),
        f"card points per side: {SIDES}; after a claim the caller's side's include every "
        "card not played",
    ),
    "side_points": described(INTEGER, "the caller's side: card points + counted marriages"),
    "claimed": described(
        BOOLEAN,
        "the hand was ended by a claim (a shown hand): the cards not yet played count as the "
        "claiming seat's tricks (rules §6)",
    ),
}
REVEALED = obj(
    {
        "result": obj(
            {
                "winner": described(nullable(INTEGER), "the caller when its side won; else null"),
                "game_points": described(INTEGER, "1 when the caller's side won, else 0"),
                "reason": enum("PartnershipDealEndReasonEnum", DEAL_END_REASONS),
            },
            title="PartnershipDealResult",
        ),
        "deck": array(CARD, "the shuffled deck, in dealing order (the commitment covers it)"),
        "salt": described(STRING, "hex; commitment = sha256(salt + ''.join(deck))"),
        "dealt_hands": array(array(CARD), "per seat, as dealt"),
        "hands": array(array(CARD), "per seat, unplayed at the end"),
        "holder": described(nullable(INTEGER), "who held the called card (null: all passed)"),
        "tricks": array(TRICK),
        **COUNTS,
        "settlement": nullable(SETTLEMENT),
    },
    title="PartnershipRevealedDeal",
    description="The whole of a finished hand: what was hidden while it was played.",
)
DEAL_VIEW = obj(
    {
        "number": described(INTEGER, "1, 2, … within the game (an all-pass counts)"),
        "dealer": INTEGER,
        "commitment": described(STRING, "sha256 hex of salt + deck, published up front"),
        "phase": described(
            enum("PartnershipPhaseEnum", PHASES),
            "bidding; doubling: the window before the caller's first card; play; claim: a "
            "hand is shown and the hand ends at the deadline; over",
        ),
        "turn": described(
            nullable(INTEGER),
            "who bids or plays; null while the doubling "
            "window is open, a hand is shown, or the hand is over",
        ),
        "bids": array(CALL, "every bid and pass, in order"),
        "caller": nullable(INTEGER),
        "called_card": nullable(CARD),
        "trump_suit": nullable(SUIT),
        "level": nullable(LEVEL),
        "value": described(nullable(INTEGER), "the table value doubled per doubling"),
        "doublings": array(DOUBLING, "in order"),
        "doubling_offered": array(INTEGER, "the seats offered the current doubling choice"),
        "deadline": described(
            nullable(DATE_TIME), "when the doubling window closes or the shown hand ends"
        ),
        "partner": described(
            nullable(INTEGER),
            "who holds the called card, once public (or to its holder); the caller itself "
            "for a solo",
        ),
        "leader": INTEGER,
        "table": array(TABLE_CARD, "the current trick so far, in play order"),
        "last_trick": nullable(TRICK),
        "hand_sizes": PER_SEAT,
        **COUNTS,
        "marriages": array(MARRIAGE),
        "shown": described(
            nullable(obj({"seat": INTEGER, "cards": array(CARD)})), "a claim: the shown hand"
        ),
        "chips": array(INTEGER, "per seat: chips (as settled once the hand is over)"),
        "pot": INTEGER,
        "hand": array(CARD, "your cards, sorted"),
        "revealed": described(REVEALED, "only once the hand is over"),
    },
    description="The current hand as one seat sees it.",
    optional=("hand", "revealed"),
)
HISTORY = obj(
    {
        "bids": array(CALL),
        "doublings": array(DOUBLING),
        "doublings_declined": array(INTEGER, "who let the current doubling choice go"),
        "tricks": array(TRICK, "every trick taken, in order"),
        "marriages": array(MARRIAGE),
        "partner": described(
            nullable(
                obj(
                    {
                        "seat": INTEGER,
                        "how": enum(
                            "PartnerRevealedEnum",
                            (
                                "called_card_played",
                                "rekontra",
                                "trick_won",
                                "marriage",
                                "cards_shown",
                            ),
                        ),
                    }
                )
            ),
            "who holds the called card and how it became public; null before",
        ),
        "enough_by": nullable(INTEGER),
        "shown_by": nullable(INTEGER),
    },
    description="The public record of the current hand: the same for every seat.",
)
DEAL_STARTED = reshaped(
    event_schema(DealStarted),
    drop=("deck", "salt", "next_secret"),
    add={"hand": array(ANY_CARD, "your hand as dealt (a seat's feed only)")},
    optional=("hand",),
    description="A hand begins: its number, the dealer, the commitment to the deck order and "
    "your hand (the deck and the salt come with deal_ended).",
)

SHAPES = Shapes(deal_view=DEAL_VIEW, history=HISTORY, events={DealStarted.type: DEAL_STARTED})
