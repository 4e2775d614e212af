"""Demo content of the games app, called by `manage.py demo` after tournaments.demo."""

from __future__ import annotations

from typing import TextIO


def populate(stdout: TextIO) -> None:
    """Nothing yet: chouettes, matches and disputes add their demo content here (idempotently)."""
