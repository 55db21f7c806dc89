"""What ``strong``'s bidding says about its hand, for the layouts Kati samples in the play.

    taskset -c 1 .venv/bin/python research/calibrate4.py --decks 200

Plays ``strong`` at every seat of random decks and records, at each bidding turn with no bid
standing, the seat's best strength (``thumb.best_suit``) and whether it passed, and each
caller's strength in its trump suit (partner called and solo apart). Prints the share that
passed by strength band and the callers' strength quantiles (log.md, "Partnership: the
expert against strong").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.bots.cardbits import INDEX, SUITS, mask
from apps.bots.partnership import players as p
from apps.bots.partnership import thumb
from bench.bots import deal_decks
from bench.cpu import pin_to_one_core
from research.hands4 import play_hand
from tests.engine.partnership import partnership_registered


def main() -> None:
    pin_to_one_core()
    parser = argparse.ArgumentParser()
    parser.add_argument("--decks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    opening: Counter[tuple[int, bool]] = Counter()
    callers: dict[bool, list[int]] = {False: [], True: []}

    def recording(view: dict[str, Any], rng: random.Random, budget: float) -> dict[str, Any]:
        action = p.strong(view, rng, budget)
        deal = view["deal"]
        if deal["phase"] == "bidding" and all(b["card"] is None for b in deal["bids"]):
            hand = mask(deal["hand"])
            band = thumb.best_suit(hand)[1] // 6 * 6
            opening[(band, action["type"] == "pass")] += 1
        first = not deal["table"] and not view["history"]["tricks"]
        leads = any(a["type"] == "play" for a in view["legal_actions"])
        if leads and deal["caller"] == view["seat"] and first:
            hand = mask(deal["hand"])
            trump = SUITS.index(deal["trump_suit"])
            solo = bool(hand >> INDEX[deal["called_card"]] & 1)
            callers[solo].append(thumb.strength(hand, trump))
        return action

    with partnership_registered():
        for i, deck in enumerate(deal_decks(args.seed, args.decks, "partnership")):
            rngs = tuple(random.Random(i * 4 + s) for s in range(4))
            play_hand(deck, i % 4, (recording,) * 4, rngs)
    print("opening turn, no bid standing: best strength band -> passed / asked")
    for band in sorted({b for b, _ in opening}):
        passed, bid = opening[(band, True)], opening[(band, False)]
        print(f"  {band:3d}-{band + 5:3d}: {passed:4d} / {passed + bid:4d}")
    for solo, values in callers.items():
        if len(values) >= 2:
            q = statistics.quantiles(values, n=20)
            print(
                f"callers {'solo' if solo else 'with a partner'}: {len(values)}, strength "
                f"5% {q[0]:.0f} 25% {q[4]:.0f} median {q[9]:.0f} min {min(values)}"
            )


if __name__ == "__main__":
    main()
