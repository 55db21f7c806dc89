"""The ranking services' clock: one function, which the tests replace to freeze time
(``tests/ranking/conftest.py``). Every module of the app reads it through this module."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
