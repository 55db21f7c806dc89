"""How an opponent that cannot see our hand answers our lead while the talon is open.

Each world the expert searches assumes an opponent that sees every card. The reply to a lead
is where that assumption costs the most: with the talon open the follower may play any card,
and a clairvoyant one always knows whether trumping or keeping its trumps pays. A real one
does not. So at its own open-talon leads the expert values each card by the expected exact
value over the replies this model gives, instead of by the best reply alone (docs/bots.md,
"What limits the expert": 69.7 % against the rollout baseline instead of 66.1 %).

The model is greedy and blind to the leader's hand: each legal reply is weighted by
``exp(BETA * score / 10)``, where ``score`` is the trick's card points, won or lost, less a
cost for spending a trump on a side card or half of a marriage the follower holds.
"""

from __future__ import annotations

import math

from .bitgame import BitGame
from .cardbits import KING, POINTS, QUEEN, beaters, members, partner

BETA = 0.6  # per 10 card points: how strongly the follower prefers its greedy best reply
TRUMP_COST = 4  # card points a follower is loath to give up by trumping a side card
MARRIAGE_COST = 8  # ... by breaking a marriage it holds


def greedy_score(g: BitGame, reply: int) -> float:
    """The follower's view of ``reply`` to the card on the table of ``g``: the trick's points
    won (or lost, negative), less what the reply costs its hand."""
    led = g.led
    points = POINTS[led] + POINTS[reply]
    score: float = points if beaters(led, g.trump) >> reply & 1 else -points
    if reply // 5 == g.trump and led // 5 != g.trump:
        score -= TRUMP_COST
    if reply % 5 in (QUEEN, KING) and g.hands[g.turn] >> partner(reply) & 1:
        score -= MARRIAGE_COST
    return score


def reply_weights(g: BitGame) -> dict[int, float]:
    """The probability of each legal reply of the follower on turn in ``g`` (a card is led)."""
    assert g.led >= 0
    scores = {r: greedy_score(g, r) for r in members(g.playable())}
    top = max(scores.values())
    weights = {r: math.exp(BETA * (s - top) / 10) for r, s in scores.items()}
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items()}
