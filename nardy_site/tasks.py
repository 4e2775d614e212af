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


@shared_task(
    name="nardy_site.tasks.send_email",
    acks_late=True,
    autoretry_for=(OSError,),  # smtplib's errors and refused connections are OSErrors
    max_retries=8,
    retry_backoff=30,
    retry_backoff_max=3600,
    retry_jitter=True,
)
def send_email(payload: dict) -> None:
    """Send one message queued by `nardy_site.mail.send_email_later`."""
    from nardy_site.mail import build_message

    build_message(payload).send()
