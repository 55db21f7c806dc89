"""The analysis of a finished ``partnership`` hand (docs/analysis.md, "Partnership"), with the
exact search Kati's strongest levels play with (``world.solve``).

``analyse(before, events, seed=...)`` replays the hand's events on the engine from ``before``
(the match's state before its ``deal_started``) and values:

- **every card-play decision** of every seat (a lead with or without its marriage, a follow),
  the caller's side's "enough" and its claim (``show_cards``): each choice the seat had, under
  best play by both sides with all four hands known (``exact``), in **chips for the deciding
  seat**: the hand's value (the table value doubled per doubling) won or paid, three times for
  a solo caller. A hand is won or lost, so a value is ±(its unit) and a loss 0 or twice it.
  ``own`` averages the same values over layouts of the cards the seat could not see, dealt
  consistently with what its view and the public history told it (``seen.Seen``, the sampler
  Kati's levels use; seeded by ``seed`` and the decision's number), and marks the expected
  loss, measured in the seat's unit, at the two-seat ``THRESHOLDS``;
- **the contract**: for every bid the caller could have named (each card, each level), what
  the hand dealt was worth to the caller under best play (its own partner being the card's
  holder, its table value, tripled for a solo, undoubled: the doublings answer the bid), which
  bids were above the standing bid when the caller made its last one (``open``), and what the
  contract played was worth with its doublings.

The search (``world.solve``) ends the hand as won once the caller's side has 66 after a trick
(points never fall, so saying "enough" later changes nothing), and lost at the first opposing
trick below 66 (a Durchmarsch: at any opposing trick). ``tests/analysis/test_partnership.py``
holds it to a plain minimax over every legal card, without that shortcut. Pure: the engine and
the bots' own modules only.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from apps.matches.engine import Event, MatchState, evolve, history_for, view_for
from apps.matches.engine.cards import DECK_24
from apps.matches.engine.events import DealEnded
from apps.matches.engine.tricks.commands import DeclareEnough
from apps.matches.engine.tricks.events import CardPlayed, EnoughDeclared, MarriageAnnounced
from apps.matches.engine.variants.partnership.commands import Play, ShowCards
from apps.matches.engine.variants.partnership.events import CardsShown
from apps.matches.engine.variants.partnership.evolve import layout
from apps.matches.engine.variants.partnership.legal import deal_actions
from apps.matches.engine.variants.partnership.state import (
    DURCHMARSCH,
    SNAPSZER,
    WINNING_SCORE,
    PartnershipDeal,
    table_value,
)

from ..analysed import THRESHOLDS, VERSION, mark, seat_totals
from ..cardbits import CODES, INDEX, SUITS, mask
from .seen import Seen
from .world import World, solve

SAMPLES = 16  # layouts of the unseen cards per decision (own values)
PLAY, ENOUGH, SHOW, CONTINUE = "play", "declare_enough", "show_cards", "continue"


@dataclass(frozen=True)
class Choice:
    """A choice of a seat: a card (``marriage``: announced with it), "enough", the claim, or
    (off turn, after a trick) letting the hand go on."""

    kind: str
    card: int = -1
    marriage: bool = False

    def json(self) -> dict[str, Any]:
        if self.kind != PLAY:
            return {"type": self.kind}
        out: dict[str, Any] = {"type": PLAY, "card": CODES[self.card]}
        if self.marriage:
            out["marriage"] = True
        return out


@dataclass(frozen=True)
class Decision:
    """One decision as recorded: the state before it, the seat, the choice, a stand-in's."""

    state: MatchState
    seat: int
    choice: Choice
    stand_in: bool


def decisions(before: MatchState, events: Sequence[Event]) -> Iterator[Decision]:
    """The play decisions of the hand whose events are ``events`` (a card's marriage is the
    ``marriage_announced`` right after it, by the same seat)."""
    state = before
    for i, e in enumerate(events):
        choice: Choice | None = None
        seat = -1
        if isinstance(e, CardPlayed | EnoughDeclared | CardsShown):
            seat = e.seat
        if isinstance(e, CardPlayed):
            after = events[i + 1] if i + 1 < len(events) else None
            married = isinstance(after, MarriageAnnounced) and after.seat == e.seat
            choice = Choice(PLAY, INDEX[e.card.code], married)
        elif isinstance(e, EnoughDeclared):
            choice = Choice(ENOUGH)
        elif isinstance(e, CardsShown):
            choice = Choice(SHOW)
        if choice is not None:
            yield Decision(state, seat, choice, bool(getattr(e, "stand_in", False)))
        state = evolve(state, e)


