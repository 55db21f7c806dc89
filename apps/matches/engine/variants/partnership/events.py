"""The events of a ``partnership`` hand, and its end reasons. Cards played, marriages, tricks
and "enough" are recorded with the two-seat games' events (one shape per type)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from ...cards import Card
from ...events import MATCH_ENDED
from ...tricks.events import CardPlayed, EnoughDeclared, MarriageAnnounced, TrickTaken


@dataclass(frozen=True, slots=True)
class BidMade:
    type: ClassVar[str] = "bid_made"
    schema_version: ClassVar[int] = 1
    seat: int
    card: Card
    durchmarsch: bool
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class Passed:
    type: ClassVar[str] = "passed"
    schema_version: ClassVar[int] = 1
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class BiddingEnded:
    """Three passes followed ``caller``'s bid: ``card``'s suit is trump; the doubling window is
    open until ``deadline`` (or until every seat offered a doubling let it go)."""

    type: ClassVar[str] = "bidding_ended"
    schema_version: ClassVar[int] = 1
    caller: int
    card: Card
    durchmarsch: bool
    deadline: datetime


@dataclass(frozen=True, slots=True)
class AllPassed:
    """Four passes and no bid: each seat pays into the pot and the cards are dealt again."""

    type: ClassVar[str] = "all_passed"
    schema_version: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class Doubled:
    """``seat`` said ``word`` (kontra, rekontra, subkontra); the window runs to ``deadline``."""

    type: ClassVar[str] = "doubled"
    schema_version: ClassVar[int] = 1
    seat: int
    word: str
    deadline: datetime
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class DoublingDeclined:
    type: ClassVar[str] = "doubling_declined"
    schema_version: ClassVar[int] = 1
    seat: int
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class DoublingClosed:
    """The doubling window is closed: the caller leads."""

    type: ClassVar[str] = "doubling_closed"
    schema_version: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class PartnerRevealed:
    """``seat`` holds the called card, and now everyone knows it (``how``: called_card_played,
    rekontra, trick_won, marriage or cards_shown)."""

    type: ClassVar[str] = "partner_revealed"
    schema_version: ClassVar[int] = 1
    seat: int
    how: str


@dataclass(frozen=True, slots=True)
class CardsShown:
    """``seat`` showed ``cards`` (its hand) to claim every remaining trick; at ``deadline`` the
    hand ends as won by the caller's side."""

    type: ClassVar[str] = "cards_shown"
    schema_version: ClassVar[int] = 1
    seat: int
    cards: tuple[Card, ...]
    deadline: datetime
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class HandSettled:
    """The chips of a hand: ``changes`` per seat (what it paid or received, the pot share
    included), then every seat's ``chips`` and the ``pot`` after it. ``winners``: none after
    an all-pass."""

    type: ClassVar[str] = "hand_settled"
    schema_version: ClassVar[int] = 1
    winners: tuple[int, ...]
    value: int
    changes: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int


EVENTS: tuple[type, ...] = (
    BidMade,
    Passed,
    BiddingEnded,
    AllPassed,
    Doubled,
    DoublingDeclined,
    DoublingClosed,
    CardPlayed,
    MarriageAnnounced,
    TrickTaken,
    PartnerRevealed,
    EnoughDeclared,
    CardsShown,
    HandSettled,
)

ALL_PASSED = "all_passed"  # nobody bid: the pot grows, the deal moves on
OPPOSING_TRICK = "opposing_trick"  # the first trick of the opposing side ended the hand
ALL_TRICKS = "all_tricks"  # the caller's side took all six tricks
ENOUGH = "enough"  # the caller or the holder said "enough"
CLAIMED = "claimed"  # a shown hand's seconds ran out

DEAL_END_REASONS = (ALL_PASSED, OPPOSING_TRICK, ALL_TRICKS, ENOUGH, CLAIMED, MATCH_ENDED)

# how the partner became public (``PartnerRevealed.how``)
BY_CARD, BY_REKONTRA, BY_TRICK, BY_MARRIAGE, BY_SHOWN = (
    "called_card_played",
    "rekontra",
    "trick_won",
    "marriage",
    "cards_shown",  # a claim shows the hand, the called card in it
)
