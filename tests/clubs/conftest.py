"""Fixtures of the club tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: pytest.FixtureRequest) -> None:
    """Test logins need no slow key stretching (factories hash a password per user)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
