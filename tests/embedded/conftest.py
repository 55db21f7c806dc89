"""The embedded mode's slice of the suite: what ``make run`` serves (SQLite, the in-memory
channel layer, eager Celery, ``event_store``'s ORM twins of its SQL), played through the REST
API and the match socket on the real ASGI application.

Its own pytest run, with its own settings (``make test``'s second command)::

    pytest -m embedded -p no:xdist --ds=config.settings.embedded_test tests/embedded

The main run leaves these tests out (``-m 'not embedded'`` in ``pyproject.toml``): one process
has one settings module."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import time_machine
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.db import connection

from tests.matches.ws_helpers import sockets  # noqa: F401 (a fixture)


@pytest.fixture(autouse=True, scope="session")
def _embedded_settings() -> None:
    """These tests mean something only on the embedded settings."""
    assert connection.vendor == "sqlite", "run with --ds=config.settings.embedded_test"
    assert isinstance(get_channel_layer(), InMemoryChannelLayer)
    assert settings.CELERY_TASK_ALWAYS_EAGER


@pytest.fixture
def clock() -> Iterator[time_machine.Coordinates]:
    """The service's clock, stopped at the real time now and moved only by the test."""
    with time_machine.travel(datetime.now(UTC), tick=False) as traveller:
        yield traveller
