"""The analysis of a finished two-seat deal (``klub``, ``sixty-six``): every decision of every
seat valued twice, with the searches Kati plays with (``fastsearch.py``, the C search).

``analyse(before, events, seed=...)`` replays the deal's events on the engine from ``before``
(the match's state before the deal's first event) and, at each decision (a lead or a follow,
the trump exchange, closing, a surrender, sixty-six's "enough" and the count), values every
legal choice:

- **exact** (all cards known): the value of each choice under best play by both seats, in game
  points of the deal from the deciding seat's side (+3 … −3; sixty-six without the bonus of
  earlier draws, a 60:60 draw 0), and the loss of the choice made against the best;
- **own** (only what the seat knew then, ``knowledge.Knowledge`` read from the seat's view and
  the public history, never a hidden card): the mean of each choice's exact value over the
  layouts of the unseen cards consistent with that knowledge, every layout when there are few
  (``EXACT_LAYOUTS`` with the talon open, ``EXACT_HANDS`` once it is closed or exhausted),
  else ``samples`` of them drawn with a generator seeded by ``seed`` and the decision's number
  (the same deal always gets the same analysis); closing is worth its best single lead's mean
  (as the expert values it: ``expert.open_values``). The loss against the best mean is marked
  an inaccuracy, a mistake or a blunder at ``THRESHOLDS``.

The deal's turning point and each seat's total loss close it (docs/analysis.md says how they
are defined). The result is JSON-ready. Pure: the engine and the bots' own modules only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from apps.matches.engine import Event, MatchState, evolve, history_for, view_for
from apps.matches.engine.events import DealEnded
from apps.matches.engine.tricks.events import CardPlayed, EnoughDeclared, MarriageAnnounced
from apps.matches.engine.variants.klub.events import DealSurrendered, TalonClosed, TrumpExchanged
from apps.matches.engine.variants.sixty_six.events import CountChosen

from .actions import to_int
from .analysed import THRESHOLDS, VARIANTS, VERSION, mark, seat_totals
from .bitgame import BitGame, from_deal
from .bitgame66 import BitGame66, from_deal66
from .cardbits import CLOSE, CODES, COUNT, DECLARE, EXCHANGE, INDEX
from .fastsearch import FastDealSolver, action_values
from .heuristics import SURRENDER
from .knowledge import Knowledge
from .partnership.analysis import SAMPLES as SAMPLES_4
from .partnership.analysis import analyse as partnership_analyse

CONTINUE = 29  # off turn: letting the other seat play on (not saying "enough", not giving up)
SAMPLES = {"klub": 40, "sixty-six": 8}  # sampled layouts per decision while the talon is open
FIRST_TRICK_SAMPLES = {"klub": 40, "sixty-six": 4}  # ... in the deal's first trick (dearest)
STRICT_SAMPLES = 400  # sampled opponent hands once the talon is closed, when too many
EXACT_LAYOUTS = 40  # open talon: every layout (hand and talon order) when at most this many
EXACT_HANDS = 2002  # strict phase: every opponent hand when at most this many (klub's all)


class NotAnalysable(ValueError):
    """The deal is not a finished two-seat deal of an analysed variant."""


@dataclass(frozen=True)
class Decision:
    """One decision as recorded: the state before it, the seat, the action (an int as in
    ``actions.to_int``), whether a stand-in (the computer for a paused player) made it."""

    state: MatchState
    seat: int
    action: int
    stand_in: bool


def decisions(before: MatchState, events: Sequence[Event]) -> Iterator[Decision]:
    """The decisions of the deal whose events are ``events`` (from its ``deal_started``),
    each with the state it was made in."""
    state = before
    pending: MatchState | None = None  # the state before a marriage announced with its lead
    marriage: MarriageAnnounced | None = None
    for e in events:
        start = pending if pending is not None else state
        action: int | None = None
        if isinstance(e, MarriageAnnounced):
            pending, marriage = state, e
        elif isinstance(e, CardPlayed):
            action = INDEX[e.card.code]
        elif isinstance(e, TrumpExchanged):
            action = EXCHANGE
        elif isinstance(e, TalonClosed):
            action = CLOSE
        elif isinstance(e, DealSurrendered):
            action = SURRENDER
        elif isinstance(e, EnoughDeclared):
            action = DECLARE
        elif isinstance(e, CountChosen):
            action = COUNT
        elif isinstance(e, DealEnded) and marriage is not None and pending is not None:
            # klub: the announcement reached 66 and ended the deal before the card was played
            action = INDEX[marriage.suit + "O"]
            seat = marriage.seat
            yield Decision(pending, seat, action, False)
            pending = marriage = None
        if action is not None and not isinstance(e, DealEnded):
            yield Decision(start, e.seat, action, getattr(e, "stand_in", False))  # type: ignore[attr-defined]
            pending = marriage = None
        state = evolve(state, e)


def action_json(action: int) -> dict[str, Any]:
    if action < EXCHANGE:
        return {"type": "play_card", "card": CODES[action]}
    return {
        "type": {
            EXCHANGE: "exchange_trump",
            CLOSE: "close_talon",
            SURRENDER: "surrender",
            DECLARE: "declare_enough",
            COUNT: "let_count",
            CONTINUE: "continue",
        }[action]
    }


def _plain(g: BitGame) -> BitGame:
    """A copy of ``g`` for a word (sixty-six's declaration or count): not auto, no bonus."""
    c = g.clone()
    if isinstance(c, BitGame66):
        c.auto = False
        c.bonus = 0
    return c


def _word_value(g: BitGame, seat: int, action: int) -> int:
    """What a surrender, a declaration or the count gives ``seat`` (sure, without bonus)."""
    c = _plain(g)
    if action == SURRENDER:
        c.surrender(seat)
    elif action == DECLARE:
        assert isinstance(c, BitGame66)
        c.declare(seat)
    else:
        assert isinstance(c, BitGame66)
        c.count()
    return _outcome(c, seat)


def _outcome(c: BitGame, seat: int) -> int:
    winner, points = c.result  # type: ignore[misc]
    if winner is None:
        return 0
    return points if winner == seat else -points


def _undeclared(g: BitGame) -> bool:
    """Sixty-six: a seat is right (66 and a trick) but has not said "enough". The search
    assumes a seat declares as soon as it is right, so it never meets such a position; the
    deal then ends within a trick (the right seat declares on its next turn, unless the other
    gets there first), and a plain minimax over the model values it."""
    return isinstance(g, BitGame66) and (g.right(0) or g.right(1))


def _minimax(g: BitGame, seat: int) -> int:
    if g.result is not None:
        return g.value(seat)
    values = []
    for a in g.actions():
        c = g.clone()
        c.apply(a)
        values.append(_minimax(c, seat))
    return max(values) if g.turn == seat else min(values)


def _close_leads(g: BitGame) -> dict[int, int]:
    """Closing now, then each lead: its exact value for the closer."""
    if not _undeclared(g):
        return FastDealSolver(g).close_lead_values()
    closed = g.clone()
    closed.apply(CLOSE)
    return _searched(closed, [a for a in closed.actions() if a < EXCHANGE])


def _searched(g: BitGame, moves: list[int]) -> dict[int, int]:
    """The exact value of each move (cards, exchange, close) for the seat on turn of ``g``."""
    if not moves:
        return {}
    if _undeclared(g):
        out = {}
        for a in moves:
            c = g.clone()
            c.apply(a)
            out[a] = _minimax(c, g.turn)
        return out
    if g.closed_by >= 0 or not g.talon:
        got = action_values(g)
        return {a: got[a] for a in moves}
    return FastDealSolver(g).action_values(moves)


def exact_values(g: BitGame, seat: int, choices: list[int]) -> dict[int, int]:
    """Every choice's value for ``seat`` with every card known (``g`` is the real deal)."""
    if CONTINUE in choices:  # off turn: "enough" right after its marriage lead, or giving up
        words = {a: _word_value(g, seat, a) for a in choices if a != CONTINUE}
        return words | {CONTINUE: _continue_value(g, seat)}
    moves = [a for a in choices if a < SURRENDER]
    out: dict[int, int] = dict(_searched(g, moves))
    for a in choices:
        if a >= SURRENDER:
            out[a] = _word_value(g, seat, a)
    return out


def _continue_value(g: BitGame, seat: int) -> int:
    """``seat``, off turn, lets the other seat play on (the search has every seat declare once
    right on its next turn; after sixty-six's last trick its winner declares if right, else
    the count decides)."""
    if isinstance(g, BitGame66) and g.all_played:
        c = _plain(g)
        assert isinstance(c, BitGame66)
        if c.right(c.turn):
            c.declare(c.turn)
        else:
            c.count()
        return _outcome(c, seat)
    return -max(_searched(g, g.actions()).values())


# --- the seat's own knowledge -------------------------------------------------------------


def _layouts(k: Knowledge, limit: int) -> list[tuple[int, list[int]]] | None:
    """Every (opponent hand, talon order) consistent with ``k`` if at most ``limit``."""
    hands = k.opponent_hands()
    facedown = k.facedown
    if facedown:
        rest = k.unseen & ~hands[0] if hands else k.unseen
        if len(hands) * math.factorial(rest.bit_count()) > limit:
            return None
    elif len(hands) > limit:
        return None
    out: list[tuple[int, list[int]]] = []
    for hand in hands:
        left = [c for c in range(24) if (k.unseen & ~hand) >> c & 1]
        orders = permutations(left) if facedown else [()]
        out.extend((hand, list(order)) for order in orders)
    return out


def _worlds(
    k: Knowledge, rng: random.Random, samples: int, strict: bool
) -> tuple[list[BitGame], bool]:
    """The worlds the seat's choices are averaged over, and whether they are all of them."""
    if strict:
        hands = k.opponent_hands()
        if len(hands) <= EXACT_HANDS:
            return [k.world(h, []) for h in hands], True
        return [k.world(h, []) for h in rng.sample(hands, STRICT_SAMPLES)], False
    every = _layouts(k, EXACT_LAYOUTS)
    if every is not None:
        return [k.world(h, t) for h, t in every], True
    return [k.sample_world(rng) for _ in range(samples)], False


def own_values(
    k: Knowledge, g: BitGame, seat: int, choices: list[int], *, rng: random.Random, samples: int
) -> tuple[dict[int, float], int, bool]:
    """Every choice's mean exact value for ``seat`` over the layouts consistent with what it
    knew (``k``), the number of layouts, and whether they are every consistent one."""
    words = {a: float(_word_value(g, seat, a)) for a in choices if SURRENDER <= a < CONTINUE}
    moves = [a for a in choices if a < SURRENDER and a != CLOSE]
    closing = CLOSE in choices
    worlds, exhaustive = _worlds(k, rng, samples, k.strict)
    if not worlds:  # no layout fits every inference (never seen): a sample that ignores them
        worlds, exhaustive = [k.sample_world(rng) for _ in range(samples)], False
    for w in worlds:
        if isinstance(w, BitGame66):
            w.bonus = 0  # the values leave out the bonus of earlier draws
    totals = dict.fromkeys(moves, 0.0)
    after_close: dict[int, float] = {}
    cont = 0.0
    for w in worlds:
        if CONTINUE in choices:
            cont += _continue_value(w, seat)
            continue
        for a, v in _searched(w, moves).items():
            totals[a] += v
        if closing:
            for lead, v in _close_leads(w).items():
                after_close[lead] = after_close.get(lead, 0.0) + v
    n = len(worlds)
    out = {a: t / n for a, t in totals.items()}
    if closing:
        out[CLOSE] = max(after_close.values()) / n
    if CONTINUE in choices:
        out[CONTINUE] = cont / n
    out.update(words)
    return out, n, exhaustive


# --- the deal -------------------------------------------------------------------------------


def game_of(state: MatchState) -> BitGame:
    """The real deal of ``state`` (every card known) as the search's model: sixty-six's in
    ``auto`` mode, without the bonus of earlier draws."""
    deal = state.deal
    if state.variant is not None and state.variant.name == "sixty-six":
        g: BitGame = from_deal66(deal, auto=True)  # type: ignore[arg-type]
        assert isinstance(g, BitGame66)
        g.bonus = 0
        return g
    return from_deal(deal)  # type: ignore[arg-type]


def choices_of(view: dict[str, Any], g: BitGame, seat: int, made: int) -> list[int]:
    """The choices weighed at a decision: the seat's legal actions but leaving and resigning;
    giving up only once the talon is closed (before, a later loss is scored on a state with at
    least today's points and tricks, never worse: ``sampling.may_surrender``); in sixty-six
    "enough" only when it is right, after the last trick, or when it was said (a wrong word is
    not worth weighing otherwise), and off turn (right after its marriage lead) "enough" or
    play on; giving up off turn (the engine allows it at any moment) or play on."""
    if seat != g.turn:  # sixty-six's "enough" after its marriage lead, or giving up
        return [made, CONTINUE]
    out = []
    for a in view["legal_actions"]:
        n = to_int(a)
        if n is None:
            continue
        if n == SURRENDER and made != SURRENDER and g.closed_by < 0:
            continue  # before a close, giving up never costs less than losing later
        if n == DECLARE and not (
            made == DECLARE
            or (isinstance(g, BitGame66) and g.right(seat))
            or (g.led < 0 and not g.hands[seat])
        ):
            continue
        out.append(n)
    if made not in out:
        out.append(made)
    return sorted(set(out))


def _rng(seed: int, index: int) -> random.Random:
    return random.Random(f"analysis:{seed}:{index}")


def analyse(
    before: MatchState,
    events: Sequence[Event],
    *,
    seed: int,
    samples: int | None = None,
) -> dict[str, Any]:
    """The analysis of the deal whose events (from ``deal_started`` to ``deal_ended``) are
    ``events``, ``before`` the match's state before them (JSON-ready, see docs/analysis.md)."""
    variant = before.variant.name if before.variant is not None else None
    if variant == "partnership" and events and isinstance(events[-1], DealEnded):
        return partnership_analyse(before, events, seed=seed, samples=samples or SAMPLES_4)
    if variant not in VARIANTS:
        raise NotAnalysable(f"{variant} deals are not analysed")
    if not events or not isinstance(events[-1], DealEnded):
        raise NotAnalysable("the deal is not over")
    end = events[-1]
    out = [
        decision_values(d, index=i, seed=seed, samples=samples)
        for i, d in enumerate(decisions(before, events))
    ]
    return {
        "version": VERSION,
        "variant": variant,
        "seed": seed,
        "thresholds": dict(THRESHOLDS),
        "result": {"winner": end.winner, "game_points": end.game_points, "reason": end.reason},
        "decisions": out,
        "turning_point": turning_point(out, end.winner),
        "seats": [seat_totals(out, seat) for seat in (0, 1)],
    }


def decision_values(
    d: Decision, *, index: int, seed: int, samples: int | None = None
) -> dict[str, Any]:
    """One decision's entry: every choice valued with all cards known (``exact``) and from
    what the seat knew (``own``, none for a forced choice), the choice made's loss in each."""
    i = index
    state, seat = d.state, d.seat
    deal = state.deal
    assert deal is not None and state.variant is not None
    variant = state.variant.name
    g = game_of(state)
    view = {**view_for(state, seat), "history": history_for(state, seat)}
    choices = choices_of(view, g, seat, d.action)
    exact = exact_values(g, seat, choices)
    best = max(exact.values())
    match = match_outcomes(state, seat, exact)
    entry: dict[str, Any] = {
        "index": i,
        "seat": seat,
        "trick": sum(g.tricks),
        "action": action_json(d.action),
        "stand_in": d.stand_in,
        "forced": len(choices) == 1,
        "exact": {
            "values": [
                {"action": action_json(a), "value": exact[a]}
                | ({"match": match[a]} if match and match[a] != ON else {})
                for a in choices
            ],
            "best": best,
            "value": exact[d.action],
            "loss": best - exact[d.action],
        },
        "own": None,
    }
    if len(choices) == 1:
        return entry
    k = Knowledge.read(view)
    first = sum(g.tricks) == 0
    n = samples or (FIRST_TRICK_SAMPLES if first else SAMPLES)[variant]
    own, layouts, exhaustive = own_values(k, g, seat, choices, rng=_rng(seed, i), samples=n)
    top = max(own.values())
    loss = top - own[d.action]
    entry["own"] = {
        "values": [{"action": action_json(a), "value": round(own[a], 4)} for a in choices],
        "best": round(top, 4),
        "value": round(own[d.action], 4),
        "loss": round(loss, 4),
        "mark": mark(loss),
        "layouts": layouts,
        "exhaustive": exhaustive,
    }
    return entry


WON, LOST, ON = "won", "lost", "on"


def match_outcomes(state: MatchState, seat: int, exact: dict[int, int]) -> dict[int, str] | None:
    """Where the deal decides the match: what each choice (its exact value, game points for
    ``seat``, negative for the other's) makes of it: ``won``, ``lost``, or ``on`` (the match
    goes on); ``None`` when every choice leads to the same. The winner of a sixty-six deal
    also takes the bonus of the draws before it."""
    deal = state.deal
    bonus = getattr(deal, "bonus", 0)
    other = 1 - seat

    def outcome(value: int) -> str:
        if value > 0 and state.scores[seat] + value + bonus >= state.target:
            return WON
        if value < 0 and state.scores[other] - value + bonus >= state.target:
            return LOST
        return ON

    outcomes = {action: outcome(value) for action, value in exact.items()}
    return outcomes if len(set(outcomes.values())) > 1 else None


def turning_point(out: list[dict[str, Any]], winner: int | None) -> dict[str, Any] | None:
    """The decision that decided the deal (docs/analysis.md): the loser's last decision that
    turned a position it did not lose under best play (all cards known) into a lost one; if
    there is none, the loser's decision with the largest expected loss, if it is marked; else
    none (the cards decided)."""
    if winner is None:
        return None
    loser = 1 - winner
    theirs = [d for d in out if d["seat"] == loser]
    for d in reversed(theirs):
        ex = d["exact"]
        if ex["best"] >= 0 > ex["value"]:
            return {"decision": d["index"], "seat": loser, "rule": "lost_under_best_play"}
    marked = [d for d in theirs if d["own"] is not None and d["own"]["mark"] is not None]
    if marked:
        worst = max(marked, key=lambda d: (d["own"]["loss"], -d["index"]))
        return {"decision": worst["index"], "seat": loser, "rule": "largest_expected_loss"}
    return None


def deal_events(events: Sequence[Event], number: int) -> tuple[list[Event], list[Event]]:
    """A match's events split around deal ``number``: the events before its ``deal_started``,
    and its own up to its ``deal_ended`` (``NotAnalysable`` if it has not ended)."""
    from apps.matches.engine.events import DealStarted  # noqa: PLC0415

    starts = [i for i, e in enumerate(events) if isinstance(e, DealStarted)]
    if not 1 <= number <= len(starts):
        raise NotAnalysable("no such deal")
    start = starts[number - 1]
    for j in range(start, len(events)):
        if isinstance(events[j], DealEnded):
            return list(events[:start]), list(events[start : j + 1])
    raise NotAnalysable("the deal is not over")


__all__ = [
    "CONTINUE",
    "THRESHOLDS",
    "VARIANTS",
    "VERSION",
    "Decision",
    "NotAnalysable",
    "analyse",
    "deal_events",
    "decisions",
    "mark",
]
