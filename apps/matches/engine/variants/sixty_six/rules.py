"""``SixtySixRules``: the 24-card two-seat game of rules §3 and §6, built on klub's.

What is klub's is klub's code: the layout (6 cards each: forehand ``d[0:6]``, dealer
``d[6:12]``, trump card ``d[12]``, talon ``d[13..23]`` then the trump card), closing, playing
with automatic marriages, drawing, the strict rules, the history (6 tricks draw) and the
redaction. What differs answers klub's seam: the trump *nine* exchanges, and only after a won
trick (``exchange_error``); 66 never ends a deal by itself (``ends_on_score``); after the last
trick the deal waits for its winner's word (``after_last_trick``): ``DeclareEnough`` or
``LetCount``. Every deal's winner takes the bonus of the draws before it (``state.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...cards import DECK_24
from ...codec import JSON
from ...commands import Command
from ...errors import RuleViolation
from ...events import DealStarted
from ...recorder import Recorder
from ...state import MatchState
from ...tricks.commands import DeclareEnough
from ..klub import play as klub_play
from ..klub.commands import CloseTalon, ExchangeTrump, PlayCard, Surrender
from ..klub.evolve import new_deal
from ..klub.rules import TwoSeatRules
from . import play, view
from .commands import COMMANDS, LetCount
from .errors import CODES
from .events import DEAL_END_REASONS, EVENTS
from .evolve import EVOLVERS
from .legal import EXCHANGE_RANK, deal_actions, exchange_error
from .shapes import SHAPES
from .state import SixtySixDeal, carried_bonus


class SixtySixRules(TwoSeatRules[SixtySixDeal]):
    """Two seats, 24 cards, 6 each, the trump nine exchanges, "enough" is declared, play to 7
    or 11 game points."""

    name = "sixty-six"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Hatvanhat", "en": "Sixty-six"}
    ranked = True
    deck = DECK_24
    hand_size = 6
    exchange_rank = EXCHANGE_RANK
    targets = (7, 11)
    commands = COMMANDS
    events = EVENTS
    handlers: ClassVar = {
        ExchangeTrump: klub_play.exchange_trump,
        CloseTalon: klub_play.close_talon,
        PlayCard: klub_play.play_card,
        Surrender: play.surrender,
        DeclareEnough: play.declare_enough,
        LetCount: play.let_count,
    }
    evolvers = EVOLVERS
    deal_end_reasons = DEAL_END_REASONS
    codes: ClassVar[Mapping[str, str]] = {**TwoSeatRules.codes, **CODES}
    shapes = SHAPES

    # --- the deal ------------------------------------------------------------------------

    def new_deal(self, event: DealStarted, previous: SixtySixDeal | None = None) -> SixtySixDeal:
        bonus = carried_bonus(previous)
        hands, trump_card, talon = self.layout(event.deck, event.dealer)
        return new_deal(event, hands, trump_card, talon, cls=SixtySixDeal, bonus=bonus)

    def deal_actions(self, state: MatchState, seat: int) -> list[Command]:
        return deal_actions(self.deal_of(state), seat, self)

    def display_order(self, command: Command) -> tuple[int, Any]:
        return view.display_order(command)

    # --- klub's seam -----------------------------------------------------------------------

    def exchange_error(self, deal: SixtySixDeal, seat: int) -> RuleViolation | None:
        return exchange_error(deal, seat)

    def ends_on_score(self, rec: Recorder, seat: int) -> bool:
        return False  # no automatic 66: a player declares

    def after_last_trick(self, rec: Recorder, winner: int) -> None:
        pass  # the deal waits for the winner's word: DeclareEnough or LetCount

    # --- what a seat sees ----------------------------------------------------------------

    def deal_view(self, state: MatchState, seat: int | None) -> JSON:
        deal = self.deal_of(state)
        dealt = self.layout(deal.deck, deal.dealer) if deal.over else None
        return view.deal_view(deal, seat, dealt)
