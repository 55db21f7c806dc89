"""The partnership claim decider's time, after every trick: random hands are played with random
legal moves, and at every lead of the caller or the holder the decider is timed (the engine asks
it then to list the claim). Prints the median and p99; the target is p99 ≤ 20 ms.

    python bench/partnership_claim.py [hands]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.matches.engine import (
    INITIAL,
    DealCards,
    StartMatch,
    decide,
    evolve,
    legal_actions,
    register,
)
from apps.matches.engine.variants.partnership import PartnershipRules
from apps.matches.engine.variants.partnership.claim import claim_holds, knowledge
from apps.matches.engine.variants.partnership.state import PLAY


def main(hands: int) -> None:
    rules = register(PartnershipRules())
    rng = random.Random(7)
    timings: list[float] = []
    now = datetime(2025, 1, 1, tzinfo=UTC)
    for _ in range(hands):
        state = INITIAL
        for e in decide(state, StartMatch(rules.name, rng.randrange(4)), now=now):
            state = evolve(state, e)
        deck = list(rules.deck)
        rng.shuffle(deck)
        for e in decide(state, DealCards(tuple(deck), "ab" * 16), now=now):
            state = evolve(state, e)
        while not state.deal.over:  # type: ignore[union-attr]
            deal = state.deal
            now += timedelta(seconds=1)
            if deal.phase == PLAY and not deal.table and deal.on_caller_side(deal.turn):  # type: ignore[union-attr]
                known = knowledge(deal, deal.turn)  # type: ignore[arg-type, union-attr]
                start = time.perf_counter()
                claim_holds(known)
                timings.append(time.perf_counter() - start)
            actors = rules.actors(state)
            if not actors:
                command = rules.due_commands(state, deal.deadline)[0]  # type: ignore[union-attr]
                now = deal.deadline  # type: ignore[union-attr]
            else:
                seat = rng.choice(actors)
                moves = [a for a in legal_actions(state, seat) if a.type not in ("leave", "resign")]
                # bid low and rarely double, so that most hands are played out
                cheap = [a for a in moves if a.type in ("pass", "no_double", "play", "show_cards")]
                command = rng.choice(cheap if cheap and rng.random() < 0.8 else moves)
                if state.deal.phase == "bidding" and not state.deal.bid:  # type: ignore[union-attr]
                    command = next(a for a in moves if a.type == "bid")
            for e in decide(state, command, now=now):
                state = evolve(state, e)
    timings.sort()
    ms = [t * 1000 for t in timings]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"claim decisions: {len(ms)} over {hands} hands")
    print(f"median {statistics.median(ms):.3f} ms, p99 {p99:.3f} ms, max {ms[-1]:.3f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
