"""Library-built mail (django-allauth's) onto the outbox's background path.

Every mail the site sends goes through ``outbox.mail.send_email_later``: written in the
request (in the recipient's language), saved in the request's transaction, sent by a
worker once it commits, retried when the mail server fails, sent once.
"""

from __future__ import annotations

import uuid

from django.core.mail import EmailMessage

from outbox.mail import send_email_later


def send_message_later(message: EmailMessage, *, key: str = "") -> None:
    """Queue a Django ``EmailMessage`` as built by a library. Without ``key`` every call
    is one mail (a verification mail asked for twice is sent twice)."""
    html = ""
    for content, mimetype in getattr(message, "alternatives", None) or []:
        if mimetype == "text/html":
            html = content
    if getattr(message, "content_subtype", "plain") == "html" and not html:
        html = message.body
    send_email_later(
        to=message.to, subject=message.subject, body=message.body, html=html,
        from_email=message.from_email, reply_to=message.reply_to,
        key=key or f"message:{uuid.uuid4().hex}",
    )
