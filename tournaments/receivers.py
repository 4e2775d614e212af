"""Signal receivers of the tournaments app, connected in TournamentsConfig.ready()."""

from __future__ import annotations

from typing import Any

from games.signals import result_confirmed
from tournaments.services.results import on_result_confirmed


def advance_draw(sender: Any, **kwargs: Any) -> None:
    on_result_confirmed(**kwargs)


def connect() -> None:
    result_confirmed.connect(advance_draw, dispatch_uid="tournaments.advance_draw")
