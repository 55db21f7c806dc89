"""Pinning a benchmark to one core, so its timings do not depend on the scheduler."""

from __future__ import annotations

import os


def pin_to_one_core() -> None:
    """Run this process on the lowest core it may use. Two benchmarks side by side therefore
    share a core unless each is started under its own ``taskset -c N``."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
