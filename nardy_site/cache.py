"""The shared cache's backend: django-redis, told to let requests through when Redis is
down (settings.CACHES with NARDY_CACHE_URL).

django-redis's IGNORE_EXCEPTIONS turns an outage into misses. One call needs more: a
lock taken with ``add`` (allauth's rate limits take one per sign-in) would wait and then
refuse the sign-in with a 429 while Redis is down. Here an ``add`` that cannot reach the
server reports success, so such locks, and the limits behind them, fail open: the
server being down must not lock everyone out (django-axes still counts failed sign-ins,
in the database).
"""

from __future__ import annotations

import logging
from typing import Any

from django_redis.cache import RedisCache
from django_redis.exceptions import ConnectionInterrupted

log = logging.getLogger(__name__)


class OutageTolerantRedisCache(RedisCache):
    def add(self, *args: Any, **kwargs: Any) -> bool:
        try:
            return bool(self.client.add(*args, **kwargs))
        except ConnectionInterrupted:
            log.warning("cache unreachable: add() lets the request through", exc_info=True)
            return True