def world_of(deal: PartnershipDeal, hands: list[int] | None = None) -> World:
    """The running hand as the search's model (``hands``: another layout; default the real)."""
    assert deal.trump is not None and deal.caller is not None and deal.holder is not None
    pending = sum(m.points for m in deal.marriages if m.trick == len(deal.tricks))
    return World(
        [mask(c.code for c in h) for h in deal.hands] if hands is None else hands,
        SUITS.index(deal.trump),
        deal.caller,
        deal.holder,
        durchmarsch=deal.durchmarsch,
        leader=deal.leader,
        table=[INDEX[c.code] for c in deal.table],
        points=deal.side_points,
        pending=pending,
    )


def unit(deal: PartnershipDeal, seat: int) -> int:
    """What the hand is worth to ``seat`` in chips, won or lost: three times for a solo
    caller."""
    return deal.value * (3 if deal.solo and seat == deal.caller else 1)


def wins(deal: PartnershipDeal, w: World, choice: Choice) -> bool:
    """Whether the caller's side wins after ``choice`` in ``w``, best play by both sides."""
    if choice.kind == ENOUGH:
        return not deal.durchmarsch and deal.side_points >= WINNING_SCORE
    if choice.kind == SHOW:
        return True  # offered only when every remaining trick is sure
    x = w.clone()
    if choice.kind == PLAY:
        lead = not x.table
        x.play(choice.card)
        if lead and not choice.marriage:
            x.pending = 0
    return x.result if x.result is not None else solve(x)


def choices_of(deal: PartnershipDeal, seat: int, made: Choice) -> list[Choice]:
    """The seat's choices: its cards (a marriage card led with and without the marriage), the
    claim when offered, "enough" when it wins (or was said: a wrong "enough" is legal after
    every trick, never worth listing otherwise); off turn "enough" or letting the hand go on."""
    if deal.turn != seat:
        return [made, Choice(CONTINUE)]
    out: list[Choice] = []
    for a in deal_actions(deal, seat):
        if isinstance(a, Play):
            out.append(Choice(PLAY, INDEX[a.card.code], a.marriage))
        elif isinstance(a, ShowCards):
            out.append(Choice(SHOW))
        elif isinstance(a, DeclareEnough) and (
            made.kind == ENOUGH or deal.side_points >= WINNING_SCORE
        ):
            out.append(Choice(ENOUGH))
    if made not in out:
        out.append(made)
    return out


def _signed(won: bool, mine: bool, each: int) -> int:
    return each if won == mine else -each


def decision_values(d: Decision, *, index: int, seed: int, samples: int) -> dict[str, Any]:
    """One decision's entry: every choice's exact value and (unless forced) its mean over
    the layouts the seat could not tell apart."""
    deal = d.state.deal
    assert isinstance(deal, PartnershipDeal)
    seat = d.seat
    mine = deal.on_caller_side(seat)
    each = unit(deal, seat)
    choices = choices_of(deal, seat, d.choice)
    w = world_of(deal)
    exact = {c: _signed(wins(deal, w, c), mine, each) for c in choices}
    best = max(exact.values())
    entry: dict[str, Any] = {
        "index": index,
        "seat": seat,
        "caller_side": mine,
        "trick": len(deal.tricks),
        "action": d.choice.json(),
        "stand_in": d.stand_in,
        "forced": len(choices) == 1,
        "unit": each,
        "exact": {
            "values": [{"action": c.json(), "value": exact[c]} for c in choices],
            "best": best,
            "value": exact[d.choice],
            "loss": best - exact[d.choice],
        },
        "own": None,
    }
    if len(choices) > 1:
        entry["own"] = _own(d, deal, choices, random.Random(f"analysis:{seed}:{index}"), samples)
    return entry


def _own(
    d: Decision, deal: PartnershipDeal, choices: list[Choice], rng: random.Random, samples: int
) -> dict[str, Any]:
    seat = d.seat
    view = {**view_for(d.state, seat), "history": history_for(d.state, seat)}
    seen = Seen.read(view)
    mine = deal.on_caller_side(seat)  # a seat always knows its own side
    each = unit(deal, seat)
    totals = dict.fromkeys(choices, 0.0)
    for _ in range(samples):
        w = seen.world(rng)
        for c in choices:
            totals[c] += _signed(wins(deal, w, c), mine, each)
    own = {c: t / samples for c, t in totals.items()}
    top = max(own.values())
    loss = top - own[d.choice]
    return {
        "values": [{"action": c.json(), "value": round(own[c], 4)} for c in choices],
        "best": round(top, 4),
        "value": round(own[d.choice], 4),
        "loss": round(loss, 4),
        "mark": mark(loss / each),
        "layouts": samples,
        "exhaustive": False,
    }


