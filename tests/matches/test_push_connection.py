"""The push's own Redis connection (``broadcast._publish``): one per thread, opened again after the
server dropped it, so a Redis restart costs no push."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from redis import Redis

from apps.common import broadcast
from apps.matches import push

pytestmark = pytest.mark.django_db


def _received(subscriber: object, wanted: int) -> list[dict]:
    messages: list[dict] = []
    deadline = time.monotonic() + 5
    while len(messages) < wanted and time.monotonic() < deadline:
        message = subscriber.get_message(timeout=0.1)  # type: ignore[attr-defined]
        if message is not None and message["type"] == "message":
            messages.append(broadcast.get_channel_layer().deserialize(message["data"]))
    return messages


def test_a_push_after_the_server_dropped_the_connection_still_arrives() -> None:
    url = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"][0]
    target = broadcast._pubsub_target(broadcast.get_channel_layer(), push.match_group("m1"))
    assert target is not None
    channel = target[1]
    admin = Redis.from_url(url)
    subscriber = admin.pubsub()
    subscriber.subscribe(channel)
    try:
        push.match_group_send("m1", {"type": "match.notice", "frame": {"n": 1}})
        own = broadcast._connection(url)
        own.send_command("CLIENT", "ID")
        admin.client_kill_filter(_id=own.read_response())  # as a restart would
        push.match_group_send("m1", {"type": "match.notice", "frame": {"n": 2}})
        messages = _received(subscriber, 2)
    finally:
        subscriber.close()
        admin.close()
    assert [m["frame"]["n"] for m in messages] == [1, 2]
