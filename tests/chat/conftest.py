"""Fixtures of the chat, block and call tests."""

from __future__ import annotations

import copy
import uuid
from collections.abc import Iterator
from datetime import datetime

import pytest
from pytest_django.fixtures import Settings

from apps.accounts.models import User
from apps.moderation.models import Sanction
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _own_cache_keys(settings: Settings) -> Iterator[None]:
    """Rate-limit counters and call states are keyed by user and match ids, which restart in
    every test database, and the Redis cache is shared by concurrent runs: give each test its
    own key prefix."""
    caches = copy.deepcopy(settings.CACHES)
    caches["default"]["KEY_PREFIX"] = f"test-chat-{uuid.uuid4().hex}"
    settings.CACHES = caches
    yield


def sanction(user: User, kind: str, *, ends_at: datetime | None = None) -> Sanction:
    """A sanction given by some staff member, straight into the table."""
    staff = UserFactory(is_staff=True)
    return Sanction.objects.create(
        user=user, kind=kind, reason="abusive language", created_by=staff, ends_at=ends_at
    )
