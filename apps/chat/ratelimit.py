"""A sliding-window rate limit in the Django cache, shared by every process (Redis in production).

The window is cut into one-second buckets, one counter per bucket (``cache.incr`` is atomic in
Redis). An attempt first counts itself in the current bucket, then adds up the window's buckets:
every attempt sees all the attempts counted before it, so the limit is never exceeded, even by
concurrent requests on different processes. A refused attempt takes its count back.
"""

from __future__ import annotations

import contextlib
import math
import time

from django.core.cache import cache

BUCKET_SECONDS = 1


def _now() -> float:
    return time.time()


def hit(key: str, *, limit: int, window_seconds: int) -> float | None:
    """Count one attempt under ``key``. ``None`` if allowed, else the seconds until one more
    would be allowed (the attempt is then not counted)."""
    now = _now()
    current = int(now // BUCKET_SECONDS)
    buckets = max(1, math.ceil(window_seconds / BUCKET_SECONDS))
    keys = [f"{key}:{current - i}" for i in range(buckets - 1, -1, -1)]  # oldest first
    own = keys[-1]
    # The bucket outlives the window by one bucket, so a late reader still finds it.
    cache.add(own, 0, timeout=(buckets + 1) * BUCKET_SECONDS)
    try:
        cache.incr(own)
    except ValueError:  # expired between add and incr
        cache.add(own, 1, timeout=(buckets + 1) * BUCKET_SECONDS)
    counts = cache.get_many(keys)
    total = sum(int(counts.get(k, 0)) for k in keys)
    if total <= limit:
        return None
    with contextlib.suppress(ValueError):  # gone already: nothing to take back
        cache.decr(own)
    # The attempt would fit once enough of the oldest buckets have left the window.
    excess = total - limit
    dropped = 0
    for age, k in enumerate(keys):
        dropped += int(counts.get(k, 0))
        if dropped >= excess:
            leaves_at = (current - (buckets - 1) + age + buckets) * BUCKET_SECONDS
            return max(leaves_at - now, 0.001)
    return float(window_seconds)  # pragma: no cover - the own bucket alone covers the excess
