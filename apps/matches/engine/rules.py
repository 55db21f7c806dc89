"""The seam between the match table and a game: ``Rules``, one object per variant, and the
registry of variants.

In the style of scalachess's ``Variant``: the generic core (``table.py``, ``presence.py``,
``decide.py``, ``evolve.py``, ``view.py``, ``codec.py``) knows matches, deals, seats and
presence; everything a game decides — its deck and deal layout, its commands and events, how
they are handled and folded, what may be played, what a seat sees, the public history, when the
match is won — is asked of ``state.variant``, a ``Rules``, which declares the JSON it builds
for a seat in its ``shapes`` (``shapes.py``). A variant lives in ``variants/<name>/``; the
registry (``registry.py``) holds the ones in play; a test may register its own (a toy game)
without touching the core.

A variant's codec tables and its fold are built from its own declarations, by the variant
(``codec``, ``fold``): registering it changes no table of the core.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, cast

from .cards import Card
from .codec import JSON, Codec
from .commands import PLAYER_TABLE_COMMANDS, ShowHand
from .shapes import Shapes
from .state import Deal, MatchState, copy_with
from .stats import LOST, VOID, WON, Stat
from .table_fold import TABLE_EVOLVERS, Evolver

if TYPE_CHECKING:
    from .commands import Command
    from .events import DealEnded, DealStarted, Event, MatchEnded
    from .recorder import Recorder

# command type -> handler(rules, recorder, command): records the command's events or raises
Handler = Callable[[Any, "Recorder", Any], None]
# event type -> evolver(deal, event) -> deal: a deal's play changes only the deal
DealEvolver = Callable[[Any, Any], Any]

__all__ = ["LOST", "VOID", "WON", "DealEvolver", "Handler", "Rules", "Stat"]


class Rules[D: Deal](abc.ABC):
    """What one variant decides, over its own deal state ``D`` (made by ``new_deal``).
    Subclasses set the class attributes and implement the abstract methods (a subclass missing
    one cannot be instantiated, so never registered); the others have defaults for two-seat
    games.

    Every method is pure: it reads the state it is given and returns data.
    """

    name: ClassVar[str]
    # the game's name as players read it, by language ("hu", "en"): the games' list, the
    # leaderboard's tabs
    labels: ClassVar[Mapping[str, str]] = {}
    # whether the club plays it ranked (rated, for coins, with a monthly tournament): a
    # declaration, never inferred from the seats
    ranked: ClassVar[bool] = False
    # the numbers a player's stats add up from its seats' tallies (``tally``), besides the games,
    # wins, losses and games left that every game counts (``stats.py``)
    stats: ClassVar[tuple[Stat, ...]] = ()
    seats: ClassVar[int]
    deck: ClassVar[tuple[Card, ...]]  # the variant's cards, canonical order
    targets: ClassVar[tuple[int, ...]]  # allowed match targets; the first is the default
    commands: ClassVar[tuple[type, ...]]  # what a seat may send inside a deal
    events: ClassVar[tuple[type, ...]]  # the events of a deal's play
    handlers: ClassVar[Mapping[type, Handler]]  # command -> handler(rules, recorder, command)
    evolvers: ClassVar[Mapping[type, DealEvolver]]  # event type -> evolver(deal, event) -> deal
    # commands only the service sends (a variant's own deadlines), known to the codec: they are
    # stored with the events they caused, and never accepted from a client
    service_commands: ClassVar[tuple[type, ...]] = ()
    deal_end_reasons: ClassVar[tuple[str, ...]]
    # the codes of the RuleViolations the variant's own rules raise, with what they mean (the
    # core's are ``errors.CODES``); the product lists them all (``registry.rule_codes``)
    codes: ClassVar[Mapping[str, str]] = {}
    shapes: ClassVar[Shapes]  # what deal_view, history and redact build, declared (shapes.py)
    # A player who resigns, leaves or loses technically hands its seat to the computer and the
    # others play on (``SeatTakenOver``), instead of ending the match (four seats).
    replaces_quitters: ClassVar[bool] = False
    # A player may show its hand to the table for a while (presence's ``show_hand``).
    hands_may_be_shown: ClassVar[bool] = True

    def __repr__(self) -> str:
        return f"<Rules {self.name}>"

    def label(self, language: str) -> str:
        """The game's name in ``language`` ("hu", "hu-HU", "en" …): its declared label, else the
        English one, else its wire name."""
        labels = self.labels
        return (
            labels.get(language.split("-", maxsplit=1)[0].lower()) or labels.get("en") or self.name
        )

    @cached_property
    def codec(self) -> Codec:
        """The wire shapes of the variant's commands and events."""
        return Codec((*self.commands, *self.service_commands), self.events)

    @cached_property
    def player_commands(self) -> tuple[type, ...]:
        """Every command a player may send in this game: its deal commands, then the table's
        (resigning, leaving, pausing …; showing one's hand only where ``hands_may_be_shown``).
        The games' catalogue lists them as the game's actions."""
        table = (c for c in PLAYER_TABLE_COMMANDS if c is not ShowHand or self.hands_may_be_shown)
        return (*self.commands, *table)

    @cached_property
    def fold(self) -> Mapping[type, Evolver]:
        """Event type -> evolver for a match of this variant: the table's, and the variant's
        own, each applied to the match's deal."""
        return {**TABLE_EVOLVERS, **{cls: self._on_deal(e) for cls, e in self.evolvers.items()}}

    def _on_deal(self, evolver: Callable[[D, Any], D]) -> Evolver:
        def evolve(state: MatchState, event: Any) -> MatchState:
            return copy_with(state, deal=evolver(self.deal_of(state), event))

        return evolve

    def deal_of(self, state: MatchState) -> D:
        """The deal of ``state``, a match of this variant: a deal this variant made (its
        ``new_deal``) and its own evolvers changed, so of its deal type. The one place where
        the core's ``Deal`` is known as the variant's own (no handler or view narrows it)."""
        assert state.deal is not None, "no deal has been dealt"
        return cast(D, state.deal)

    def match_target(self, chosen: int | None) -> int:
        """The game points a match made with ``chosen`` is played to (``None``: the default).
        Whether the variant plays to it is checked when the match starts."""
        return self.targets[0] if chosen is None else chosen

    # --- the deal ------------------------------------------------------------------------

    @abc.abstractmethod
    def new_deal(self, event: DealStarted, previous: D | None = None) -> D:
        """The deal state right after ``event``: the cards laid out from its deck order.
        ``previous`` is the match's deal before it (None for the first deal), for what a
        variant carries from one deal to the next (``sixty-six``: the bonus of drawn deals)."""

    @abc.abstractmethod
    def actors(self, state: MatchState) -> tuple[int, ...]:
        """The seats the running deal waits for now (several may, e.g. a doubling). Another
        seat may still have an optional move among its legal actions (``sixty-six``: declaring
        right after leading a marriage card), but the deal does not wait for it."""

    @abc.abstractmethod
    def deal_actions(self, state: MatchState, seat: int) -> list[Command]:
        """The deal commands ``seat`` may send now (the table adds leaving and resigning)."""

    @abc.abstractmethod
    def may_leave(self, deal: D) -> bool:
        """Whether a seat may still leave the table during ``deal`` (before its first card)."""

    def display_order(self, command: Command) -> tuple[int, Any]:
        """The sort key of a legal action in a view (stable: ties keep the rules' order)."""
        return (0, None)

    def due_commands(self, state: MatchState, now: datetime) -> list[Command]:
        """The variant's own deadlines run out by ``now``, as commands (none by default)."""
        return []

    def next_deadline(self, state: MatchState) -> datetime | None:
        """The earliest of the variant's own pending deadlines (none by default)."""
        return None

    # --- the match -----------------------------------------------------------------------

    @abc.abstractmethod
    def match_end(self, state: MatchState, deal_end: DealEnded) -> MatchEnded | None:
        """The match's end after the deal that ``deal_end`` closed, if it is over."""

    def quit_winner(self, state: MatchState, seat: int) -> int | None:
        """Who wins when ``seat`` resigns, leaves or loses technically: at a two-seat table
        the other seat."""
        return 1 - seat if self.seats == 2 else None

    def results(self, state: MatchState) -> tuple[str, ...]:
        """Each seat's result of the finished match: ``WON``, ``LOST`` or ``VOID``."""
        assert state.result is not None
        winner = state.result.winner
        if winner is None:
            return (VOID,) * self.seats
        return tuple(WON if seat == winner else LOST for seat in range(self.seats))

    def tally(self, state: MatchState) -> tuple[dict[str, int], ...]:
        """Each seat's counts of the finished match that its player's stats add up (the
        variant's own; none by default)."""
        return ({},) * self.seats

    # --- what a seat sees ----------------------------------------------------------------

    @abc.abstractmethod
    def deal_view(self, state: MatchState, seat: int | None) -> JSON:
        """The running deal as ``seat`` may see it (``None``: a spectator)."""

    @abc.abstractmethod
    def history(self, state: MatchState) -> JSON:
        """The public record of the current deal (the same for every seat)."""

    def redact(self, event: Event, seat: int | None) -> JSON | None:
        """``event`` as ``seat`` may see it, or ``None`` when the whole event is public."""
        return None

    # --- what the property tests hold every variant to -----------------------------------

    @abc.abstractmethod
    def whereabouts(self, deal: D) -> dict[str, tuple[Card, ...]]:
        """Every card of ``deal`` by where it lies (hands, talon, table, won tricks …): the
        places together hold the deck, each card once."""

    @abc.abstractmethod
    def secret(self, state: MatchState, seat: int) -> frozenset[Card]:
        """The cards whose place ``seat`` may not know now (other hands, the talon …), less
        those it saw face up. No view, history, event or error shown to it names one."""
