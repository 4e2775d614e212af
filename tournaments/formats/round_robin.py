"""Round robin (tournaments.md §3.1, §3.3): everyone meets everyone, once per cycle."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments.format_registry import register
from tournaments.formats.common import SEEDING, TableFormat
from tournaments.models import Flight, Tournament
from tournaments.play.round_robin import make_round_robin_draw, start_round, table_finished


@register
class RoundRobin(TableFormat):
    key = Tournament.Format.ROUND_ROBIN
    settings = (*SEEDING, "cycles", "tiebreaks", "dual_duel", "playoff_places")
    # seeded last: the free place (the bye) of a group with an odd number of players;
    # penalty: the same place, with the event's penalty points taken off the match wins
    late_entry_rules = ("none", "seeded_last", "penalty")
    table_flight = Flight.GROUP
    partial = "tournaments/_crosstable.html"
    played_in_rounds = True

    def starts_every_round(self, tournament: Tournament) -> bool:
        return True

    def make_draw(self, *, tournament: Tournament, actor: AbstractBaseUser | None) -> None:
        make_round_robin_draw(tournament=tournament, actor=actor)

    def next_stage(self, *, tournament: Tournament, actor: AbstractBaseUser | None,
                   stage: str = "round", through: int | None = None,
                   allow_repeats: bool = False) -> dict[str, Any]:
        return {"round": start_round(tournament=tournament, actor=actor, through=through)}

    def table_over(self, tournament: Tournament) -> bool:
        return table_finished(tournament)
