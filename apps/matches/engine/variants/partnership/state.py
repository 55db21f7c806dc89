"""The state of a ``partnership`` hand, built only by the variant's evolvers (``evolve.py``).

A hand goes through phases: ``bidding``, ``doubling`` (the window from the end of the bidding
to the caller's first card), ``play``, and ``claim`` (a shown hand waiting out its seconds).
The chips and the pot live in the chain of hands, like sixty-six's bonus: each hand is laid out
knowing the one before it (``Rules.new_deal(event, previous)``) and starts with the chips and
pot the previous hand's settlement left.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ...cards import Card
from ...events import DealEnded
from ...tricks.state import Trick

SEATS = 4
HAND_SIZE = 6
START_CHIPS = 3000
ALL_PASS_STAKE = 50  # each seat pays it into the pot when nobody bids
WINNING_SCORE = 66

BIDDING, DOUBLING, PLAY, CLAIM = "bidding", "doubling", "play", "claim"
PHASES = (BIDDING, DOUBLING, PLAY, CLAIM, "over")
SNAPSZER, DURCHMARSCH = "snapszer", "durchmarsch"
DOUBLING_WORDS = ("kontra", "rekontra", "subkontra")
HEARTS = "P"


def table_value(called: Card, durchmarsch: bool) -> int:
    """The table value of a bid (rules §4): Snapszer 50 (hearts 100), Durchmarsch 150 (hearts
    300). A solo ranks by it too; its tripling applies only to the payment."""
    if durchmarsch:
        return 300 if called.suit == HEARTS else 150
    return 100 if called.suit == HEARTS else 50


@dataclass(frozen=True)
class Call:
    """One turn of the bidding: ``card`` and level for a bid, ``card`` None for a pass."""

    seat: int
    card: Card | None
    durchmarsch: bool = False

    @property
    def value(self) -> int:
        return 0 if self.card is None else table_value(self.card, self.durchmarsch)


@dataclass(frozen=True)
class Marriage:
    """An announced marriage: led by ``seat`` to trick ``trick`` (0-based)."""

    seat: int
    suit: str
    points: int
    trick: int


@dataclass(frozen=True)
class Settlement:
    """What a finished hand paid: ``changes`` per seat, and the chips and pot after it."""

    winners: tuple[int, ...]
    changes: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int


@dataclass(frozen=True)
class PartnershipDeal:
    number: int
    dealer: int
    deck: tuple[Card, ...]  # secret until the hand ends
    salt: str  # secret until the hand ends
    commitment: str
    hands: tuple[tuple[Card, ...], ...]
    chips: tuple[int, ...]  # each seat's chips when the hand began
    pot: int  # the pot when the hand began
    phase: str = BIDDING
    turn: int = 0  # the bidder, or the seat to play
    calls: tuple[Call, ...] = ()
    passes: int = 0  # consecutive passes
    bid: Call | None = None  # the standing bid
    holder: int | None = None  # who holds the called card (secret until public)
    doublings: tuple[int, ...] = ()  # the seats that said kontra, rekontra, subkontra
    declined: tuple[int, ...] = ()  # the seats that let the current doubling stage go
    deadline: datetime | None = None  # of the doubling window or of a shown hand
    leader: int = 0
    table: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    marriages: tuple[Marriage, ...] = ()
    partner_public: bool = False
    partner_how: str | None = None  # how it became public (``events.BY_…``)
    enough_by: int | None = None
    shown_by: int | None = None
    shown: tuple[Card, ...] = ()
    claimed_by: int | None = None  # the shown hand's seat, once its seconds ran out
    settlement: Settlement | None = None
    result: DealEnded | None = None
    solos_before: tuple[int, ...] = (0,) * SEATS  # each seat's solos in the game's earlier hands

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def caller(self) -> int | None:
        return None if self.bid is None or self.phase == BIDDING else self.bid.seat

    @property
    def called(self) -> Card | None:
        return None if self.caller is None or self.bid is None else self.bid.card

    @property
    def trump(self) -> str | None:
        called = self.called
        return None if called is None else called.suit

    @property
    def durchmarsch(self) -> bool:
        return self.bid is not None and self.bid.durchmarsch

    @property
    def solo(self) -> bool:
        return self.caller is not None and self.holder == self.caller

    @property
    def value(self) -> int:
        """The hand's value: the table value, doubled per Kontra, Rekontra, Subkontra."""
        assert self.bid is not None
        return self.bid.value << len(self.doublings)  # doubled per word

    @property
    def solos(self) -> tuple[int, ...]:
        """Each seat's solos in the game so far, this hand's counted once its bidding ended."""
        if not self.solo:
            return self.solos_before
        assert self.caller is not None
        counts = list(self.solos_before)
        counts[self.caller] += 1
        return tuple(counts)

    def on_caller_side(self, seat: int) -> bool:
        return seat in (self.caller, self.holder)

    @property
    def side_tricks(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if self.on_caller_side(t.winner))

    @property
    def claimed(self) -> bool:
        """The hand ended by a claim: its record counts the cards not yet played as tricks of
        the claiming seat (rules §6: what it would have taken)."""
        return self.claimed_by is not None

    @property
    def claimed_tricks(self) -> int:
        """The tricks a claim counts for its seat: one per card the seat still held."""
        return 0 if self.claimed_by is None else len(self.hands[self.claimed_by])

    @property
    def claimed_cards(self) -> tuple[Card, ...]:
        """The cards not yet played when a claim ended the hand (every seat's), else none."""
        return () if self.claimed_by is None else tuple(c for h in self.hands for c in h)

    @property
    def side_card_points(self) -> int:
        """The card points of the caller's side's tricks, a claim's cards included."""
        taken = sum(c.points for t in self.side_tricks for c in t.cards)
        return taken + sum(c.points for c in self.claimed_cards)

    @property
    def opposing_card_points(self) -> int:
        return sum(
            c.points for t in self.tricks if not self.on_caller_side(t.winner) for c in t.cards
        )

    @property
    def counted_marriage_points(self) -> int:
        """Marriages count when the trick they were led to went to the caller's side."""
        won = {i for i, t in enumerate(self.tricks) if self.on_caller_side(t.winner)}
        return sum(m.points for m in self.marriages if m.trick in won)

    @property
    def side_points(self) -> int:
        """The caller's side's score: card points of its tricks plus counted marriages."""
        return self.side_card_points + self.counted_marriage_points

    @property
    def played(self) -> tuple[Card, ...]:
        return tuple(c for t in self.tricks for c in t.cards) + self.table

    def trick_count(self, seat: int) -> int:
        """The tricks ``seat`` took, and after a claim by it the ones the claim counts."""
        claimed = self.claimed_tricks if seat == self.claimed_by else 0
        return sum(1 for t in self.tricks if t.winner == seat) + claimed

    def side_trick_counts(self) -> tuple[int, int]:
        """The tricks of the caller's side and of the opposing side (0, 0 before a caller)."""
        if self.caller is None:
            return (0, 0)
        counts = [self.trick_count(s) for s in range(self.seats)]
        side = sum(n for s, n in enumerate(counts) if self.on_caller_side(s))
        return (side, sum(counts) - side)

    def doubling_stage(self) -> int:
        """0: Kontra may be said, 1: Rekontra, 2: Subkontra, 3: every doubling said."""
        return len(self.doublings)

    def offered(self) -> tuple[int, ...]:
        """The seats offered the current doubling choice (a doubling or letting it go): every
        seat but the caller for Kontra, every seat but the last doubler after it. The same
        seats whoever holds the called card, so the offer tells nobody who the partner is."""
        if self.phase != DOUBLING or self.doubling_stage() >= len(DOUBLING_WORDS):
            return ()
        last = self.caller if not self.doublings else self.doublings[-1]
        return tuple(s for s in range(self.seats) if s != last and s not in self.declined)
