"""Django's Redis cache backend, keeping one ``redis.Redis`` client per connection pool.

The stock client builds a new ``redis.Redis`` object (and its table of response callbacks) for
every cache operation; sessions are read on every authenticated request, so that showed up in
profiles of the move endpoint. ``redis.Redis`` is thread-safe, so one per pool is enough.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient as DjangoRedisCacheClient

if TYPE_CHECKING:
    from redis import ConnectionPool, Redis


class RedisCacheClient(DjangoRedisCacheClient):
    if TYPE_CHECKING:  # Django's, private, not in its stubs: what ``get_client`` uses
        _client: type[Redis]

        def _get_connection_pool_index(self, write: bool) -> int: ...
        def _get_connection_pool(self, write: bool) -> ConnectionPool: ...

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = self._client(
                connection_pool=self._get_connection_pool(write)
            )
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
