"""Fixtures shared by the service tests: players with real allauth session tokens, API clients."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from allauth.headless.internal.sessionkit import new_session
from django.contrib.auth import login
from django.contrib.sessions.backends.base import SessionBase
from django.test import RequestFactory
from rest_framework.test import APIClient

from apps.accounts.models import User
from apps.common import authentication, logs
from apps.matches import attendance, event_store, seating
from tests import sizes
from tests.factories import GuestFactory, UserFactory
from tests.schema_check import Check, api_schema, response_checker

sizes.load_profile()  # before any test module builds its Hypothesis settings


def session_token_for(user: User) -> str:
    """A real allauth app session token (the session key of a logged-in session)."""
    request = RequestFactory().post("/")
    request.session: SessionBase = new_session()  # type: ignore[misc]
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.save()
    key = request.session.session_key
    assert key is not None
    return key


class Player:
    """A user with an API client that sends its ``X-Session-Token``."""

    def __init__(self, user: User) -> None:
        self.user = user
        self.token = session_token_for(user)
        self.client = APIClient()
        self.client.credentials(HTTP_X_SESSION_TOKEN=self.token)


MakePlayer = Callable[..., Player]

# Debian's Chromium, as every browser test launches it (never a browser Playwright downloads).
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    # this machine's network is closed: no background connections, no updates, no sync
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # a fake microphone that needs no permission prompt (voice calls)
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
]


@pytest.fixture(scope="session")
def schema() -> dict:
    """The API's OpenAPI schema, generated once per run."""
    return api_schema()


@pytest.fixture(scope="session")
def check(schema: dict) -> Check:
    """``check(response, path, method="get")``: the answer is as the schema documents it."""
    return response_checker(schema)


@pytest.fixture(autouse=True)
def _fresh_state_cache() -> Iterator[None]:
    """Each test starts with an empty per-process state cache (the DB is reset between tests)."""
    caches = (event_store.cache_clear, seating.cache_clear, authentication.cache_clear)
    for clear in (*caches, attendance.written_clear):
        clear()
    yield
    for clear in (*caches, attendance.written_clear):
        clear()


@pytest.fixture(autouse=True)
def _no_request_id() -> None:
    """No request id left by an earlier test: it is dropped when a response is closed, and some
    test clients (schemathesis's WSGI transport) never close theirs."""
    logs.request_id_clear()


@pytest.fixture
def make_player(db: None) -> Callable[..., Player]:
    def make(*, guest: bool = False, **fields: object) -> Player:
        factory = GuestFactory if guest else UserFactory
        return Player(factory(**fields))

    return make


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests (``@pytest.mark.slow``) first, in their order: xdist's workers then
    share the many short ones around them, instead of one worker running a minute-long test
    alone at the end of the run."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
