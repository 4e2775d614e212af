"""Fixtures of the account tests: fast password hashing, and mail as a person sees it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from django.core import mail
from django.test import Client

LINK = re.compile(r"https?://[^\s<>\"]+")



class Browser:
    """A test client whose requests run their on-commit work (mail is queued on commit),
    as a browser's requests to a running site would."""

    def __init__(self, client: Client, capture: Callable) -> None:
        self.client = client
        self._capture = capture

    def get(self, url: str, **kwargs):
        with self._capture(execute=True):
            return self.client.get(url, **kwargs)

    def post(self, url: str, data: dict | None = None, **kwargs):
        with self._capture(execute=True):
            return self.client.post(url, data or {}, **kwargs)


@pytest.fixture
def browser_client(client: Client, django_capture_on_commit_callbacks) -> Iterator[Browser]:
    yield Browser(client, django_capture_on_commit_callbacks)


def mails_to(address: str) -> list:
    return [message for message in mail.outbox if address in message.to]


def link_in(message, contains: str) -> str:
    """The first link in the mail's text whose address contains `contains`, as a path."""
    for url in LINK.findall(message.body):
        if contains in url:
            return re.sub(r"^https?://[^/]+", "", url)
    raise AssertionError(f"no link with {contains!r} in:\n{message.body}")
