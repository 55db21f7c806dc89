"""Publishing to a channel-layer group from synchronous code (a request, a task): the pushes of
match events, a player's notices, a logout closing its sockets. Called only after commit: a push
is a hint, the database is the truth."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings
from redis import Connection, ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError

logger = logging.getLogger(__name__)

PUBLISH_TIMEOUT = 0.5  # seconds: a push is a hint, not worth holding a request for longer


def group_send(group: str, message: dict[str, Any]) -> None:
    """Publish ``message`` to a channel-layer group from synchronous code, through the process's
    push loop (in order with the other pushes). Never raises.

    With the Redis pub/sub layer (production) a group send is one ``PUBLISH``, made on the
    calling thread's own Redis connection (``_publish``), where handing it to the push loop's
    thread cost the process 0.3-0.5 ms a move (waking the thread, docs/performance.md); the
    caller waits for Redis's answer (a loopback round trip), at most ``PUBLISH_TIMEOUT``.
    Other layers are sent on the push loop (``_BackgroundSender``), the in-memory layer
    (embedded mode) on the server's own loop.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    target = _pubsub_target(layer, group)
    if target is not None:
        url, channel = target
        try:
            _publish(url, channel, layer.serialize(message))
        except Exception:
            logger.exception("push of %s to %s failed", message.get("type"), group)
        return

    async def send() -> None:
        try:
            await layer.group_send(group, message)
        except Exception:
            logger.exception("push of %s to %s failed", message.get("type"), group)

    if isinstance(layer, InMemoryChannelLayer):
        # embedded mode: one process, and this thread belongs to the server's event loop
        async_to_sync(send)()
        return
    _background.submit(send)


def _pubsub_target(layer: object, group: str) -> tuple[str, str] | None:
    """The Redis URL and channel of ``group`` when ``layer`` is the pub/sub layer on one Redis
    given by URL; ``None`` otherwise (sharded or configured by dict: use the layer)."""
    if not isinstance(layer, RedisPubSubChannelLayer):
        return None
    config: dict[str, Any] = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
    hosts = config.get("hosts", [])
    if len(hosts) != 1 or not isinstance(hosts[0], str):
        return None
    # the group's channel, named as RedisPubSubLoopLayer._get_group_channel_name names it (the
    # WebSocket tests receive through the real layer, so a change of that name fails them)
    return hosts[0], f"{config.get('prefix', 'asgi')}__group__{group}"


_connections = threading.local()


def _publish(url: str, channel: str, data: bytes) -> None:
    """``PUBLISH`` on this thread's own connection to ``url``, opened on first use (and again
    after a failure, or in a forked child). A plain connection, not a client's pool: the pool's
    checkout, health probe and retry wrapper cost more than the command itself (half of a
    push's CPU, docs/performance.md). A connection the server dropped (Redis restarted, an
    idle timeout) is opened again and the push sent once more, as the pool's client did. Waits
    for Redis's answer at most ``PUBLISH_TIMEOUT``; any failure closes the connection (a late
    answer left on it would answer the next command) and is raised."""
    for attempt in (1, 2):
        connection = _connection(url)
        try:
            connection.send_command("PUBLISH", channel, data)
            connection.read_response()
            return
        except RedisConnectionError:
            connection.disconnect()
            if attempt == 2:
                raise
        except BaseException:
            connection.disconnect()
            raise


def _connection(url: str) -> Connection:
    pid = os.getpid()
    mine = getattr(_connections, "by_url", None)
    if mine is None or getattr(_connections, "pid", None) != pid:
        mine = _connections.by_url = {}  # a forked child never writes on its parent's sockets
        _connections.pid = pid
    connection = mine.get(url)
    if connection is None:
        pool = _pool(url)
        connection = mine[url] = pool.connection_class(**pool.connection_kwargs)
    return connection


@functools.cache
def _pool(url: str) -> ConnectionPool:
    """What a connection to ``url`` is made of (its class and arguments, as redis-py parses the
    URL); the pool itself lends no connections here."""
    return ConnectionPool.from_url(
        url, socket_timeout=PUBLISH_TIMEOUT, socket_connect_timeout=PUBLISH_TIMEOUT
    )


class _BackgroundSender:
    """One event loop per process, on a daemon thread, that sends pushes in submission order
    (for channel layers other than the pub/sub one on a single Redis).

    Under a WSGI server ``async_to_sync`` would start a new event loop for every push, and the
    channel layer would open a new Redis connection each time (about 7 ms a move, measured).
    Here the loop, and with it the layer's connection pool, lives as long as the process; the
    request only enqueues. A push is a hint (clients resync from the feed), so the request does
    not wait for it.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[Callable[[], Awaitable[None]]] | None = None

    def submit(self, send: Callable[[], Awaitable[None]]) -> None:
        loop, queue = self._started()
        loop.call_soon_threadsafe(queue.put_nowait, send)

    def _started(self) -> tuple[asyncio.AbstractEventLoop, asyncio.Queue]:
        with self._lock:
            if self._loop is None or self._pid != os.getpid():  # first use, or a forked worker
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="push", daemon=True).start()
                self._queue = asyncio.run_coroutine_threadsafe(_new_queue(), loop).result()
                asyncio.run_coroutine_threadsafe(_drain(self._queue), loop)
                self._loop, self._pid = loop, os.getpid()
            assert self._queue is not None
            return self._loop, self._queue


async def _new_queue() -> asyncio.Queue:
    return asyncio.Queue()


async def _drain(queue: asyncio.Queue) -> None:
    while True:
        send = await queue.get()
        try:
            await send()
        except Exception:
            logger.exception("push failed")


_background = _BackgroundSender()
