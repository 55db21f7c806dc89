"""Browser tests of the web client: the whole ASGI application (HTTP and WebSockets) on a real
port against the test database, and Debian's Chromium driven through Playwright.

Fixtures (see ``tests/web/test_infra.py`` for uses):

- ``start_club_server(**overrides) -> ClubServer``: a factory. Applies the setting overrides
  (through pytest-django's ``settings``), then forks a daphne process serving
  ``config.asgi.application`` on a free port of 127.0.0.1. Killed at the test's teardown.
- ``club_server -> ClubServer``: ``start_club_server()``, started when the test (or a fixture)
  asks for it. ``.url`` is ``http://127.0.0.1:PORT``, ``.ws_url`` ``ws://127.0.0.1:PORT``.
- ``chromium -> playwright.sync_api.Browser``: Debian's Chromium (never a downloaded one); the
  tests are skipped when /usr/bin/chromium or the playwright package is missing.

Both server fixtures make the test transactional (they request ``transactional_db``): the
server is another process with its own database connection, so it sees only committed rows,
and whatever it writes is committed. Mark the tests ``pytest.mark.django_db(transaction=True)``
all the same, to say so.

**Settings.** The server is a fork of the test process, taken when it starts: settings changed
through the ``settings`` fixture *before* that reach it, later changes do not. Either pass them
to ``start_club_server(WS_AUTH_TIMEOUT_SECONDS=2)``, or change them in a fixture that
``club_server`` comes after (list it first in the test's arguments). The server builds its
application at start (``config.asgi`` is reloaded in the child), so middleware and static-file
settings count too. Redis: the child inherits the environment and the settings, so it uses the
test run's Redis database (``REDIS_URL``, or the one of the xdist worker).

**The ORM while the browser runs.** Playwright's sync API runs an asyncio event loop in the
test's thread from its start to its end, and Django refuses ORM calls in a thread with a running
loop (``SynchronousOnlyOperation``). The ``chromium`` fixture therefore sets
``DJANGO_ALLOW_ASYNC_UNSAFE=true`` for the test (monkeypatch: gone at teardown). That is safe
here: while the test's own code runs, the loop is suspended (Playwright switches greenlets only
inside its own calls), so no coroutine shares the connection. A running loop also makes Django
look up its connections in a per-context store instead of the thread's; the fixture puts the
thread's own connections there, so the test keeps one connection (its transaction, its
rows) before, during and after the browser. The variable never reaches a server: the child
removes it before it builds the application, so the server still catches a sync ORM call made
from async code. (``tests/web/hidden.py`` reads in a worker thread instead when a loop runs
without the variable.) ``chromium`` is function-scoped for the same reason: a browser kept for
the session would leave the loop running into every later test of the worker, breaking their
ORM calls and pytest-asyncio.

**A server started while the browser runs** (``start_club_server`` called in the test's body)
would inherit the test process's pipes to Playwright's driver and keep the driver from seeing
its input close, so Playwright would hang at exit; the child closes those descriptors first.

**Teardown.** Fixtures end in the reverse order of their start: the browser closes and the
servers are killed (each of ``chromium`` and ``start_club_server`` cleans up its own), then
pytest-django empties the database last (the server fixtures depend on ``transactional_db``).
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import sys
import threading
import time
import warnings
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pytest
from asgiref.sync import AsyncToSync, SyncToAsync
from channels.layers import channel_layers
from daphne.testing import DaphneProcess
from django.conf import settings as django_settings
from django.db import connections

from config.settings import base as base_settings
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext
    from pytest_django.fixtures import SettingsWrapper

ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
#: The test process's pipes to the running Playwright driver (closed in a server forked later).
_playwright_fds: set[int] = set()
#: Seconds the server may take to listen (a fork, the application built, the port bound).
STARTUP_TIMEOUT = 20.0


@dataclass
class ClubServer:
    """A running server: ``url`` (``http://127.0.0.1:PORT``), ``ws_url`` (``ws://…``)."""

    host: str
    port: int
    process: DaphneProcess = field(repr=False)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def sign_in(self, context: BrowserContext, session_token: str) -> None:
        """Give the browser context a player's session: the session cookie carries the same
        key as the ``X-Session-Token`` (``tests.conftest.Player.token``)."""
        context.add_cookies(
            [
                {
                    "name": django_settings.SESSION_COOKIE_NAME,
                    "value": session_token,
                    "url": self.url,
                    "httpOnly": True,
                    "sameSite": "Lax",
                }
            ]
        )

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5)


def _server_application() -> Any:
    """Runs in the forked child, before it serves: the test process's exemption from Django's
    async-safety check must not reach the server, the channel layer must open its own Redis
    connections, and the application is built anew so it reflects the settings of the moment
    (middleware, static files)."""
    os.environ.pop(ASYNC_UNSAFE, None)
    # A server forked while the browser runs inherits the pipes to Playwright's driver: the
    # driver would never see its stdin close, and the test's Playwright would hang at exit.
    for fd in _playwright_fds:
        with contextlib.suppress(OSError):
            os.close(fd)
    channel_layers.backends = {}
    _fresh_thread_pools()
    module = sys.modules.get("config.asgi")
    module = importlib.reload(module) if module else importlib.import_module("config.asgi")
    return module.application


