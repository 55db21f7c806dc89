"""``KlubRules``: the two-seat game of rules §2 behind the ``Rules`` seam.

``TwoSeatRules`` is klub's rules over any deal state like klub's (``KlubDeal`` or a subclass):
``sixty-six`` is one of them with its own deal state, answering klub's narrow seam
(``exchange_error``, ``ends_on_score``, ``after_last_trick``) its own way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...cards import DECK_20, Card
from ...codec import JSON
from ...commands import Command
from ...errors import RuleViolation
from ...events import DealEnded, DealStarted, Event, MatchEnded
from ...recorder import Recorder
from ...rules import Rules
from ...state import MatchState
from ...tricks.errors import TRICK_CODES
from . import play, view
from .commands import COMMANDS, CloseTalon, ExchangeTrump, PlayCard, Surrender
from .errors import CODES as KLUB_CODES
from .events import DEAL_END_REASONS, EVENTS
from .evolve import EVOLVERS, Layout, layout, new_deal
from .history import history
from .legal import deal_actions, exchange_error, no_card_played
from .shapes import SHAPES
from .state import KlubDeal


class TwoSeatRules[D: KlubDeal](Rules[D]):
    """Klub's rules over a deal state ``D`` like klub's: two seats, 20 cards, 5 each, the trump
    jack exchanges, play to 7 game points (a subclass changes what differs)."""

    seats = 2
    deck = DECK_20
    hand_size = 5
    exchange_rank = "U"  # the trump card of this rank exchanges for the face-up trump card
    targets: ClassVar[tuple[int, ...]] = (7,)
    commands = COMMANDS
    events = EVENTS
    handlers: ClassVar = {
        ExchangeTrump: play.exchange_trump,
        CloseTalon: play.close_talon,
        PlayCard: play.play_card,
        Surrender: play.surrender,
    }
    evolvers = EVOLVERS
    deal_end_reasons: ClassVar[tuple[str, ...]] = DEAL_END_REASONS
    codes: ClassVar[Mapping[str, str]] = {**TRICK_CODES, **KLUB_CODES}
    shapes = SHAPES

    def layout(self, deck: tuple[Card, ...], dealer: int) -> Layout:
        """(hands by seat, trump card, face-down talon in draw order) of a deck order."""
        return layout(deck, dealer, self.seats, self.hand_size)

    @property
    def drawing_tricks(self) -> int:
        """The tricks after which cards are drawn: the talon and the trump card, a card each."""
        return (len(self.deck) - self.seats * self.hand_size) // self.seats

    # --- the deal ------------------------------------------------------------------------

    def actors(self, state: MatchState) -> tuple[int, ...]:
        if state.deal is None or state.deal.over:
            return ()
        return (self.deal_of(state).turn,)

    def deal_actions(self, state: MatchState, seat: int) -> list[Command]:
        return deal_actions(self.deal_of(state), seat, self)

    def may_leave(self, deal: D) -> bool:
        return no_card_played(deal)

    def display_order(self, command: Command) -> tuple[int, Any]:
        return view.display_order(command)

    # --- the timing seam of the two-seat deal rules (``play.py`` asks these) --------------

    def exchange_error(self, deal: D, seat: int) -> RuleViolation | None:
        """Why ``seat`` may not exchange the trump card now (klub: on any lead, holding the
        trump jack, while a face-down card is left), or None if it may."""
        return exchange_error(deal, seat, self.exchange_rank)

    def ends_on_score(self, rec: Recorder, seat: int) -> bool:
        """Called when ``seat``'s score grew (it took a trick, or announced a marriage): end
        the deal if the score decides it now, and say whether it ended. Klub: 66 with a trick
        ends the deal at once."""
        return play.ended_at_66(self, rec, seat)

    def after_last_trick(self, rec: Recorder, winner: int) -> None:
        """Called when every card is played, ``winner`` having taken the last trick. Klub: the
        deal ends (the last-trick rule, or a failed close)."""
        play.end_with_last_trick(self, rec, winner)

    # --- the match -----------------------------------------------------------------------

    def match_end(self, state: MatchState, deal_end: DealEnded) -> MatchEnded | None:
        """The first to the target wins; the loser is "radli", "schneider" at 0, and
        "ruckschneider" is the winner who once stood at 0 against a seat at the brink."""
        winner = deal_end.winner
        if winner is None or state.scores[winner] < state.target:
            return None
        loser = 1 - winner
        return MatchEnded(
            winner=winner,
            reason="points",
            scores=state.scores,
            radli=loser,
            schneider=state.scores[loser] == 0,
            ruckschneider=state.trailed_to_the_brink[winner],
        )

    # --- what a seat sees ----------------------------------------------------------------

    def deal_view(self, state: MatchState, seat: int | None) -> JSON:
        deal = self.deal_of(state)
        dealt = self.layout(deal.deck, deal.dealer) if deal.over else None
        return view.deal_view(deal, seat, dealt)

    def history(self, state: MatchState) -> JSON:
        deal = self.deal_of(state)
        _, dealt_trump, _ = self.layout(deal.deck, deal.dealer)
        return history(deal, dealt_trump, self.drawing_tricks)

    def redact(self, event: Event, seat: int | None) -> JSON | None:
        dealt = None
        if isinstance(event, DealStarted):
            dealt = self.layout(event.deck, event.dealer)
        return view.redact(event, seat, dealt)

    # --- what the property tests hold every variant to -----------------------------------

    def whereabouts(self, deal: D) -> dict[str, tuple[Card, ...]]:
        places = {f"hand {seat}": hand for seat, hand in enumerate(deal.hands)}
        places |= {f"won {seat}": won for seat, won in enumerate(deal.won)}
        places["talon"] = deal.talon
        places["trump card"] = () if deal.trump_card_taken else (deal.trump_card,)
        places["table"] = deal.table
        return places

    def secret(self, state: MatchState, seat: int) -> frozenset[Card]:
        deal = self.deal_of(state)
        hidden = set(deal.talon)
        for other, hand in enumerate(deal.hands):
            if other != seat:
                hidden.update(hand)
        _, dealt_trump, _ = self.layout(deal.deck, deal.dealer)
        return frozenset(hidden - {dealt_trump, deal.trump_card})  # both lay face up


class KlubRules(TwoSeatRules[KlubDeal]):
    """Klub: two seats, 20 cards, 5 each, the trump jack exchanges, play to 7 game points."""

    name = "klub"
    labels: ClassVar[Mapping[str, str]] = {"hu": "Klub", "en": "Klub"}
    ranked = True

    def new_deal(self, event: DealStarted, previous: KlubDeal | None = None) -> KlubDeal:
        return new_deal(event, *self.layout(event.deck, event.dealer))
