"""The fault suite's stack (started once for the whole run) and its players, who speak HTTP and
WebSocket to it as an app would. ``make test-faults`` runs it; ``make test`` leaves it out
(the ``faults`` marker)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.faults.stack import Stack

pytestmark = pytest.mark.faults

STAKE = 100
_PLAYERS = """
import json
from allauth.headless.internal.sessionkit import new_session
from django.contrib.auth import login
from django.test import RequestFactory
from apps.accounts.models import User
from apps.matches.services import match_create_ranked
from apps.wallet.services import wallet_open
tokens = []
users = []
for n in range(2):
    user = User.objects.create_user(username=f"{prefix}{n}", email=f"{prefix}{n}@example.com")
    wallet_open(user=user)
    request = RequestFactory().post("/")
    request.session = new_session()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.save()
    tokens.append(request.session.session_key)
    users.append(user.id)
match_id = match_create_ranked(user_ids=tuple(users), stake=stake)
print(json.dumps({"tokens": tokens, "match_id": match_id}))
"""


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    folder: Path = tmp_path_factory.mktemp("faults")
    stack = Stack(folder)
    try:
        stack.start()
    except BaseException:
        print(stack.report())
        stack.stop()
        raise
    yield stack
    stack.stop()


@pytest.fixture(autouse=True)
def _report_on_failure(request: pytest.FixtureRequest, stack: Stack) -> Iterator[None]:
    yield
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        print(stack.report())


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


class Player:
    """One seat of a match, with the session token an app would hold."""

    def __init__(self, stack: Stack, token: str, match_id: str) -> None:
        self.stack, self.token, self.match_id = stack, token, match_id
        self.http = httpx.Client(
            base_url=stack.base_url, headers={"X-Session-Token": token}, timeout=10
        )
        self.statuses: list[int | str] = []  # every answer a retried request met

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    def match(self) -> dict:
        return self.retry(lambda: self.http.get(f"/api/v1/matches/{self.match_id}/"))

    def events(self, after_seq: int = 0) -> list[dict]:
        path = f"/api/v1/matches/{self.match_id}/events/?after_seq={after_seq}"
        return self.retry(lambda: self.http.get(path))["events"]  # type: ignore[no-any-return]

    def act(self, action: dict, move_id: str, version: int) -> dict:
        """The action sent until it is answered 200, each time the same (a retry)."""
        body = {"action": action, "expected_version": version, "client_move_id": move_id}
        url = f"/api/v1/matches/{self.match_id}/actions/"
        return self.retry(lambda: self.http.post(url, json=body))

    def retry(self, send: Any, *, timeout: float = 90) -> dict:
        """``send()`` until a 200, as a client would: a 503 must carry ``Retry-After`` and be a
        ``service_unavailable`` problem; a dropped connection is retried too; anything else
        fails the test."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                response = send()
            except httpx.TransportError as error:
                self.statuses.append(type(error).__name__)
            else:
                self.statuses.append(response.status_code)
                if response.status_code == 200:
                    return response.json()  # type: ignore[no-any-return]
                assert response.status_code == 503, response.text
                assert response.headers["Retry-After"].isdigit()
                assert response.headers["Content-Type"] == "application/problem+json"
                assert response.json()["code"] == "service_unavailable"
            assert time.monotonic() < deadline, f"no 200 in {timeout} s: {self.statuses[-5:]}"
            time.sleep(0.5)


class Table:
    """A ranked match between two players made for one scenario."""

    def __init__(self, stack: Stack, prefix: str) -> None:
        code = f"prefix = {prefix!r}; stake = {STAKE}\n" + _PLAYERS
        made = json.loads(stack.python(code).strip().splitlines()[-1])
        self.match_id: str = made["match_id"]
        self.players = [Player(stack, token, self.match_id) for token in made["tokens"]]
        self.moves = 0

    def mover(self, kind: str = "play_card") -> tuple[Player, dict, dict]:
        """The player who may send an action of ``kind`` now, the match as it sees it, and
        that action."""
        for player in self.players:
            match = player.match()
            for action in match["view"]["legal_actions"]:
                if action["type"] == kind:
                    return player, match, action
        raise AssertionError(f"nobody may {kind} now")

    def play(self, kind: str = "play_card") -> dict:
        player, match, action = self.mover(kind)
        self.moves += 1
        return player.act(action, f"move-{self.moves}", match["version"])


def verify_store(stack: Stack) -> None:
    """``manage.py verify_store`` reports nothing."""
    done = stack.manage("verify_store", check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("the ledger balances: no problem"), done.stdout
