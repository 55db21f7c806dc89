"""What Kati's expert reads from the bidding in ``partnership`` (``partnership/inference.py``):
the layouts she samples give a seat that passed on its opening turn a weaker hand, and the
caller a stronger one, than layouts dealt without the bidding; and only the public bidding
moves them."""

from __future__ import annotations

import random
import statistics

from apps.bots.partnership import thumb
from apps.bots.partnership.inference import inferred_hands, likelihood
from apps.bots.partnership.seen import Seen
from apps.matches.engine import card
from apps.matches.engine.variants.partnership.commands import Bid, Pass
from research.hands4 import bot_view
from tests.engine.builders_partnership import Table, registered  # noqa: F401

# dealer 3: seat 0 speaks first, with a strong hand in M; seat 2 holds MX.
HANDS = ["MA MK MO M9 PA TK", "P9 PU TO TU Z9 ZU", "PX PK PO TA TX MX", "T9 ZA ZX ZK ZO MU"]
LAYOUTS = 400


def _strengths(seen: Seen, seat: int, draw: str, trump: int | None = None) -> float:
    """The mean strength of ``seat``'s hand over layouts drawn plainly or inferred."""
    rng = random.Random(5)
    values = []
    for _ in range(LAYOUTS):
        hands = inferred_hands(seen, rng) if draw == "inferred" else seen.deal(rng)
        hand = hands[seat] | seen.by[seat]
        values.append(thumb.best_suit(hand)[1] if trump is None else thumb.strength(hand, trump))
    return statistics.fmean(values)


def test_a_seat_that_passed_its_opening_turn_is_dealt_weaker_hands() -> None:
    table = Table(HANDS, dealer=3)
    table.do(Pass(0))
    seen = Seen.read(bot_view(table.state, 1))
    assert seen.passed == (0,)
    plain, inferred = _strengths(seen, 0, "plain"), _strengths(seen, 0, "inferred")
    assert inferred < plain - 3, (plain, inferred)


def test_a_seat_that_has_not_spoken_is_dealt_as_before() -> None:
    table = Table(HANDS, dealer=3)
    seen = Seen.read(bot_view(table.state, 0))
    assert seen.passed == ()
    rng = random.Random(1)
    assert all(likelihood(seen, seen.deal(rng)) == 1.0 for _ in range(50))


def test_the_caller_is_dealt_a_hand_worth_its_call() -> None:
    table = Table(HANDS, dealer=3)
    table.do(Bid(0, card("MX")))
    for seat in (1, 2, 3):
        table.do(Pass(seat))
    seen = Seen.read(bot_view(table.state, 3))  # an opponent in the doubling window
    assert seen.caller == 0 and seen.trump is not None
    plain = _strengths(seen, 0, "plain", seen.trump)
    inferred = _strengths(seen, 0, "inferred", seen.trump)
    assert inferred > plain + 3, (plain, inferred)


def test_the_inference_reads_only_the_view() -> None:
    """Two tables whose hidden hands differ but whose view for seat 1 is the same (but for
    the deck's commitment hash) give the same layouts with the same seed."""
    other = list(HANDS)
    other[2], other[3] = HANDS[3], HANDS[2]  # seat 1 cannot tell these apart
    views = []
    for hands in (HANDS, other):
        table = Table(hands, dealer=3)
        table.do(Pass(0))
        view = bot_view(table.state, 1)
        view["deal"].pop("commitment")
        views.append(view)
    assert views[0] == views[1]
    layouts = [inferred_hands(Seen.read(v), random.Random(9)) for v in views]
    assert layouts[0] == layouts[1]
