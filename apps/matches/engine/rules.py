"""The seam between the match table and a game: ``Rules``, one object per variant, and the
registry of variants.

In the style of scalachess's ``Variant``: the generic core (``table.py``, ``presence.py``,
``decide.py``, ``evolve.py``, ``view.py``, ``codec.py``) knows matches, deals, seats and
presence; everything a game decides — its deck and deal layout, its commands and events, how
they are handled and folded, what may be played, what a seat sees, the public history, when the
match is won — is asked of ``state.variant``, a ``Rules``, which declares the JSON it builds
for a seat in its ``shapes`` (``shapes.py``). A variant lives in ``variants/<name>/`` and is
registered with :func:`register`; the built-in ones are registered by ``variants/__init__.py``.
A test may register its own (a toy variant) without touching the core.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from . import codec
from .cards import Card
from .codec import JSON
from .errors import RuleViolation, echo
from .shapes import Shapes

if TYPE_CHECKING:
    from .commands import Command
    from .events import DealEnded, DealStarted, Event, MatchEnded
    from .recorder import Recorder
    from .state import Deal, MatchState

Handler = Callable[["Recorder", Any], None]
Evolver = Callable[["MatchState", Any], "MatchState"]

# A seat's result in a finished match, for settlement, ratings and stats.
WON, LOST, VOID = "won", "lost", "void"


class Rules(abc.ABC):
    """What one variant decides. Subclasses set the class attributes and implement the abstract
    methods (a subclass missing one cannot be instantiated, so never registered); the others
    have defaults for two-seat games.

    Every method is pure: it reads the state it is given and returns data.
    """

    name: ClassVar[str]
    seats: ClassVar[int]
    deck: ClassVar[tuple[Card, ...]]  # the variant's cards, canonical order
    targets: ClassVar[tuple[int, ...]]  # allowed match targets; the first is the default
    commands: ClassVar[tuple[type, ...]]  # what a seat may send inside a deal
    events: ClassVar[tuple[type, ...]]  # the events of a deal's play
    handlers: ClassVar[Mapping[type, Handler]]  # command type -> handler(recorder, command)
    evolvers: ClassVar[Mapping[type, Evolver]]  # event type -> evolver(state, event) -> state
    fold: Mapping[type, Evolver]  # the table's evolvers and the variant's, set by ``register``
    upcasters: ClassVar[Mapping[tuple[str, int], Callable[[JSON], JSON]]] = {}
    deal_end_reasons: ClassVar[tuple[str, ...]]
    shapes: ClassVar[Shapes]  # what deal_view, history and redact build, declared (shapes.py)
    # A player who resigns, leaves or loses technically hands its seat to the computer and the
    # others play on (``SeatTakenOver``), instead of ending the match (four seats).
    replaces_quitters: ClassVar[bool] = False
    # A player may show its hand to the table for a while (presence's ``show_hand``).
    hands_may_be_shown: ClassVar[bool] = True

    def __repr__(self) -> str:
        return f"<Rules {self.name}>"

    def match_target(self, chosen: int | None) -> int:
        """The game points a match made with ``chosen`` is played to (``None``: the default).
        Whether the variant plays to it is checked when the match starts."""
        return self.targets[0] if chosen is None else chosen

    # --- the deal ------------------------------------------------------------------------

    @abc.abstractmethod
    def new_deal(self, event: DealStarted, previous: Deal | None = None) -> Deal:
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
    def may_leave(self, deal: Deal) -> bool:
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
    def whereabouts(self, deal: Deal) -> dict[str, tuple[Card, ...]]:
        """Every card of ``deal`` by where it lies (hands, talon, table, won tricks …): the
        places together hold the deck, each card once."""

    @abc.abstractmethod
    def secret(self, state: MatchState, seat: int) -> frozenset[Card]:
        """The cards whose place ``seat`` may not know now (other hands, the talon …), less
        those it saw face up. No view, history, event or error shown to it names one."""


VARIANTS: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    """Make ``rules`` a variant the engine plays (its commands and events known to the codec)."""
    from .evolve import TABLE_EVOLVERS  # noqa: PLC0415 (evolve reads this module's registry)

    for cls in rules.commands:
        codec.register_command(cls)
    for cls in rules.events:
        codec.register_event(cls)
    codec.UPCASTERS.update(rules.upcasters)
    rules.fold = {**TABLE_EVOLVERS, **rules.evolvers}
    VARIANTS[rules.name] = rules
    return rules


def unregister(name: str) -> None:
    """Forget a variant (tests that registered a toy variant clean up with this), and the
    command and event types that only it used: the codec and the schema know them no more."""
    from .commands import TABLE_COMMANDS  # noqa: PLC0415 (the table's types stay known)
    from .events import TABLE_EVENTS  # noqa: PLC0415

    rules = VARIANTS.pop(name, None)
    if rules is None:
        return
    kept = {*TABLE_COMMANDS, *TABLE_EVENTS}
    for other in VARIANTS.values():
        kept.update(other.commands, other.events)
    codec.forget({*rules.commands, *rules.events} - kept)


def variant_names() -> list[str]:
    """The registered variants' names, sorted."""
    return sorted(VARIANTS)


def rules_for(name: str) -> Rules:
    rules = VARIANTS.get(name)
    if rules is None:
        raise RuleViolation("unknown_variant", f"no such variant: {echo(name)}")
    return rules
