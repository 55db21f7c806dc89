"""Duel: two seats, six cards, three each. The seat whose turn it is reveals a card of its hand
(``Reveal``, recorded as ``CardRevealed``); once both revealed, the higher card wins the round
(a tie: the first revealed) and its seat reveals first in the next. After three rounds the seat
with more rounds wins the deal and a game point; the first to the target wins the match.

Nothing of klub: its own deal state (``DuelDeal``), command, event, fold, views and shapes,
on the engine's core and its ``Rules`` seam only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from apps.matches.engine.cards import Card, cards, code_schema, codes, sorted_codes
from apps.matches.engine.codec import JSON, event_schema, to_json
from apps.matches.engine.commands import Command
from apps.matches.engine.errors import RuleViolation
from apps.matches.engine.events import MATCH_ENDED, DealEnded, DealStarted, Event, MatchEnded
from apps.matches.engine.recorder import Recorder
from apps.matches.engine.rules import Rules
from apps.matches.engine.shapes import (
    BOOLEAN,
    INTEGER,
    Shapes,
    array,
    nullable,
    obj,
    reshaped,
)
from apps.matches.engine.state import MatchState, copy_with, replace_at
from apps.matches.engine.table import end_deal

NAME = "duel"
DECK = cards("PA PX PK ZA ZX ZK")
HAND = 3
MOST_ROUNDS = "most_rounds"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Reveal a card of your hand, on your turn."""

    type: ClassVar[str] = "duel_reveal"
    seat: int
    card: Card
    stand_in: bool = False


@dataclass(frozen=True, slots=True)
class CardRevealed:
    """``seat`` revealed ``card``."""

    type: ClassVar[str] = "duel_card_revealed"
    schema_version: ClassVar[int] = 1
    seat: int
    card: Card


@dataclass(frozen=True)
class DuelDeal:
    number: int
    dealer: int
    deck: tuple[Card, ...]
    salt: str
    commitment: str
    hands: tuple[tuple[Card, ...], ...]
    turn: int
    shown: tuple[Card | None, ...] = (None, None)  # this round's revealed cards
    first: int = 0  # who revealed first this round
    rounds_won: tuple[int, ...] = (0, 0)
    played: tuple[Card, ...] = ()  # the cards of the rounds over
    result: DealEnded | None = None

    @property
    def over(self) -> bool:
        return self.result is not None


def _reveal(rules: DuelRules, rec: Recorder, cmd: Reveal) -> None:
    deal = rules.deal_of(rec.state)
    if deal.turn != cmd.seat:
        raise RuleViolation("not_your_turn", "it is not your turn")
    if cmd.card not in deal.hands[cmd.seat]:
        raise RuleViolation("card_not_in_hand", "that card is not in your hand")
    rec.emit(CardRevealed(cmd.seat, cmd.card))
    deal = rules.deal_of(rec.state)
    if not any(deal.hands) and deal.shown == (None, None):
        won = deal.rounds_won
        end_deal(rec, 0 if won[0] > won[1] else 1, 1, MOST_ROUNDS)


def _card_revealed(deal: DuelDeal, e: CardRevealed) -> DuelDeal:
    hand = tuple(c for c in deal.hands[e.seat] if c is not e.card)
    shown = replace_at(deal.shown, e.seat, e.card)
    hands = replace_at(deal.hands, e.seat, hand)
    other = 1 - e.seat
    if shown[other] is None:  # the round's first card
        return copy_with(deal, hands=hands, shown=shown, first=e.seat, turn=other)
    first, second = shown[deal.first], shown[1 - deal.first]
    assert first is not None and second is not None
    winner = 1 - deal.first if second.points > first.points else deal.first
    won = replace_at(deal.rounds_won, winner, deal.rounds_won[winner] + 1)
    return copy_with(
        deal,
        hands=hands,
        shown=(None, None),
        rounds_won=won,
        played=(*deal.played, first, second),
        turn=winner,
    )


