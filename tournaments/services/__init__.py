"""Writes of the tournaments app, one function per action (keyword-only, transactional).

entries:     create_tournament, update_tournament, set_status, add_entry, remove_entry, set_seeds
knockout:    make_knockout_draw, sync_bracket, resolve_conflict
round_robin: make_round_robin_draw, start_round
groups:      make_group_knockout (the knockout after the groups)
swiss:       make_swiss_round, make_losses_round
results:     on_result_confirmed (the games signal's receiver), director_result, award_walkover
draw:        make_draw, preview_draw, undo_draw (the draw previewed, published, taken back)
``make_draw`` and ``next_stage`` ask the event's format (``tournaments.format_registry``). Errors:
ActionError, DrawError (both TournamentError: a code and a sentence).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments.models import Tournament
from tournaments.play import divisions
from tournaments.play.common import ActionError
from tournaments.play.groups import make_group_knockout
from tournaments.play.knockout import make_knockout_draw, resolve_conflict, sync_bracket
from tournaments.play.results import award_walkover, director_result, on_result_confirmed
from tournaments.play.round_robin import make_round_robin_draw, start_round
from tournaments.play.swiss import make_losses_round, make_swiss_round
from tournaments.services.draw import make_draw, preview_draw, undo_draw
from tournaments.services.entries import (
    add_entry,
    create_tournament,
    remove_entry,
    set_seeds,
    set_status,
    update_tournament,
)


def next_stage(*, tournament: Tournament, actor: AbstractBaseUser | None, stage: str = "round",
               through: int | None = None, allow_repeats: bool = False) -> dict[str, Any]:
    """The next round (paired or opened) or stage of the event, as its format plays it.

    Returns what was started: ``{"round": n}`` or ``{"stage": "knockout"}``.
    """
    divisions.require_not_split(tournament)
    return tournament.event_format.next_stage(tournament=tournament, actor=actor, stage=stage,
                                              through=through, allow_repeats=allow_repeats)


__all__ = [
    "ActionError",
    "add_entry",
    "award_walkover",
    "create_tournament",
    "director_result",
    "make_draw",
    "make_group_knockout",
    "make_knockout_draw",
    "make_losses_round",
    "make_round_robin_draw",
    "make_swiss_round",
    "next_stage",
    "on_result_confirmed",
    "preview_draw",
    "remove_entry",
    "resolve_conflict",
    "set_seeds",
    "set_status",
    "start_round",
    "sync_bracket",
    "undo_draw",
    "update_tournament",
]
