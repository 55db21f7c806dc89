"""Kati's four ``partnership`` levels, weakest first (docs/bots.md, "Partnership").

Every level shows the cards when the claim is offered (it wins the hand) and says "enough" as
soon as its side has 66 (it wins the hand at once; the value is the same whichever way), and
announces a marriage whenever it leads a card that may carry one (only the caller's side leads).

- ``beginner``: bids only a very strong hand, never doubles, and plays the cheapest card that
  takes the trick (else its cheapest card); one card in three at random.
- ``club``: bids by the hand's strength (``thumb.strength``), calling the highest trump it lacks,
  alone with an overwhelming hand; doubles with strong trumps; plays by the rules of thumb.
- ``strong``: weighs each bid, doubling and card over layouts of the unseen cards consistent
  with what it knows (``seen.Seen.deal``), each played out by the rules of thumb.
- ``expert``: as strong, over twice as many layouts, each drawn in proportion to how likely
  the bidding was with it (``inference``: a seat that passed its opening turn is weaker, the
  caller stronger). The exact search (``world.solve``) is left to research: in the play or
  the doubling it made the expert lose chips to strong.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cardbits import CODES, INDEX, POINTS, SUIT_MASK, members
from ..declaring import side_right
from ..racing import cpu_time
from . import thumb
from .inference import inferred_hands
from .seen import Seen
from .world import World, beats, winner_index

Action = dict[str, Any]
View = dict[str, Any]
Evaluate = Callable[[World], float]  # the caller's side's chance of winning the layout

CARELESS = 1 / 3
BEGINNER_BID_AT = 58
STRONG_SAMPLES, EXPERT_SAMPLES, MIN_SAMPLES = 20, 40, 4
TIME_SHARE = 0.3  # stop sampling once this share of the budget is spent
HARD_SHARE = 0.6  # and draw no more layouts past this share, even fewer than MIN_SAMPLES
# how much better than passing a bid must look, per unit of its value: the played-out worlds
# know every card, so they flatter the caller's side. Bids are weighed by played-out hands at
# both levels: the exact search flatters the caller's side, which in play does not know its
# partner, far more (the expert bidding by it called 47 % of its hands and won 63 % of them,
# and lost chips to strong: docs/bots.md)
BID_MARGIN = 0.15
CALLER_AT = 45  # in the doubling window, the caller's hand is at least this strong


# --- the actions of the view ---------------------------------------------------------------


def _of(view: View, kind: str) -> Action | None:
    return next((a for a in view["legal_actions"] if a["type"] == kind), None)


def _plays(view: View) -> dict[int, Action]:
    """The legal cards, each with the action that plays it (announcing a marriage when one
    may be announced with it)."""
    out: dict[int, Action] = {}
    for a in view["legal_actions"]:
        if a["type"] == "play":
            c = INDEX[a["card"]]
            if c not in out or a.get("marriage"):
                out[c] = a
    return out


def _bid(view: View, card: int, durchmarsch: bool) -> Action | None:
    code = CODES[card]
    return next(
        (
            a
            for a in view["legal_actions"]
            if a["type"] == "bid" and a["card"] == code and a["durchmarsch"] == durchmarsch
        ),
        None,
    )


def _doubling(view: View) -> Action | None:
    return next(
        (a for a in view["legal_actions"] if a["type"] in ("kontra", "rekontra", "subkontra")),
        None,
    )


def _sure(view: View) -> Action | None:
    """The claim when offered; "enough" when offered and the side has 66."""
    shown = _of(view, "show_cards")
    if shown is not None:
        return shown
    enough = _of(view, "declare_enough")
    if enough is not None and side_right(view):
        return enough
    return None


def _fallback(view: View) -> Action:
    """Pass, let a doubling go, or the first legal card: never leave or resign."""
    for kind in ("pass", "no_double"):
        a = _of(view, kind)
        if a is not None:
            return a
    plays = _plays(view)
    if plays:
        return plays[min(plays)]
    return next(a for a in view["legal_actions"] if a["type"] not in ("leave", "resign"))


# --- beginner and club ---------------------------------------------------------------------


def _thumb_bid(view: View, seen: Seen, bid_at: int, solo_at: int | None) -> Action:
    suit, score = thumb.best_suit(seen.hand)
    if score >= bid_at:
        solo = solo_at is not None and score >= solo_at
        a = _bid(view, thumb.call_for(seen.hand, suit, solo), False)
        if a is not None:
            return a
    return _fallback(view)


def _thumb_card(view: View, seen: Seen) -> Action:
    plays = _plays(view)
    assert seen.trump is not None
    allowed = sum(1 << c for c in plays)
    c = thumb.card(
        seen.hand,
        allowed,
        list(seen.table),
        leader=seen.leader,
        seat=seen.seat,
        trump=seen.trump,
        friend=seen.friend,
        outstanding=seen.unseen,
        durchmarsch=seen.durchmarsch,
    )
    return plays[c]


def _club_double(view: View, seen: Seen) -> Action:
    said = _doubling(view)
    if said is None:
        return _fallback(view)
    assert seen.trump is not None and seen.called is not None
    if said["type"] == "rekontra":
        if seen.seat == seen.caller:
            strong = thumb.strength(seen.hand, seen.trump) >= thumb.SOLO_AT - 6
        else:  # the holder: the called card and two more trumps
            strong = (seen.hand & SUIT_MASK[seen.trump]).bit_count() >= 3
    else:
        strong = thumb.doubling_strength(seen.hand, seen.trump)
        if said["type"] == "subkontra":
            strong = strong and (seen.hand & SUIT_MASK[seen.trump]).bit_count() >= 3
    return said if strong else _fallback(view)


def beginner(view: View, rng: random.Random, budget: float) -> Action:
    sure = _sure(view)
    if sure is not None:
        return sure
    seen = Seen.read(view)
    if seen.phase == "bidding":
        return _thumb_bid(view, seen, BEGINNER_BID_AT, None)
    plays = _plays(view)
    if not plays:
        return _fallback(view)  # the doubling window: a beginner never doubles
    cards = sorted(plays)
    if len(cards) == 1 or rng.random() < CARELESS:
        return plays[rng.choice(cards)]
    assert seen.trump is not None
    if seen.table:
        best = seen.table[winner_index(list(seen.table), seen.trump)]
        winners = [c for c in cards if beats(c, best, seen.trump)]
        if winners:
            return plays[min(winners, key=lambda c: (POINTS[c], c))]
    return plays[min(cards, key=lambda c: (POINTS[c], c))]


def club(view: View, rng: random.Random, budget: float) -> Action:
    sure = _sure(view)
    if sure is not None:
        return sure
    seen = Seen.read(view)
    if seen.phase == "bidding":
        return _thumb_bid(view, seen, thumb.BID_AT, thumb.SOLO_AT)
    if seen.phase == "doubling":
        return _club_double(view, seen)
    if len(_plays(view)) == 1:
        return next(iter(_plays(view).values()))
    return _thumb_card(view, seen)


# --- strong and expert: sampled layouts ----------------------------------------------------


def _rollout_wins(w: World) -> float:
    return float(bool(thumb.rollout(w).result))


@dataclass(frozen=True)
class Style:
    """How a sampling level weighs its choices: what it makes of a layout in the play
    (``play``: whether the caller's side wins it) and in the doubling window (``double``, with
    the chance of winning that makes a doubling pay, ``double_at``), and how many layouts at
    most for a bid (``bid_samples``), a doubling and a card (``samples``)."""

    name: str
    play: Evaluate
    double: Evaluate
    double_at: float
    samples: int
    bid_samples: int
    bid: Evaluate = _rollout_wins
    calls: int = 1  # how many of the highest trumps it lacks a bid may call
    kontra: bool = False  # weigh a bid at double value where an opponent has strong trumps
    infer: bool = False  # weigh the layouts by what the bidding says (``inference``)
    bid_margin: float = BID_MARGIN


STRONG = Style("strong", _rollout_wins, _rollout_wins, 0.75, STRONG_SAMPLES, STRONG_SAMPLES)
# the expert plays out its layouts as strong does: solved exactly (``world.solve``), in the
# play, the doubling or both, the layouts made it lose chips to strong (docs/bots.md)
EXPERT = Style(
    "expert", _rollout_wins, _rollout_wins, 0.75, EXPERT_SAMPLES, EXPERT_SAMPLES, infer=True
)


def sampling(style: Style) -> Callable[[View, random.Random, float], Action]:
    def play(view: View, rng: random.Random, budget: float) -> Action:
        sure = _sure(view)
        if sure is not None:
            return sure
        start = cpu_time()
        seen = Seen.read(view)
        samples = style.bid_samples if seen.phase == "bidding" else style.samples
        search = Search(
            style,
            rng,
            samples,
            start + budget * TIME_SHARE,
            start + budget * HARD_SHARE,
        )
        if seen.phase == "bidding":
            return _sampled_bid(view, seen, search)
        if seen.phase == "doubling":
            return _sampled_double(view, seen, search)
        plays = _plays(view)
        if len(plays) <= 1:
            return next(iter(plays.values())) if plays else _fallback(view)
        return plays[_sampled_card(seen, list(plays), search)]

    play.__name__ = play.__qualname__ = style.name
    return play


@dataclass(frozen=True)
class Search:
    """One decision's search: the level's ``style``, its random source, how many layouts at
    most, by when (``deadline``; at least ``MIN_SAMPLES`` until ``hard``, always one), in
    seconds of ``now`` (Kati's budget: CPU time)."""

    style: Style
    rng: random.Random
    samples: int
    deadline: float
    hard: float
    now: Callable[[], float] = field(default=cpu_time)

    def more(self, n: int) -> bool:
        """Whether to draw another layout after ``n``."""
        if n == 0:
            return True
        now = self.now()
        return n < self.samples and (now < self.deadline or (n < MIN_SAMPLES and now < self.hard))


def _sampled_card(seen: Seen, cards: list[int], search: Search) -> int:
    """The card whose side wins most often over the sampled layouts (ties: the rule of
    thumb's order, highest card first)."""
    wins = dict.fromkeys(cards, 0.0)
    n = 0
    while search.more(n):
        if search.style.infer:
            world = seen.world(search.rng, inferred_hands(seen, search.rng))
        else:
            world = seen.world(search.rng)
        for c in cards:
            w = world.clone()
            w.play(c)
            won = search.style.play(w) if w.result is None else float(w.result)
            wins[c] += won if w.on_side(seen.seat) else 1 - won
        n += 1
    return max(cards, key=lambda c: (wins[c], POINTS[c], c))


def _bid_candidates(view: View, seen: Seen, calls: int) -> list[tuple[int, bool, Action]]:
    """The bids worth weighing: the two strongest suits, with a partner (calling one of the
    ``calls`` highest trumps the hand lacks) and alone, at Snapszer level, and at Durchmarsch
    level with a strong hand."""
    ranked = sorted(range(4), key=lambda s: -thumb.strength(seen.hand, s))[:2]
    out = []
    for s in ranked:
        strong = thumb.strength(seen.hand, s) >= thumb.SOLO_AT - 10
        missing = sorted(members(SUIT_MASK[s] & ~seen.hand), reverse=True)[:calls]
        for called in dict.fromkeys([*missing, thumb.call_for(seen.hand, s, True)]):
            for durchmarsch in (False, True) if strong else (False,):
                a = _bid(view, called, durchmarsch)
                if a is not None and (called, durchmarsch, a) not in out:
                    out.append((called, durchmarsch, a))
    return out


def _sampled_bid(view: View, seen: Seen, search: Search) -> Action:
    """The bid with the best mean chips over the sampled layouts, if it beats passing by the
    level's margin; else pass."""
    candidates = _bid_candidates(view, seen, search.style.calls)
    if not candidates or thumb.best_suit(seen.hand)[1] < thumb.BID_AT - 12:
        return _fallback(view)
    chips = [0.0] * len(candidates)
    n = 0
    while search.more(n):
        hands = inferred_hands(seen, search.rng) if search.style.infer else seen.deal(search.rng)
        for i, (called, durchmarsch, _) in enumerate(candidates):
            holder = next(s for s in range(4) if hands[s] >> called & 1)
            w = World(
                list(hands),
                called // 6,
                seen.seat,
                holder,
                durchmarsch=durchmarsch,
            )
            w.result = search.style.bid(w) >= 0.5
            value = thumb.table_value(called, durchmarsch)
            if search.style.kontra and _kontra_likely(hands, called, seen.seat, holder):
                value *= 2
            chips[i] += w.payoff(seen.seat, value)
        n += 1
    best = max(range(len(candidates)), key=lambda i: chips[i])
    called, durchmarsch, action = candidates[best]
    if chips[best] / n > search.style.bid_margin * thumb.table_value(called, durchmarsch):
        return action
    return _fallback(view)


def _kontra_likely(hands: list[int], called: int, caller: int, holder: int) -> bool:
    """Whether an opponent of the bid has trumps strong enough to say Kontra (the rule of
    thumb ``thumb.doubling_strength``)."""
    return any(
        thumb.doubling_strength(hands[s], called // 6)
        for s in range(4)
        if s not in (caller, holder)
    )


def _sampled_double(view: View, seen: Seen, search: Search) -> Action:
    """A doubling when its side wins often enough over layouts in which the caller holds a
    hand worth its bid."""
    said = _doubling(view)
    if said is None:
        return _fallback(view)
    won = 0.0
    n = 0
    while search.more(n):
        if search.style.infer:
            w = seen.world(search.rng, inferred_hands(seen, search.rng))
        else:
            w = _plausible_world(seen, search.rng)
        caller_won = search.style.double(w)
        won += caller_won if w.on_side(seen.seat) else 1 - caller_won
        n += 1
    return said if won / n >= search.style.double_at else _fallback(view)


def _plausible_world(seen: Seen, rng: random.Random, tries: int = 12) -> World:
    """A layout in which the caller (when it is another seat) holds a hand strong enough for
    its bid, if one turns up in ``tries`` deals."""
    assert seen.trump is not None and seen.caller is not None
    w = seen.world(rng)
    for _ in range(tries):
        if seen.caller == seen.seat or thumb.strength(w.hands[seen.caller], seen.trump) >= (
            CALLER_AT
        ):
            return w
        w = seen.world(rng)
    return w


strong = sampling(STRONG)
expert = sampling(EXPERT)
