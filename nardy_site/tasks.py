"""Project-wide Celery tasks."""

from __future__ import annotations

import logging

from celery import shared_task

from nardy_site.hooks import app_modules

logger = logging.getLogger(__name__)


@shared_task(name="nardy_site.tasks.sweep")
def sweep() -> list[str]:
    """The periodic sweep (celery beat, every NARDY_SWEEP_SECONDS).

    Calls `sweep()` in each app's `sweeps` module, so a feature that needs periodic
    work (retrying stuck checks, closing stale rounds) adds a function there. Each
    must be idempotent. Returns the modules swept.
    """
    swept = []
    for module in app_modules("sweeps"):
        sweep_function = getattr(module, "sweep", None)
        if callable(sweep_function):
            sweep_function()
            swept.append(module.__name__)
    logger.info("swept %s", ", ".join(swept) or "nothing")
    return swept

