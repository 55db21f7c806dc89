"""The first deal's secret, committed to before the match exists, so that the players' seeds
for that deal can come with the request that creates the match (docs/api.md section 7.0).

``commitment_issue`` draws a secret and keeps it in the cache under its commitment
(sha256 hex) for ``LIFETIME`` seconds, for the caller only; ``commitment_take`` hands it over
once: a commitment is good for one match (else a player who saw a deck could replay its secret
with a seed of their choosing). Later deals need none of this: each deal commits to the next
one's secret in its own first event.
"""

from __future__ import annotations

import re

from django.core.cache import cache

from apps.common.errors import Conflict, Problem
from apps.matches.engine.fairness import is_valid_seed, secret_commitment

from .follow_ups import random_hex

LIFETIME = 600  # seconds: a commitment asked for and not used in time is gone
COMMITMENT = re.compile(r"[0-9a-f]{64}")


def _key(commitment: str) -> str:
    return f"matches:first-secret:{commitment}"


def commitment_issue(*, user_id: int) -> dict[str, object]:
    """A fresh secret for a first deal: its commitment, kept ``LIFETIME`` seconds."""
    secret = random_hex(32)
    commitment = secret_commitment(secret)
    cache.set(_key(commitment), {"secret": secret, "user": user_id}, timeout=LIFETIME)
    return {"deal": 1, "commitment": commitment, "expires_in": LIFETIME}


def first_seed(seed: object, *, user_id: int) -> tuple[str, str]:
    """A seed sent with the request that creates a match (``{commitment, value}``):
    (the secret committed to, the seed's value). ``400 invalid_seed`` if malformed; ``409
    seed_not_due`` if the commitment is not one this user was given, or was used or expired."""
    seed_check(seed)
    assert isinstance(seed, dict)
    key = _key(seed["commitment"])
    kept = cache.get(key)
    if not isinstance(kept, dict) or kept.get("user") != user_id or not cache.delete(key):
        raise Conflict(
            "this commitment is not yours to use: ask for a new one", code="seed_not_due"
        )
    return str(kept["secret"]), str(seed["value"])


def room_seed(seed: object, *, secret: str) -> str:
    """A seed sent with the request that joins a friend room (``{commitment, value}``, the
    commitment the room showed, ``GET /api/v1/rooms/invites/{code}/``): its value. ``400
    invalid_seed`` if malformed; ``409 seed_not_due`` if the commitment is not the room's."""
    seed_check(seed)
    assert isinstance(seed, dict)
    if not secret or seed["commitment"] != secret_commitment(secret):
        raise Conflict(
            "this commitment is not this room's: read the room's again", code="seed_not_due"
        )
    return str(seed["value"])


def seed_check(seed: object) -> None:
    """``400 invalid_seed`` unless ``seed`` is ``{commitment, value}``, well formed."""
    if (
        type(seed) is not dict
        or seed.keys() != {"commitment", "value"}
        or not isinstance(seed["commitment"], str)
        or COMMITMENT.fullmatch(seed["commitment"]) is None
        or not is_valid_seed(seed["value"])
    ):
        raise Problem(
            "a first deal's seed is {commitment, value}: the commitment asked for "
            "(64 hex digits), the value 16 to 128 lowercase hex digits",
            code="invalid_seed",
        )
