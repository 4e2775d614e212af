"""GP-style points of finished tournaments (filled in when the tournament models land)."""

from __future__ import annotations

from typing import Any


def score_tournament(*, tournament: Any) -> None:
    return None
