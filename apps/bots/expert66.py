"""Level ``expert`` in sixty-six: klub's expert on the 24-card search, after a first trick of
rollouts.

The C search plays sixty-six exactly (``_search.c`` with ``variant`` 1: the trump nine, six
cards each, "enough" as soon as a seat is right, the count, the draw; held to
``tests/bots/reference_solver66.py``). It is much dearer than klub's from the first trick:
six open tricks of six-card hands cost a world 30 ms (median) to over a second, with the
blind opponent modelled (bench/fastsearch.py --variant sixty-six). So:

- **First trick** (six open tricks left, the eleven face-down cards all in the talon): the
  strong player's determinised rollouts, with ``FIRST_TRICK_SAMPLES`` worlds instead of 24;
- **From the second trick**: klub's expert unchanged (``expert.expert_with``): sampled worlds
  each searched exactly to the end of the deal, the opponent's next follows and lead blind,
  closing as the best single lead after it, every consistent opponent hand solved once the
  talon is closed, the expert's losses weighed. While five open tricks are left it takes
  ``MIN_WORLDS`` worlds at least (klub's expert: 4), and a world still searched at
  ``HARD_SHARE`` of the budget is stopped inside the C search and left out (the club
  player's choice if it was the first), so that one dear world cannot push it past the
  budget (CPU time: ``bench/kati_budget.py`` prints the worst decision).

The declaration is the level's word (``declaring.py``): "enough" as soon as it is right, so
the search's own rule for both seats.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import moves, to_action
from .expert import HARD_SHARE, OPEN_TIME_SHARE, expert_with, pick
from .expert import open_values as searched_values
from .heuristics import SURRENDER
from .knowledge import Knowledge
from .racing import cpu_time
from .sampling import TIME_SHARE, rollout, search

FIRST_TRICK_SAMPLES = 60
MIN_WORLDS = 1
SEARCH_FROM = 5  # open tricks left (face-down cards + 1) // 2 from which the search decides


def open_tricks(k: Knowledge) -> int:
    """The open tricks left: after each, two cards are drawn (the last with the trump card)."""
    return (k.facedown + 1) // 2


def expert66(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
    start = cpu_time()
    k = Knowledge.read(view)
    plays = [m for m in moves(view) if m != SURRENDER]
    if len(plays) == 1:
        return to_action(view, plays[0])
    if k.strict:
        return expert_with(k, view, rng, budget)
    if open_tricks(k) > SEARCH_FROM:
        values = search(
            k,
            plays,
            rng,
            rollout,
            samples=FIRST_TRICK_SAMPLES,
            deadline=start + budget * TIME_SHARE,
        )
        return to_action(view, max(plays, key=lambda a: (values[a], -a)))
    values = searched_values(
        k,
        plays,
        rng,
        start + budget * OPEN_TIME_SHARE,
        min_worlds=MIN_WORLDS,
        stop=start + budget * HARD_SHARE,
    )
    return to_action(view, pick(k, list(values), values, rng))