def _fresh_thread_pools() -> None:
    """asgiref's executors were made by the test process; after the fork their threads are
    gone, but the executors believe they still have them. Work handed to them would wait
    forever: the sockets' ``database_sync_to_async`` (thread-sensitive, outside any request
    context) goes to ``single_thread_executor``, which any earlier socket test of the worker
    has started. (HTTP requests are not affected: each gets a fresh context and executor.)"""
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    SyncToAsync.context_to_thread_executor = weakref.WeakKeyDictionary()
    SyncToAsync.threadlocal = threading.local()
    AsyncToSync.loop_thread_executors = {}


def _launch(host: str, port: int | None = None) -> ClubServer:
    if multiprocessing.get_start_method(allow_none=False) != "fork":
        raise RuntimeError("club_server forks the test process (multiprocessing 'fork')")
    for connection in connections.all(initialized_only=True):
        if connection.in_atomic_block:
            raise RuntimeError(
                "club_server needs a transactional test: "
                "mark it pytest.mark.django_db(transaction=True)"
            )
    # No connection may be shared by parent and child: close them all before the fork (the
    # parent reopens its own on its next query).
    connections.close_all()
    process = DaphneProcess(host=host, get_application=_server_application, port=port)
    process.daemon = True
    with warnings.catch_warnings():
        # Python 3.12 warns about fork() in a multi-threaded process (thread pools left by
        # earlier tests of the worker); the child only serves, as in ChannelsLiveServerTestCase.
        warnings.simplefilter("ignore", DeprecationWarning)
        process.start()
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while not process.ready.wait(timeout=0.05):
        if not process.is_alive() or time.monotonic() > deadline:
            detail = ""
            if not process.errors.empty():
                _, detail = process.errors.get(False)
            process.kill()
            process.join(5)
            raise RuntimeError(f"the club server did not start\n{detail}")
    return ClubServer(host=host, port=process.port.value, process=process)


StartClubServer = Callable[..., ClubServer]


@pytest.fixture
def start_club_server(
    transactional_db: None, settings: SettingsWrapper
) -> Iterator[StartClubServer]:
    """``start_club_server(**overrides)``: set the overrides, then start a server on a free port
    of 127.0.0.1 serving the whole ASGI application (HTTP with static files through whitenoise,
    and the WebSockets) against the test database. Every server started is killed at
    teardown. ``start_club_server(port=server.port)`` after ``server.stop()``: the next release
    at the same address (the same origin to the browser: its service worker and caches)."""
    started: list[ClubServer] = []

    def start(*, port: int | None = None, **overrides: Any) -> ClubServer:
        # the browser's clients send their first deal's seeds: the product's wait, not the
        # suite's none (config/settings/test.py)
        settings.FIRST_DEAL_SEED_SECONDS = base_settings.FIRST_DEAL_SEED_SECONDS
        for name, value in overrides.items():
            setattr(settings, name, value)
        server = _launch("127.0.0.1", port)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def club_server(start_club_server: StartClubServer) -> ClubServer:
    """A server started now, with the settings as the test's earlier fixtures left them."""
    return start_club_server()


@pytest.fixture
def chromium(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    """Debian's Chromium, headless, with a fake camera and microphone (calls need no prompt).
    While it runs, the test's ORM calls still work, on the test's own database connection (see
    the module docstring)."""
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's Chromium at /usr/bin/chromium (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
    monkeypatch.setenv(ASYNC_UNSAFE, "true")
    own = {alias: connections[alias] for alias in connections}
    before = _open_fds()
    with sync_api.sync_playwright() as playwright:
        _playwright_fds.update(_open_fds() - before)
        _share_connections(own)
        try:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                yield browser
            finally:
                browser.close()
        finally:
            _unshare_connections(own)
            _playwright_fds.clear()


def _share_connections(own: dict[str, Any]) -> None:
    """With an event loop running in the thread, Django keeps its connections in a per-context
    store (asgiref's thread-critical ``Local``) instead of the thread's: put the thread's own
    connections there, or the ORM would open a second one (outside the test's transaction,
    and never closed: the test database could not be dropped at the end)."""
    for alias, connection in own.items():
        setattr(connections._connections, alias, connection)


def _unshare_connections(own: dict[str, Any]) -> None:
    """Empty the per-context store again (still inside the loop, so it is the one reached)."""
    for alias in own:
        with contextlib.suppress(AttributeError):
            delattr(connections._connections, alias)


def _open_fds() -> set[int]:
    """The file descriptors open now (less the one that listed them, closed again)."""
    listed = {int(fd) for fd in os.listdir("/proc/self/fd")}
    return {fd for fd in listed if _is_open(fd)}


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A browser test that fails says what each of its pages showed then (its address and its
    visible words): a failure seen once in CI can be read without running it again."""
    outcome = yield
    report = outcome.get_result()
    browser = getattr(item, "funcargs", {}).get("chromium")
    if report.when != "call" or not report.failed or browser is None:
        return
    for number, context in enumerate(browser.contexts):
        for page in context.pages:
            try:
                words = page.locator("body").inner_text(timeout=2000)
            except Exception as error:  # the page may have gone with the failure
                words = f"(unreadable: {error})"
            report.sections.append((f"page {number}: {page.url}", words[:4000]))
