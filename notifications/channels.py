"""Channels a notification is sent on, as a registry: a channel is one class registered
under its name. The site itself (the list and the unread count) needs no channel.

``available(user, preference)`` says whether this person can be reached this way;
``send(notification, preference)`` sends it (raising on failure, so it is tried again)
and returns where it went; it is written in the language noted on the notification
(the reader's when it was made).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, ClassVar

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.utils.translation import gettext_lazy as _

from notifications.messages import render
from notifications.models import Notification, Preference


class ChannelError(Exception):
    """Sending failed; the delivery is tried again later."""


@dataclass(frozen=True)
class Channel:
    name: ClassVar[str]
    label: ClassVar[Any]

    def available(self, user: Any, preference: Preference) -> bool:
        raise NotImplementedError

    def send(self, notification: Notification, preference: Preference) -> str:
        raise NotImplementedError

    def send_many(self, items: list[tuple[Notification, Preference]]) -> list[str | Exception]:
        """Send each; for each, where it went or what went wrong (one failure never
        stops the others). A channel that can batch overrides this."""
        outcomes: list[str | Exception] = []
        for notification, preference in items:
            try:
                outcomes.append(self.send(notification, preference))
            except Exception as error:  # noqa: BLE001 - recorded on the delivery, tried again
                outcomes.append(error)
        return outcomes


CHANNELS: dict[str, Channel] = {}


def register(channel: Channel) -> Channel:
    CHANNELS[channel.name] = channel
    return channel


def absolute(url: str) -> str:
    return f"{settings.NARDY_SITE_URL}{url}" if url.startswith("/") else url


class EmailChannel(Channel):
    name = "email"
    label = _("Email")

    def available(self, user: Any, preference: Preference) -> bool:
        return bool(preference.email and getattr(user, "email", ""))

    def send(self, notification: Notification, preference: Preference) -> str:
        [outcome] = self.send_many([(notification, preference)])
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def send_many(self, items: list[tuple[Notification, Preference]]) -> list[str | Exception]:
        """All the emails over one connection to the mail server (one SMTP session for
        a whole draw), written a language at a time; the same message with the same
        values is put into words once per language (``messages.render_message``)."""
        outcomes: list[str | Exception] = []
        emails = []
        for notification, _preference in sorted(items, key=lambda item: item[0].language):
            subject, body = render(notification, notification.language or None)
            if notification.url:
                body = f"{body}\n\n{absolute(notification.url)}".strip()
            emails.append((notification, EmailMessage(subject=subject, body=body,
                                                      to=[notification.user.email])))
        sent: dict[int, str | Exception] = {}
        try:
            with get_connection() as connection:
                for notification, email in emails:
                    email.connection = connection
                    try:
                        email.send()
                        sent[id(notification)] = notification.user.email
                    except Exception as error:  # noqa: BLE001 - this one is tried again
                        sent[id(notification)] = error
        except Exception as error:  # noqa: BLE001 - no connection: every one is tried again
            for notification, _email in emails:
                sent.setdefault(id(notification), error)
        for notification, _preference in items:
            outcomes.append(sent[id(notification)])
        return outcomes


class TelegramChannel(Channel):
    """The Telegram Bot API's sendMessage; on when a bot token is configured and the
    person gave their chat id."""

    name = "telegram"
    label = _("Telegram")

    def available(self, user: Any, preference: Preference) -> bool:
        return bool(settings.NARDY_TELEGRAM_BOT_TOKEN and preference.telegram_chat_id)

    def send(self, notification: Notification, preference: Preference) -> str:
        title, body = render(notification, notification.language or None)
        text = f"{title}\n{body}" if body else title
        if notification.url:
            text = f"{text}\n{absolute(notification.url)}"
        payload = json.dumps({"chat_id": preference.telegram_chat_id, "text": text[:4000],
                              "disable_web_page_preview": True}).encode()
        url = f"{settings.NARDY_TELEGRAM_API}/bot{settings.NARDY_TELEGRAM_BOT_TOKEN}/sendMessage"
        request = urllib.request.Request(url, data=payload, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                answer = json.loads(response.read() or b"{}")
        except (urllib.error.URLError, OSError, ValueError) as error:
            raise ChannelError(f"Telegram: {error}") from error
        if not answer.get("ok"):
            raise ChannelError(f"Telegram: {answer.get('description', 'refused')}")
        return f"telegram:{preference.telegram_chat_id}"


register(EmailChannel())
register(TelegramChannel())
