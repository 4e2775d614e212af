"""The Celery app: `celery -A nardy_site worker` finds it here.

Settings come from Django settings with the CELERY_ prefix; tasks are found in each
installed app's tasks.py.
"""

import os
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "nardy_site.settings")

app = Celery("nardy_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.celeryd_init.connect
def patient_worker(conf: Any, **_: Any) -> None:
    """A worker waits longer than a web request for a broker that does not answer.

    The short socket timeout of the settings (NARDY_BROKER_TIMEOUT) keeps a request from
    waiting on the broker. A worker must not give up that soon: an acknowledgement that
    times out is dropped (kombu logs "Couldn't ack") and, with one task prefetched, the
    worker then takes no more tasks. Workers wait up to NARDY_WORKER_BROKER_TIMEOUT
    seconds instead (30), long enough for a broker's pause, short enough that a dead
    connection is noticed."""
    from django.conf import settings

    conf.broker_transport_options = {
        **conf.broker_transport_options,
        "socket_timeout": settings.WORKER_BROKER_TIMEOUT,
    }
