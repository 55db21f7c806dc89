"""Paired runs of two checkouts' engine and move-endpoint benchmarks, alternating in one
session, so that a refactor is compared with the commit before it on the same (noisy, shared)
machine at the same hour.

    .venv/bin/python bench/paired.py BEFORE_DIR AFTER_DIR [--rounds 3] [--seconds 5]

BEFORE_DIR and AFTER_DIR are checkouts (``git worktree add /tmp/before <commit>``), each with
the C search built in place. Every round runs ``bench/engine.py`` and ``bench/api_move.py
--clients 8`` of each checkout, the order flipping from round to round (before first in odd
rounds). Prints each round's figures, then the median of each figure per checkout and the ratio
after / before: replay µs/event (the 150-event match and the 1,500-event stream) and the move
endpoint's p50 and p99 at 8 clients. A ratio within 1.05 is "no regression beyond noise".
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from pathlib import Path

FIGURES = {
    "replay_match_us": re.compile(r"replay: ([\d.]+) us/event for a \d+-event match"),
    "replay_stream_us": re.compile(r"replay: ([\d.]+) us/event for a \d+-event stream"),
    "move_p50_ms": re.compile(r"  8 clients: .* p50\s+([\d.]+) ms"),
    "move_p99_ms": re.compile(r"  8 clients: .* p99\s+([\d.]+) ms"),
}


def run(checkout: Path, script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(checkout / "bench" / script), *args],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def measure(checkout: Path, seconds: float) -> dict[str, float]:
    text = run(checkout, "engine.py", f"--seconds={seconds}")
    text += run(checkout, "api_move.py", f"--seconds={seconds}", "--clients", "8")
    figures = {}
    for name, pattern in FIGURES.items():
        found = pattern.search(text)
        if found is None:
            raise SystemExit(f"{checkout}: no {name} in\n{text}")
        figures[name] = float(found.group(1))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    results: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for round_ in range(args.rounds):
        order = ["before", "after"] if round_ % 2 == 0 else ["after", "before"]
        for which in order:
            figures = measure(getattr(args, which), args.seconds)
            results[which].append(figures)
            shown = ", ".join(f"{k} {v:.2f}" for k, v in figures.items())
            print(f"round {round_ + 1} {which:>6}: {shown}", flush=True)
    print(f"medians over {args.rounds} rounds (after / before):")
    for name in FIGURES:
        before = statistics.median(r[name] for r in results["before"])
        after = statistics.median(r[name] for r in results["after"])
        print(f"  {name:<17} before {before:8.2f}  after {after:8.2f}  ratio {after / before:.3f}")


if __name__ == "__main__":
    main()
