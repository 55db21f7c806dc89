"""What the stored-streams fixture records at each seq: the one place that calls the engine's
read side, shared by the recorder (``record.py``) and the replay test
(``tests/engine/test_stored_streams.py``).

``observe(state, event)`` takes ``state_k`` (the state after event ``k``: the fold of
``evolve`` over ``events[:k+1]``) and ``event_k``, and returns a JSON-ready record with fixed
keys, each a list in a fixed seat order:

- ``view``: ``view_for(state_k, s, online=False)`` for s in (0, 1, None);
- ``view_online``: ``view_for(state_k, s, online=True)`` for s in (0, 1);
- ``history``: ``history_for(state_k, s)`` for s in (0, 1, None);
- ``feed``: ``redact_event(event_k, seat=s, variant=state_k.variant, current=state_k)`` for
  s in (0, 1, None): the event as read back from a seat's feed;
- ``push``: the same with ``current=None``: the event as pushed when it happens.

``digest(record)`` is the first 20 hex digits of the SHA-256 of the record's canonical JSON
(``canonical``: sorted keys, no spaces, UTF-8 kept as is).

This module is written only against the engine's top-level public API
(``from apps.matches.engine import ...``). The fixture pins the *output* of that API, not its
signatures: if a refactor of the engine changes a signature (say ``redact_event`` takes the
rules some other way), adapt the calls here and nowhere else; the records must not change.
Do not re-record the fixture to make a refactor pass.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from apps.matches.engine import Event, MatchState, history_for, redact_event, view_for

SEATS: tuple[int | None, ...] = (0, 1, None)
PLAYERS: tuple[int, ...] = (0, 1)
DIGEST_LENGTH = 20


def observe(state: MatchState, event: Event) -> dict[str, Any]:
    """Everything the read side shows after ``event``, which produced ``state``."""
    variant = state.variant
    assert variant is not None, "every stream starts with match_started"
    return {
        "view": [view_for(state, s, online=False) for s in SEATS],
        "view_online": [view_for(state, s, online=True) for s in PLAYERS],
        "history": [history_for(state, s) for s in SEATS],
        "feed": [redact_event(event, seat=s, variant=variant, current=state) for s in SEATS],
        "push": [redact_event(event, seat=s, variant=variant, current=None) for s in SEATS],
    }


def canonical(obj: Any) -> str:
    """The canonical JSON text of ``obj``: sorted keys, compact, non-ASCII kept."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(record: dict[str, Any]) -> str:
    """A short SHA-256 digest of the canonical JSON of ``record``."""
    return hashlib.sha256(canonical(record).encode()).hexdigest()[:DIGEST_LENGTH]
