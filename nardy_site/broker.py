"""The Redis broker transport, reusing its Redis client.

kombu's Redis channel builds a new ``redis.Redis`` for every synchronous command it
sends (storing a delivered message as unacknowledged, acknowledging it, publishing),
and each one copies redis-py's ~80 response callbacks into a fresh dict: about a fifth
of a Celery worker's own CPU time per task here. A client only holds the connection pool
and those callbacks, and is safe to share, so this channel keeps one per pool. Messages,
acknowledgements and redelivery are kombu's, unchanged.

Settings use it for ``redis://`` brokers (``CELERY_BROKER_TRANSPORT``).
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis


class Channel(redis.Channel):
    _shared_client: Any = None

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:
            return super()._create_client(asynchronous=True)
        client = self._shared_client
        if client is None or client.connection_pool is not self.pool:
            # first use, or the pool was replaced (after a fork or a lost connection)
            client = self._shared_client = super()._create_client()
        return client


class Transport(redis.Transport):
    Channel = Channel
