"""Level ``expert``: sampled worlds, each searched exactly to the end of the deal.

The searches are the C ones (``fastsearch.py``, ``_search.c``): hundreds of times faster
than the Python reference solvers, which is what lets every world be searched from the first
trick.

- Talon open: up to ``OPEN_WORLDS`` sampled worlds (the opponent's hand and the talon order),
  each searched exactly by the full-deal search, draws, the trump-jack exchange and closing
  included; the action with the best mean wins. In the next open trick the opponent's replies
  to the expert's leads are chance nodes of the search (``FastDealSolver.model_values``),
  weighted as an opponent that cannot see the expert's hand would play them (``replies.py``),
  so a lead (or the exchange before it) is worth the expected value over those replies, not
  the value of the best one. The opponent's next lead, in the next open trick, is modelled as
  blind too: half the time any card it holds (``replies.RANDOM_LEAD``), else its best lead.
- The worlds are spent where they decide something (``racing.py``): a candidate clearly
  behind the leader after 8 worlds leaves the race, so later worlds search fewer candidates;
  sampling stops before a world that would end past ``OPEN_TIME_SHARE`` of the budget,
  predicted from the last worlds' cost, rather than at a fixed share.
- The budget is CPU time (``racing.cpu_time``) and it holds at every decision: a world
  still searched at ``HARD_SHARE`` of it is stopped inside the C search
  (``fastsearch.deadline``) and left out; if no world was searched by then, the club
  player's choice is played (``unsearched``).
- Closing is worth the best single lead after it, averaged over the worlds
  (``open_values``). Closing, exchanging and surrendering are therefore chosen by expected
  game points like any card. Ties go to the club player's choice (``pick``).
- Talon exhausted (or every opponent card known in strict play): one world, solved exactly;
  the optimal card is played.
- Talon closed: the opponent's possible hands are enumerated (at most C(14, 5) = 2002) in a
  random order and each is solved exactly until the budget runs out; the card with the best
  mean over the hands solved wins.

Every mean is of game points with the expert's own losses weighed ``LOSS_WEIGHT`` times
(``weigh``): a player that already takes most of the game points raises its share more by
conceding fewer than by winning more (research/log.md, "The expert's losses weigh more").
"""

from __future__ import annotations

import math
import random
from typing import Any

from .actions import moves, to_action
from .cardbits import CLOSE
from .fastsearch import FastDealSolver, OutOfTime, action_values
from .fastsearch import deadline as deadline_at
from .heuristics import SURRENDER, play_action
from .knowledge import Knowledge
from .racing import Clock, Race, cpu_time
from .sampling import MIN_SAMPLES, TIME_SHARE, may_surrender, surrender_value

OPEN_WORLDS = 100  # at most this many worlds per decision while the talon is open
OPEN_TIME_SHARE = 0.85  # ... and no world that would end past this share of the budget
HARD_SHARE = 0.95  # a search still running at this share of the budget is stopped
MODELLED_TRICKS = 1  # open tricks in which the opponent's replies follow replies.py
MODELLED_LEAD_TRICKS = 2  # ... its leads (this trick's and the next: its next lead)
MIN_HANDS = 8
TIE = 1e-9
LOSS_WEIGHT = 3.0  # each game point the expert may lose counts this many times


def weigh(value: float) -> float:
    """A value in game points for the expert, its losses weighed ``LOSS_WEIGHT`` times."""
    return value if value >= 0 else LOSS_WEIGHT * value


