"""Ladders listen to games: a confirmed result of a challenge's match moves the ladder."""

from __future__ import annotations

from typing import Any

from games.signals import result_confirmed
from ladders.services import on_result_confirmed


def _confirmed(sender: Any, match: Any, previous_winner: Any = None, **kwargs: Any) -> None:
    on_result_confirmed(match, previous_winner=previous_winner)


def connect() -> None:
    result_confirmed.connect(_confirmed, dispatch_uid="ladders.result_confirmed")
