"""``PartnershipRules``: the four-seat game with bidding and a secret partner (rules §4, §6).

Four seats deal 3 + 3 from the dealer's left (``evolve.layout``); the dealer and the first
bidder move one seat per hand. The bidding (``Bid``/``Pass``) names a card and a level; the
called card's suit is trump and its holder the caller's secret partner (the caller itself: a
solo). The doubling window (Kontra, Rekontra, Subkontra) runs from the end of the bidding to the
caller's first card and is held open by a server deadline (``doubling_window``, 5 s by default);
the service fires it with ``EndDoubling`` from ``due_commands``, as it fires the presence
deadlines. Then the caller leads; the hand ends at the first opposing trick, at "enough", after
six tricks, or when a shown hand's ``claim_wait`` runs out (``EndClaim``). Chips are carried
from hand to hand (``state.py``); the game ends after the hand in which a seat reaches 0.

Scores: the table adds the hand's ``DealEnded.game_points`` (1 to the caller whose side won) to
its seat, so ``MatchState.scores`` counts the hands each seat won as caller. Results: a seat
*won* the game when it ends with more chips than it started with, *lost* with fewer, and is
*void* with exactly as many, or when the game was abandoned.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any, ClassVar

from ...cards import DECK_24, Card
from ...codec import JSON
from ...commands import Command
from ...events import DealEnded, DealStarted, Event, MatchEnded
from ...rules import LOST, VOID, WON, Rules
from ...state import MatchState
from ...stats import LAPSED, Stat
from ...tricks.commands import DeclareEnough
from ...tricks.errors import TRICK_CODES
from . import play, view
from .commands import (
    COMMANDS,
    DUE_COMMANDS,
    Bid,
    EndClaim,
    EndDoubling,
    Kontra,
    NoDouble,
    Pass,
    Play,
    Rekontra,
    ShowCards,
    Subkontra,
)
from .errors import CODES
from .events import DEAL_END_REASONS, EVENTS
from .evolve import EVOLVERS, new_deal
from .legal import deal_actions
from .shapes import SHAPES
from .state import BIDDING, CLAIM, DOUBLING, PLAY, SEATS, START_CHIPS, PartnershipDeal

DOUBLING_WINDOW = timedelta(seconds=5)
CLAIM_WAIT = timedelta(seconds=5)
NO_HAND_LIMIT = 0  # the only target: play until a seat has no chips


class PartnershipRules(Rules[PartnershipDeal]):
    """Four seats, 24 cards, 6 each, bidding, a secret partner, table chips."""

    name = "partnership"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Partnerkereső", "en": "Partnership"}
    stats = (
        Stat("hands_won_as_caller", "hands_won_as_caller"),
        Stat("solos", "solos"),
        Stat("chips_won", "chips", less=START_CHIPS),
        Stat("best_chips", "chips", total="max"),
    )
    seats = SEATS
    deck = DECK_24
    targets = (NO_HAND_LIMIT,)
    commands = COMMANDS
    service_commands = DUE_COMMANDS
    events = EVENTS
    handlers: ClassVar = {
        Bid: play.bid,
        Pass: play.pass_,
        Kontra: play.double,
        Rekontra: play.double,
        Subkontra: play.double,
        NoDouble: play.no_double,
        Play: play.play,
        DeclareEnough: play.enough,
        ShowCards: play.show_cards,
        EndDoubling: play.end_doubling,
        EndClaim: play.end_claim,
    }
    evolvers = EVOLVERS
    deal_end_reasons = DEAL_END_REASONS
    codes: ClassVar[Mapping[str, str]] = {**TRICK_CODES, **CODES}
    shapes = SHAPES
    replaces_quitters = True  # a player who quits leaves the seat to Kati; the others play on
    hands_may_be_shown = False  # it would tell a secret partner; ``show_cards`` claims instead

    def __init__(
        self, *, doubling_window: timedelta = DOUBLING_WINDOW, claim_wait: timedelta = CLAIM_WAIT
    ) -> None:
        self.doubling_window = doubling_window  # the API layer sets it from a setting
        self.claim_wait = claim_wait

    # --- the deal ------------------------------------------------------------------------

    def new_deal(
        self, event: DealStarted, previous: PartnershipDeal | None = None
    ) -> PartnershipDeal:
        return new_deal(event, previous)

    def _running(self, state: MatchState) -> PartnershipDeal | None:
        """The deal being played, if one is."""
        if state.deal is None or state.deal.over:
            return None
        return self.deal_of(state)

    def _chips_at_end(self, state: MatchState) -> tuple[int, ...]:
        if state.deal is None:
            return (START_CHIPS,) * SEATS
        return view.chips_now(self.deal_of(state))[0]

    def actors(self, state: MatchState) -> tuple[int, ...]:
        deal = self._running(state)
        if deal is None:
            return ()
        if deal.phase in (BIDDING, PLAY):
            return (deal.turn,)
        if deal.phase == DOUBLING:
            return deal.offered()
        return ()  # a shown hand: the deal waits for its deadline

    def deal_actions(self, state: MatchState, seat: int) -> list[Command]:
        return deal_actions(self.deal_of(state), seat)

    def may_leave(self, deal: PartnershipDeal) -> bool:
        return not deal.tricks and not deal.table

    def display_order(self, command: Command) -> tuple[int, Any]:
        return view.display_order(command)

    def due_commands(self, state: MatchState, now: datetime) -> list[Command]:
        deal = self._running(state)
        if deal is None or deal.deadline is None:
            return []
        if deal.deadline > now:
            return []
        if deal.phase == DOUBLING:
            assert deal.caller is not None
            return [EndDoubling(deal.caller)]
        if deal.phase == CLAIM:
            assert deal.shown_by is not None
            return [EndClaim(deal.shown_by)]
        return []

    def next_deadline(self, state: MatchState) -> datetime | None:
        deal = self._running(state)
        return None if deal is None else deal.deadline

    # --- the match -----------------------------------------------------------------------

    def match_end(self, state: MatchState, deal_end: DealEnded) -> MatchEnded | None:
        """The game ends after the hand in which a seat reaches 0 chips (a pot left then is
        not paid out). ``winner``: the seat with the most chips, if only one has them."""
        settlement = self.deal_of(state).settlement
        if settlement is None or min(settlement.chips) > 0:
            return None
        chips = settlement.chips
        best = max(chips)
        leaders = [s for s in range(self.seats) if chips[s] == best]
        return MatchEnded(
            winner=leaders[0] if len(leaders) == 1 else None,
            reason="points",
            scores=state.scores,
            radli=None,
            schneider=False,
            ruckschneider=False,
        )

    def results(self, state: MatchState) -> tuple[str, ...]:
        """More chips than at the start: won; fewer: lost; as many, or abandoned or lapsed:
        void. A seat whose player resigned, left or lost technically (the computer took it
        over) lost, whatever its chips and however the game ended."""
        result = state.result
        assert result is not None
        abandoned = result.reason in ("abandoned", LAPSED)

        def of(seat: int, chips: int) -> str:
            if state.played_by_computer(seat):
                return LOST
            if abandoned or chips == START_CHIPS:
                return VOID
            return WON if chips > START_CHIPS else LOST

        return tuple(of(seat, chips) for seat, chips in enumerate(self._chips_at_end(state)))

    def tally(self, state: MatchState) -> tuple[dict[str, int], ...]:
        """Per seat: the hands it won as caller, the solos it played, its chips at the end."""
        solos = (0,) * self.seats if state.deal is None else self.deal_of(state).solos
        return tuple(
            {"hands_won_as_caller": won, "solos": solo, "chips": chips}
            for won, solo, chips in zip(state.scores, solos, self._chips_at_end(state), strict=True)
        )

    # --- what a seat sees ----------------------------------------------------------------

    def deal_view(self, state: MatchState, seat: int | None) -> JSON:
        return view.deal_view(self.deal_of(state), seat)

    def history(self, state: MatchState) -> JSON:
        return view.history(self.deal_of(state))

    def redact(self, event: Event, seat: int | None) -> JSON | None:
        return view.redact(event, seat)

    # --- what the property tests hold every variant to -----------------------------------

    def whereabouts(self, deal: PartnershipDeal) -> dict[str, tuple[Card, ...]]:
        places = {f"hand {seat}": hand for seat, hand in enumerate(deal.hands)}
        places["tricks"] = tuple(c for t in deal.tricks for c in t.cards)
        places["table"] = deal.table
        return places

    def secret(self, state: MatchState, seat: int) -> frozenset[Card]:
        """The other hands, less a shown hand and the cards named by bids (every card may be
        called: naming one says nothing of where it lies; who holds the called card is kept
        by the views themselves, ``view.partner_known_to``)."""
        deal = self.deal_of(state)
        hidden: set[Card] = set()
        for other, hand in enumerate(deal.hands):
            if other not in (seat, deal.shown_by):
                hidden.update(hand)
        return frozenset(hidden - {call.card for call in deal.calls if call.card is not None})