def expert(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
    return expert_with(Knowledge.read(view), view, rng, budget)


def expert_with(
    k: Knowledge, view: dict[str, Any], rng: random.Random, budget: float
) -> dict[str, Any]:
    """The expert's choice from the knowledge ``k`` of the seat the view belongs to. Kati
    passes what the view tells (``expert``); only research players pass more."""
    start = cpu_time()
    legal = moves(view)
    plays = [m for m in legal if m != SURRENDER]
    stop = start + budget * HARD_SHARE
    if not k.strict:
        if len(plays) == 1:
            return to_action(view, plays[0])
        values = open_values(k, plays, rng, start + budget * OPEN_TIME_SHARE, stop=stop)
        return to_action(view, pick(k, list(values), values, rng))
    weigh_surrender = SURRENDER in legal and may_surrender(k)
    if len(plays) == 1 and not weigh_surrender:
        return to_action(view, plays[0])
    values = strict_values(k, plays, rng, deadline=start + budget * TIME_SHARE, stop=stop)
    best = pick(k, list(values), values, rng)
    if weigh_surrender and weigh(surrender_value(k)) > values[best]:
        return to_action(view, SURRENDER)
    return to_action(view, best)


def pick(k: Knowledge, plays: list[int], values: dict[int, float], rng: random.Random) -> int:
    """The action with the best value. Ties (common: game points are coarse) go to the club
    player's choice when it is among them, so that, say, a trick that reaches 66 now is taken
    rather than left for later, else to the lowest action."""
    top = max(values[a] for a in plays)
    tied = [a for a in plays if values[a] >= top - TIE]
    if len(tied) > 1:
        preferred = play_action(k.sample_world(rng))
        if preferred in tied:
            return preferred
    return min(tied)


def unsearched(k: Knowledge, plays: list[int], rng: random.Random) -> dict[int, float]:
    """No world could be searched within the budget: the club player's choice, alone."""
    choice = play_action(k.sample_world(rng))
    return {choice if choice in plays else min(plays): 0.0}


def open_values(
    k: Knowledge,
    plays: list[int],
    rng: random.Random,
    deadline: float,
    worlds: int = OPEN_WORLDS,
    *,
    racing: bool = True,
    min_worlds: int = MIN_SAMPLES,
    stop: float = math.inf,
) -> dict[int, float]:
    """Sampled values of the candidates at an open talon, closing included: each world is
    searched exactly to the end of the deal, draws, exchanges and closes included.

    For the next ``MODELLED_TRICKS`` open tricks the opponent answers our leads as
    ``replies.py`` models an opponent that cannot see our hand (chance nodes in the search),
    not with the best reply for the world, which only a clairvoyant opponent would find; and
    its next lead, if it comes in the next open trick, is a random card as often as
    ``replies.RANDOM_LEAD`` says, else its best lead.

    Closing is judged as the decision it is: after closing, one lead must be chosen without
    seeing the opponent's hand. So its value is the best lead's *mean* exact value over the
    worlds, not the mean of each world's best lead, which would credit the closer with
    knowing the hidden cards and make it close too often. The close is valued exactly: after
    it the follower has little choice left, and valuing its reply and next lead against the
    blind model, as for the other actions, changed almost no decision (research/log.md).

    With ``racing`` (``racing.Race``) a candidate clearly behind the leader stops being
    searched, and only the candidates still in the race (and closing) get a value: each
    the mean over every world searched. Sampling ends after ``worlds`` worlds, or before a
    world that would end past ``deadline`` (``racing.Clock``), or once one candidate is left
    and closing is not among the plays; but never before ``min_worlds`` worlds, unless a
    world is still searched at ``stop`` (``racing.cpu_time`` seconds): it is stopped there
    and left out (``unsearched`` if it was the first).
    """
    others = [a for a in plays if a != CLOSE]
    race = Race(others)
    after_close: dict[int, float] = {}
    clock = Clock(deadline)
    n = 0
    while n < worlds and (n < min_worlds or clock.has_time()):
        s = FastDealSolver(k.sample_world(rng))
        try:
            with deadline_at(stop):
                got = world_values(k, s, race.live) if race.live else None
                closing = s.close_lead_values() if CLOSE in plays else {}
        except OutOfTime:
            break
        if got is not None:
            race.add(got)
        for card, v in closing.items():
            after_close[card] = after_close.get(card, 0.0) + weigh(v)
        n += 1
        clock.tick()
        if racing:
            race.judge()
            if len(race.live) == 1 and CLOSE not in plays:
                break  # the one candidate left is the choice
    if n == 0:
        return unsearched(k, plays, rng)
    values = race.means()
    if CLOSE in plays:
        values[CLOSE] = max(after_close.values()) / n
    return values


def world_values(k: Knowledge, s: FastDealSolver, candidates: list[int]) -> dict[int, float]:
    """Each candidate's value in one open-talon world, as the expert searches it: the
    opponent's next follows and next lead blind, the expert's losses weighed."""
    return s.model_values(
        candidates,
        blind=k.opp,
        tricks=MODELLED_TRICKS,
        lead_tricks=MODELLED_LEAD_TRICKS,
        loss_weight=LOSS_WEIGHT,
    )


def strict_values(
    k: Knowledge, plays: list[int], rng: random.Random, deadline: float, stop: float = math.inf
) -> dict[int, float]:
    """The mean exact value of each card over the opponent's possible hands (weighed): as
    many as fit before ``deadline`` (at least ``MIN_HANDS``), none searched past ``stop``."""
    if k.perfect:
        hands = [k.sample_world(rng).hands[k.opp]]
    else:
        hands = k.opponent_hands()
        rng.shuffle(hands)  # if the budget runs out first, the hands solved are a fair sample
    totals = dict.fromkeys(plays, 0.0)
    n = 0
    for hand in hands:
        if n >= MIN_HANDS and cpu_time() > deadline:
            break
        try:
            with deadline_at(stop):
                values = action_values(k.world(hand, []))
        except OutOfTime:
            break
        for a in plays:  # action_values is for the seat on turn: ours
            totals[a] += weigh(values[a])
        n += 1
    if n == 0:
        return unsearched(k, plays, rng)
    return {a: t / n for a, t in totals.items()}
