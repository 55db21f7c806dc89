"""What changes from one variant to the next, as data. The rules code reads these fields.

Only ``klub`` is registered so far; ``sixty-six`` (24 cards, the trump nine, declaring 66) and
``partnership`` (four seats, bidding) add their own module and register here.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import DECK_20, Card


@dataclass(frozen=True)
class Variant:
    name: str
    seats: int
    deck: tuple[Card, ...]  # the variant's cards, canonical order
    hand_size: int
    exchange_rank: str  # the trump card this rank exchanges for the face-up trump card
    targets: tuple[int, ...]  # allowed match targets; the first is the default

    def deal(
        self, deck: tuple[Card, ...], dealer: int
    ) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
        """Split a deck order into (hands by seat, trump card, face-down talon in draw order).

        Hands are dealt in blocks starting with the seat after the dealer (forehand); the next
        card is the trump card; the rest is the talon, drawn from its start.
        """
        n = self.hand_size
        hands: list[tuple[Card, ...]] = [()] * self.seats
        for i in range(self.seats):
            hands[(dealer + 1 + i) % self.seats] = deck[i * n : (i + 1) * n]
        dealt = self.seats * n
        return tuple(hands), deck[dealt], deck[dealt + 1 :]


KLUB = Variant(
    name="klub",
    seats=2,
    deck=DECK_20,
    hand_size=5,
    exchange_rank="U",
    targets=(7,),
)

VARIANTS: dict[str, Variant] = {v.name: v for v in (KLUB,)}
