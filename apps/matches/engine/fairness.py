"""The fair-play commitment: a deal publishes ``sha256(salt + deck)`` when it starts and reveals
salt and deck when it ends, so a client can check the deal was fixed before the first card."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from .cards import Card

SALT_PATTERN = re.compile(r"[0-9a-f]{16,128}")


def commitment(salt: str, deck: Iterable[Card]) -> str:
    """Hex SHA-256 of the salt followed by the card codes, e.g. ``"9f…" + "PAPXZU…"``."""
    text = salt + "".join(c.code for c in deck)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def is_valid_salt(salt: object) -> bool:
    return isinstance(salt, str) and SALT_PATTERN.fullmatch(salt) is not None
