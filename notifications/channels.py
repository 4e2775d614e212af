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
from django.core.mail import EmailMessage
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
        address = notification.user.email
        subject, body = render(notification, notification.language or None)
        if notification.url:
            body = f"{body}\n\n{absolute(notification.url)}".strip()
        EmailMessage(subject=subject, body=body, to=[address]).send()
        return address


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
