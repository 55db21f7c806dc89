"""The chips of a ``partnership`` hand (rules §4 and §6).

The value is the bid's table value doubled per Kontra, Rekontra and Subkontra, the same for
every way of winning or losing. 2 v 2: each loser pays the value and each winner receives it.
Solo: the caller pays or receives three times the value, each opponent once. No seat pays more
than it holds; the winners share what was paid in equal whole chips, and the remainder goes to
the pot. The pot goes to the winners of the next hand that is played, in equal whole chips; its
remainder stays. After an all-pass each seat pays 50 (or all it holds) into the pot.
"""

from __future__ import annotations

from .state import ALL_PASS_STAKE, PartnershipDeal, Settlement


def hand_settlement(deal: PartnershipDeal, won: bool) -> Settlement:
    """The chips after ``deal``, won (``won``) or lost by the caller's side."""
    assert deal.caller is not None
    seats = range(deal.seats)
    side = {deal.caller, deal.holder}
    winners = tuple(s for s in seats if (s in side) == won)
    losers = [s for s in seats if s not in winners]
    value = deal.value
    solo = deal.solo
    owed = {s: value * (3 if solo and s == deal.caller else 1) for s in losers}
    paid = {s: min(owed[s], deal.chips[s]) for s in losers}
    share, remainder = divmod(sum(paid.values()), len(winners))
    pot_share, pot_left = divmod(deal.pot, len(winners))
    changes = tuple(share + pot_share if s in winners else -paid[s] for s in seats)
    chips = tuple(c + d for c, d in zip(deal.chips, changes, strict=True))
    return Settlement(winners, changes, chips, pot_left + remainder)


def all_pass_settlement(deal: PartnershipDeal) -> Settlement:
    """Every seat pays the all-pass stake into the pot (no more than it holds)."""
    changes = tuple(-min(ALL_PASS_STAKE, c) for c in deal.chips)
    chips = tuple(c + d for c, d in zip(deal.chips, changes, strict=True))
    return Settlement((), changes, chips, deal.pot - sum(changes))
