"""Outgoing mail: rendered in the request, sent later by a worker.

Every mail the site sends goes through `send_email_later`: the message is written
(subject and bodies already in the recipient's language) and handed to the background
path once the current transaction commits, so a slow or failing mail server never holds
up a page and a rolled-back action sends nothing. The worker retries a failing server.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.mail import EmailMessage, EmailMultiAlternatives


def send_email_later(
    *,
    to: Sequence[str],
    subject: str,
    body: str,
    html: str | None = None,
    from_email: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> None:
    """Queue one message (plain text, optionally an HTML alternative) for sending."""
    from nardy_site.queueing import enqueue_on_commit
    from nardy_site.tasks import send_email

    payload = {
        "to": list(to),
        "subject": str(subject),
        "body": str(body),
        "html": None if html is None else str(html),
        "from_email": from_email,
        "headers": dict(headers or {}),
    }
    enqueue_on_commit(send_email, payload)


def send_message_later(message: EmailMessage) -> None:
    """Queue a Django `EmailMessage` (as built by a library) through `send_email_later`."""
    html = None
    for content, mimetype in getattr(message, "alternatives", None) or []:
        if mimetype == "text/html":
            html = content
    body = message.body
    if getattr(message, "content_subtype", "plain") == "html" and html is None:
        html = body
    send_email_later(
        to=message.to,
        subject=message.subject,
        body=body,
        html=html,
        from_email=message.from_email,
        headers=message.extra_headers,
    )


def build_message(payload: Mapping[str, Any]) -> EmailMultiAlternatives:
    """The message a queued payload describes (used by the worker)."""
    message = EmailMultiAlternatives(
        subject=payload["subject"],
        body=payload["body"],
        from_email=payload.get("from_email") or None,
        to=payload["to"],
        headers=payload.get("headers") or None,
    )
    if payload.get("html"):
        message.attach_alternative(payload["html"], "text/html")
    return message