CARD = code_schema()
DEAL_VIEW = obj(
    {
        "hand": array(CARD, "your cards (a seat's view only)"),
        "hand_sizes": array(INTEGER, "per seat"),
        "shown": array(nullable(CARD), "this round's revealed card per seat"),
        "rounds_won": array(INTEGER, "per seat"),
        "turn": INTEGER,
        "over": BOOLEAN,
    },
    title="DuelDealView",
    optional=("hand",),
)
HISTORY = obj({"played": array(CARD, "the cards of the rounds over")}, title="DuelHistory")
DEAL_STARTED = reshaped(
    event_schema(DealStarted),
    drop=("deck", "salt"),
    add={"hand": array(CARD, "your hand as dealt (a seat's feed only)")},
    optional=("hand",),
)


class DuelRules(Rules[DuelDeal]):
    name = NAME
    labels: ClassVar[Mapping[str, str]] = {"hu": "Párbaj", "en": "Duel"}
    seats = 2
    deck = DECK
    targets = (3,)
    commands = (Reveal,)
    events = (CardRevealed,)
    handlers: ClassVar = {Reveal: _reveal}
    evolvers: ClassVar = {CardRevealed: _card_revealed}
    deal_end_reasons = (MOST_ROUNDS, MATCH_ENDED)
    codes: ClassVar[Mapping[str, str]] = {
        "not_your_turn": "it is another seat's turn",
        "card_not_in_hand": "that card is not in your hand",
    }
    shapes = Shapes(
        deal_view=DEAL_VIEW,
        history=HISTORY,
        events={"deal_started": DEAL_STARTED},
    )

    def new_deal(self, event: DealStarted, previous: DuelDeal | None = None) -> DuelDeal:
        forehand = (event.dealer + 1) % 2
        hands = (
            [event.deck[HAND:], event.deck[:HAND]]
            if forehand
            else [
                event.deck[:HAND],
                event.deck[HAND:],
            ]
        )
        return DuelDeal(
            number=event.number,
            dealer=event.dealer,
            deck=event.deck,
            salt=event.salt,
            commitment=event.commitment,
            hands=tuple(hands),
            turn=forehand,
        )

    def actors(self, state: MatchState) -> tuple[int, ...]:
        if state.deal is None or state.deal.over:
            return ()
        return (self.deal_of(state).turn,)

    def deal_actions(self, state: MatchState, seat: int) -> list[Command]:
        deal = self.deal_of(state)
        if deal.turn != seat:
            return []
        return [Reveal(seat, c) for c in deal.hands[seat]]

    def may_leave(self, deal: DuelDeal) -> bool:
        return not deal.played and deal.shown == (None, None)

    def match_end(self, state: MatchState, deal_end: DealEnded) -> MatchEnded | None:
        winner = deal_end.winner
        if winner is None or state.scores[winner] < state.target:
            return None
        return MatchEnded(
            winner=winner,
            reason="points",
            scores=state.scores,
            radli=1 - winner,
            schneider=False,
            ruckschneider=False,
        )

    def deal_view(self, state: MatchState, seat: int | None) -> JSON:
        deal = self.deal_of(state)
        view: JSON = {
            "hand_sizes": [len(h) for h in deal.hands],
            "shown": [None if c is None else c.code for c in deal.shown],
            "rounds_won": list(deal.rounds_won),
            "turn": deal.turn,
            "over": deal.over,
        }
        if seat is not None:
            view = {"hand": sorted_codes(deal.hands[seat]), **view}
        return view

    def history(self, state: MatchState) -> JSON:
        return {"played": codes(self.deal_of(state).played)}

    def redact(self, event: Event, seat: int | None) -> JSON | None:
        if not isinstance(event, DealStarted):
            return None
        payload = {k: v for k, v in to_json(event).items() if k not in ("deck", "salt")}
        if seat is not None:
            deal = self.new_deal(event)
            payload["hand"] = sorted_codes(deal.hands[seat])
        return payload

    def whereabouts(self, deal: DuelDeal) -> dict[str, tuple[Card, ...]]:
        places = {f"hand {seat}": hand for seat, hand in enumerate(deal.hands)}
        places["shown"] = tuple(c for c in deal.shown if c is not None)
        places["played"] = deal.played
        return places

    def secret(self, state: MatchState, seat: int) -> frozenset[Card]:
        return frozenset(self.deal_of(state).hands[1 - seat])
