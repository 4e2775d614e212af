"""Emails sent from a worker, through the outbox (``send_email_later``)."""

from __future__ import annotations

from collections.abc import Sequence

from outbox.models import Message
from outbox.services import enqueue


def send_email_later(
    *,
    to: Sequence[str],
    subject: str,
    body: str,
    key: str,
    html: str = "",
    from_email: str | None = None,
    reply_to: Sequence[str] = (),
) -> Message:
    """Queue an email, in the current transaction: it is sent once that commits.

    The text is sent as given: render it (in the reader's language) before calling.
    ``key`` names this email (e.g. ``f"invitation:{invitation.pk}"``): the same key
    twice sends one email.
    """
    if not to:
        raise ValueError("an email needs at least one recipient")
    return enqueue(
        "outbox.send_email",
        subject,
        body,
        list(to),
        from_email,
        html,
        list(reply_to),
        key=f"email:{key}",
    )
