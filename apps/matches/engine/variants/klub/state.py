"""The state of a deal in the two-seat game, built only by the variant's evolvers."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...events import DealEnded
from ...tricks.state import Trick


@dataclass(frozen=True)
class KlubDeal:
    """A deal of the two-seat game: hands, trump card and talon, tricks, marriages, a close."""

    number: int
    dealer: int
    deck: tuple[Card, ...]  # secret until the deal ends
    salt: str  # secret until the deal ends
    commitment: str
    trump: str  # the trump suit
    trump_card: Card  # the card under the talon (after an exchange: the jack)
    talon: tuple[Card, ...]  # face-down cards in draw order (secret); the trump card comes after
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    turn: int
    table: tuple[Card, ...]  # the current trick so far, in play order
    tricks: tuple[Trick, ...]
    won: tuple[tuple[Card, ...], ...]  # captured cards per seat
    card_points: tuple[int, ...]
    marriages: tuple[tuple[str, ...], ...]  # announced suits per seat
    marriage_points: tuple[int, ...]
    trump_card_taken: bool = False
    closed_by: int | None = None
    # Each seat's (points, trick count) at the moment the talon was closed.
    closed_at: tuple[tuple[int, int], ...] | None = None
    surrendered_by: int | None = None
    result: DealEnded | None = None

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def strict(self) -> bool:
        """Whether the strict follow/beat/trump rules apply: the talon is closed or exhausted."""
        return self.closed_by is not None or not self.talon

    @property
    def can_draw(self) -> bool:
        """Whether the talon is open and still has a face-down card."""
        return self.closed_by is None and bool(self.talon)

    @property
    def trump_card_visible(self) -> bool:
        """The trump card lies face up until it is taken or the talon is closed."""
        return not self.trump_card_taken and self.closed_by is None

    def points(self, seat: int) -> int:
        """A seat's score in this deal: card points of won tricks plus announced marriages."""
        return self.card_points[seat] + self.marriage_points[seat]

    def trick_count(self, seat: int) -> int:
        return len(self.won[seat]) // self.seats

    def cards_in_play(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.table)
