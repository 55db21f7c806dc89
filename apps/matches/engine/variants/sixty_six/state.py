"""The state of a ``sixty-six`` deal: klub's two-seat deal, plus the bonus it carries and who
declared.

The bonus of drawn deals lives in the chain of deals, not in ``MatchState``: each deal is laid
out knowing the deal before it (``Rules.new_deal(event, previous)``) and carries ``bonus``, the
game points its winner gets on top of its own (one per 60:60 draw since the last decided deal).
The match state stays generic, and the bonus is part of the deal's ``DealEnded.game_points``,
so the table adds it to the scores and checks the target like any other game points.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import marriage_partner
from ..klub.state import KlubDeal
from .events import DRAW


@dataclass(frozen=True)
class SixtySixDeal(KlubDeal):
    bonus: int = 0  # game points from drawn deals that go to this deal's winner on top
    declared_by: int | None = None

    @property
    def all_played(self) -> bool:
        """Every card is played: the deal waits for the last trick's winner's word."""
        return not self.table and not any(self.hands)

    @property
    def marriage_led(self) -> bool:
        """The leader has just led a marriage card (the follower has not played yet): its
        partner is still in the leader's hand, which only a marriage lead leaves so."""
        if len(self.table) != 1:
            return False
        partner = marriage_partner(self.table[0])
        return partner is not None and partner in self.hands[self.leader]


def carried_bonus(previous: SixtySixDeal | None) -> int:
    """The bonus the deal after ``previous`` carries: one more after a draw, else none (a
    decided deal paid it out)."""
    if previous is None or previous.result is None:
        return 0
    return previous.bonus + 1 if previous.result.reason == DRAW else 0
