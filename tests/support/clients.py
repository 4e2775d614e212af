"""Test clients logged in as a user (or anonymous when there is none)."""

from __future__ import annotations

from typing import Any

from django.test import Client
from rest_framework.test import APIClient


def page_client(user: Any = None) -> Client:
    """A browser-like client for the pages, logged in as ``user``."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api_client(user: Any = None) -> APIClient:
    """A client for the REST API, authenticated as ``user``."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