# --- the contract -------------------------------------------------------------------------


def contract(deal: PartnershipDeal) -> dict[str, Any] | None:
    """What the hand dealt was worth to the caller for every bid it could have named, and
    what the contract played was worth (None after an all-pass)."""
    if deal.caller is None or deal.bid is None or deal.bid.card is None:
        return None
    caller = deal.caller
    hands = [mask(c.code for c in h) for h in layout(deal.deck, deal.dealer)]
    mine = [i for i, c in enumerate(deal.calls) if c.seat == caller and c.card is not None]
    standing = max((call.value for call in deal.calls[: mine[-1]]), default=0)
    bids: list[dict[str, Any]] = []
    for durchmarsch in (False, True):
        for card in DECK_24:
            c = INDEX[card.code]
            holder = next(s for s in range(len(hands)) if hands[s] >> c & 1)
            value = table_value(card, durchmarsch)
            w = World(list(hands), c // 6, caller, holder, durchmarsch=durchmarsch)
            won = solve(w)
            each = value * (3 if holder == caller else 1)
            bids.append(
                {
                    "card": card.code,
                    "level": DURCHMARSCH if durchmarsch else SNAPSZER,
                    "table_value": value,
                    "solo": holder == caller,
                    "open": value > standing,
                    "wins": won,
                    "value": each if won else -each,
                }
            )
    made = next(
        b
        for b in bids
        if b["card"] == deal.bid.card.code and (b["level"] == DURCHMARSCH) == deal.bid.durchmarsch
    )
    best = max(b["value"] for b in bids if b["open"])
    each = unit(deal, caller)
    return {
        "caller": caller,
        "card": made["card"],
        "level": made["level"],
        "table_value": made["table_value"],
        "solo": made["solo"],
        "wins": made["wins"],
        "value": made["value"],
        "best": best,
        "loss": best - made["value"],
        "doubled_value": each if made["wins"] else -each,
        "bids": bids,
    }


# --- the hand -------------------------------------------------------------------------------


def turning_point(out: list[dict[str, Any]], caller_won: bool | None) -> dict[str, Any] | None:
    """The losing side's last decision that turned a hand it did not lose under best play
    into a lost one; else its marked decision with the largest expected loss; else none."""
    if caller_won is None:
        return None
    theirs = [d for d in out if d["caller_side"] != caller_won]
    for d in reversed(theirs):
        ex = d["exact"]
        if ex["best"] >= 0 > ex["value"]:
            return {"decision": d["index"], "seat": d["seat"], "rule": "lost_under_best_play"}
    marked = [d for d in theirs if d["own"] is not None and d["own"]["mark"] is not None]
    if marked:
        worst = max(marked, key=lambda d: (d["own"]["loss"] / d["unit"], -d["index"]))
        return {"decision": worst["index"], "seat": worst["seat"], "rule": "largest_expected_loss"}
    return None


def analyse(
    before: MatchState, events: Sequence[Event], *, seed: int, samples: int = SAMPLES
) -> dict[str, Any]:
    """The analysis of the finished hand whose events (``deal_started`` to ``deal_ended``)
    are ``events``, ``before`` the match's state before them (JSON-ready)."""
    end = events[-1]
    assert isinstance(end, DealEnded)
    final = before
    for e in events:
        final = evolve(final, e)
    deal = final.deal
    assert isinstance(deal, PartnershipDeal)
    out = [
        decision_values(d, index=i, seed=seed, samples=samples)
        for i, d in enumerate(decisions(before, events))
    ]
    caller_won = None if deal.caller is None else end.winner is not None
    return {
        "version": VERSION,
        "variant": "partnership",
        "seed": seed,
        "thresholds": dict(THRESHOLDS),
        "result": {"winner": end.winner, "game_points": end.game_points, "reason": end.reason},
        "count": {
            "trick_counts": [deal.trick_count(s) for s in range(deal.seats)],
            "side_tricks": list(deal.side_trick_counts()),
            "side_points": deal.side_points if deal.caller is not None else 0,
            "claimed": deal.claimed,
        },
        "contract": contract(deal),
        "decisions": out,
        "turning_point": turning_point(out, caller_won),
        "seats": [seat_totals(out, seat) for seat in range(deal.seats)],
    }
