"""Fixtures of the moderation tests: two players who played a friend match, chat messages in
it, moderators and administrators, and a clock the tests move."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone

from apps.accounts.models import User
from apps.chat.models import ChatMessage
from apps.matches.models import Match
from apps.moderation.roles import moderators_group_sync
from tests.conftest import Player
from tests.factories import UserFactory
from tests.matches.helpers import create_friend_match


class Clock:
    """``django.utils.timezone.now`` under the test's control (it starts at the real time)."""

    def __init__(self) -> None:
        self.now: datetime = timezone.now()

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def clock() -> Iterator[Clock]:
    c = Clock()
    with mock.patch("django.utils.timezone.now", side_effect=lambda: c.now):
        yield c


@dataclass
class Table:
    """Two players (``host`` and ``rude``) who sit in one friend match."""

    host: Player
    rude: Player
    match_id: str

    @property
    def match(self) -> Match:
        return Match.objects.get(pk=self.match_id)

    def say(self, player: Player, text: str) -> ChatMessage:
        return ChatMessage.objects.create(match_id=self.match_id, sender=player.user, text=text)


@pytest.fixture
def table(make_player: Callable[..., Player]) -> Table:
    host, rude = make_player(), make_player()
    return Table(host, rude, create_friend_match(host, rude)["id"])


def make_moderator(**fields: object) -> User:
    """An active staff user in the Moderators group (and nothing else)."""
    user = UserFactory(is_staff=True, **fields)
    user.groups.add(moderators_group_sync())
    return user


@pytest.fixture
def moderator(db: None) -> User:
    return make_moderator(username="mod-marta")


@pytest.fixture
def moderator_browser(moderator: User) -> Client:
    browser = Client()
    browser.force_login(moderator)
    return browser
