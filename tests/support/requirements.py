"""What to do when a real service the test needs is missing: skip locally, fail in CI."""

from __future__ import annotations

import os

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def missing(what: str) -> None:
    """Fail under CI (where `make test` installs everything), else skip with the reason."""
    message = f"{what} is missing; `make test` installs it"
    if in_ci():
        pytest.fail(message, pytrace=False)
    pytest.skip(message)
