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


def error_of(response: Any) -> dict[str, Any]:
    """The API's one error shape: {"error": {"code", "message", "fields"}}."""
    body = response.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) == {"code", "message", "fields"}, body
    return body["error"]


def error_fields(response: Any) -> set[str]:
    """The input fields named by an API error (top-level names of dotted paths)."""
    return {name.split(".")[0] for name in error_of(response)["fields"]}


def error_field(response: Any) -> str | None:
    """The one input field an API error names, or None when it names none."""
    fields = error_fields(response)
    assert len(fields) <= 1, fields
    return next(iter(fields), None)
