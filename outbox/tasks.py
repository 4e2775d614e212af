"""The outbox's own Celery tasks: the sweep and the heartbeat (both run by celery beat),
and sending an email (a registered kind of background work, see ``outbox.mail``)."""

from __future__ import annotations

import socket

from celery import shared_task
from django.core.mail import EmailMultiAlternatives
from django.utils import timezone

from outbox.registry import task


@shared_task(name="outbox.sweep", ignore_result=True)
def sweep() -> None:
    """Publish the background work that is due (celery beat, every few seconds)."""
    from outbox.services import sweep as sweep_due

    sweep_due()


@shared_task(name="outbox.heartbeat", ignore_result=True)
def heartbeat() -> None:
    """Record that a worker ran a periodic task just now (the health page reads it)."""
    from outbox.models import Heartbeat

    Heartbeat.objects.update_or_create(
        name="worker",
        defaults={"at": timezone.now(), "worker": socket.gethostname()[:255]},
    )


@task(name="outbox.send_email", max_attempts=6)
def send_email(
    subject: str,
    body: str,
    to: list[str],
    from_email: str | None = None,
    html: str = "",
    reply_to: list[str] | None = None,
) -> None:
    """Send one email through Django's email backend."""
    message = EmailMultiAlternatives(
        subject=subject, body=body, from_email=from_email, to=to, reply_to=reply_to or None
    )
    if html:
        message.attach_alternative(html, "text/html")
    message.send()
