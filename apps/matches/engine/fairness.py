"""Fair play: how a deal's deck is fixed, and how anyone checks it afterwards.

Two schemes (a deal's ``scheme``):

- ``sha256-salt`` (every deal stored before seeds existed, and ``DealCards``): the server shuffles,
  publishes ``commitment(salt, deck) = sha256(salt + deck)`` when the deal starts and reveals salt
  and deck when it ends. That proves the deck was fixed before the first card, not that the
  server did not choose it.
- ``hmac-fy-1`` (``DealSeeded``): the server commits to a secret (``secret_commitment``, a deal
  ahead), every human seat sends a seed of its own after seeing that commitment, and the deck is
  ``shuffle(secret, seeds, cards)``: a Fisher–Yates shuffle whose draws are HMAC-SHA256 of the
  seeds keyed with the secret. The server could not pick the deck (the seeds came after its
  commitment) and no player could (the secret was unknown to them). docs/api.md section 7
  specifies it with a worked example that ``tests/engine/test_fairness.py`` checks.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Card

if TYPE_CHECKING:
    from .events import DealStarted

SALT_PATTERN = re.compile(r"[0-9a-f]{16,128}")
"""A salt, a secret and a seed: 16 to 128 lowercase hexadecimal digits."""

OLD_SCHEME = "sha256-salt"
SEEDED_SCHEME = "hmac-fy-1"
BY_PLAYER = "player"
BY_SERVER = "server"  # the seat sent no seed in time: the server filled one in


@dataclass(frozen=True, slots=True)
class Seed:
    """One seat's contribution to a deal's shuffle: its ``value`` and who chose it (``by``:
    ``player``, or ``server`` when the seat sent none in time)."""

    seat: int
    value: str
    by: str


def commitment(salt: str, deck: Iterable[Card]) -> str:
    """``sha256-salt``: hex SHA-256 of the salt followed by the card codes (``"9f…PAPXZU…"``)."""
    text = salt + "".join(c.code for c in deck)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def secret_commitment(secret: str) -> str:
    """``hmac-fy-1``: hex SHA-256 of the secret (its ASCII hex digits)."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def is_valid_salt(salt: object) -> bool:
    return isinstance(salt, str) and SALT_PATTERN.fullmatch(salt) is not None


is_valid_seed = is_valid_salt  # the same shape: a secret and the seeds are hex strings alike


def shuffle(secret: str, seeds: Sequence[str], cards: Iterable[Card]) -> tuple[Card, ...]:
    """``hmac-fy-1``: the deck from the server's secret and the seeds (in seat order).

    The cards start sorted by code. Draw ``k`` (0, 1, 2 …, rejected draws included) is the first
    byte of ``HMAC-SHA256(key=secret, message=",".join(seeds) + ":" + str(k))`` (ASCII). For
    ``i`` from the last position down to 1, with ``m = i + 1``: draw until the byte is below
    ``256 - 256 % m`` (so every ``j`` is equally likely), take ``j = byte % m`` and swap the
    cards at ``i`` and ``j``."""
    deck = sorted(cards, key=lambda c: c.code)
    assert len(deck) <= 256
    key = secret.encode("ascii")
    material = ",".join(seeds) + ":"
    draw = 0
    for i in range(len(deck) - 1, 0, -1):
        m = i + 1
        limit = 256 - 256 % m
        while True:
            byte = hmac.new(key, f"{material}{draw}".encode("ascii"), hashlib.sha256).digest()[0]
            draw += 1
            if byte < limit:
                break
        j = byte % m
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def seeded_deck(secret: str, seeds: Sequence[Seed], cards: Iterable[Card]) -> tuple[Card, ...]:
    """The deck of a ``hmac-fy-1`` deal from its recorded seeds (taken in seat order)."""
    return shuffle(secret, [s.value for s in sorted(seeds, key=lambda s: s.seat)], cards)


def seed_json(seed: Seed) -> dict[str, Any]:
    return {"seat": seed.seat, "value": seed.value, "by": seed.by}


def public_dealing(event: DealStarted) -> dict[str, Any]:
    """What a deal's first event tells every seat of how its deck was fixed: the scheme, whose
    seeds went in, and the commitment to the next deal's secret (never a secret); nothing for
    a deal of the old scheme (whose event had none of these)."""
    if event.scheme == OLD_SCHEME:
        return {}
    return {
        "scheme": event.scheme,
        "seeds": [seed_json(seed) for seed in event.seeds],
        "next_commitment": event.next_commitment,
    }
