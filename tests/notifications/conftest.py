"""Fixtures of the notification tests: the account tests' browser-like client."""

from tests.accounts.conftest import browser_client  # noqa: F401  (a fixture)
