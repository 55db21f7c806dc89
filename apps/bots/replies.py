"""How an opponent that cannot see our hand answers our lead, and leads, while the talon is open.

Each world the expert searches assumes an opponent that sees every card. The reply to a lead
is where that assumption costs the most: with the talon open the follower may play any card,
and a clairvoyant one always knows whether trumping or keeping its trumps pays. A real one
does not. So the expert's search treats the opponent's replies to its leads in the next open
trick as chance nodes with the probabilities this model gives (``FastDealSolver.model_values``;
research/log.md, "What limits the expert").

The model is greedy and blind to the leader's hand: each legal reply is weighted by
``exp(BETA * score / 10)``, where ``score`` is the trick's card points, won or lost, less a
cost for spending a trump on a side card or half of a marriage the follower holds.

The constants were set by hand and chosen by play against the rollout baseline (research/log.md).
``research/fit_replies.py`` fits them by maximum likelihood to a player's recorded follows. Fitted
to the rollout baseline's (BETA 2.0, TRUMP_COST 4.4, MARRIAGE_COST 6.3) they explain those follows
better, but the expert played no better with them (70.0 % against the baseline instead of
70.1 %, 60.0 % against strong instead of 62.2 %, 1,000 pairs each), and strong's follows fit
quite different ones (BETA 1.35, TRUMP_COST 17, MARRIAGE_COST 15). So these stay until real
players' follows can be fitted.

The opponent's leads are blind too. In each world the exact search would have it lead the best
card for that world, which only a player seeing our hand could find; the rollout samplers lose
0.3-0.5 game points of value at each of their open-talon leads (research/log.md, "Where the points
go"). So the search values the opponent's next lead, in the next open trick, as a card led at
random (each card it holds as likely) with probability ``RANDOM_LEAD``, else its best lead. The
share was set by play against the baselines (0.2, 0.5 and 0.8 screened on 300 deal pairs, 0.35
and 0.5 measured on 1,000; research/log.md, "What limits the expert").
"""

from __future__ import annotations

import math

from .bitgame import BitGame
from .cardbits import KING, POINTS, QUEEN, beaters, members, partner

RANDOM_LEAD = 0.5  # how often the opponent's next lead is modelled as a random card

BETA = 0.6  # per 10 card points: how strongly the follower prefers its greedy best reply
TRUMP_COST = 4  # card points a follower is loath to give up by trumping a side card
MARRIAGE_COST = 8  # ... by breaking a marriage it holds


def features(g: BitGame, reply: int) -> tuple[int, int, int]:
    """What the follower weighs in ``reply`` to the card on the table of ``g``: the trick's
    card points, won (positive) or lost (negative); whether it trumps a side card; whether it
    breaks a marriage it holds."""
    led = g.led
    points = POINTS[led] + POINTS[reply]
    won = points if beaters(led, g.trump) >> reply & 1 else -points
    trumps = reply // 6 == g.trump and led // 6 != g.trump
    breaks = reply % 6 in (QUEEN, KING) and bool(g.hands[g.turn] >> partner(reply) & 1)
    return won, int(trumps), int(breaks)


def greedy_score(g: BitGame, reply: int) -> float:
    """The follower's view of ``reply``: the trick's points won (or lost, negative), less what
    the reply costs its hand."""
    won, trumps, breaks = features(g, reply)
    return won - TRUMP_COST * trumps - MARRIAGE_COST * breaks


def reply_weights(g: BitGame) -> dict[int, float]:
    """The probability of each legal reply of the follower on turn in ``g`` (a card is led)."""
    assert g.led >= 0
    scores = {r: greedy_score(g, r) for r in members(g.playable())}
    top = max(scores.values())
    weights = {r: math.exp(BETA * (s - top) / 10) for r, s in scores.items()}
    total = sum(weights.values())
    return {r: w / total for r, w in weights.items()}
