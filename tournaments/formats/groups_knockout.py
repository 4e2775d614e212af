"""Groups (round robins, snake seeding), then a knockout of the top of each group (§3.2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments.draws.knockout import ConsolationMode, KnockoutDraw, draw_from_positions
from tournaments.draws.progress import BracketState, PlaceGroup, flight_places
from tournaments.errors import DrawError
from tournaments.formats import register
from tournaments.formats.common import SEEDING, TableFormat
from tournaments.models import Flight, Tournament
from tournaments.services.round_robin import (
    make_group_knockout,
    make_round_robin_draw,
    start_round,
)


@register
class GroupsKnockout(TableFormat):
    key = Tournament.Format.GROUPS_KNOCKOUT
    settings = (*SEEDING, "cycles", "group_count", "qualifiers_per_group", "tiebreaks")
    # seeded last: the free place (the bye) of a group with an odd number of players;
    # penalty: the same place, with the event's penalty points taken off the match wins
    late_entry_rules = ("none", "seeded_last", "penalty")
    bracket = True
    table_flight = Flight.GROUP
    partial = "tournaments/_crosstable.html"
    played_in_rounds = True
    minimum_entrants = 4

    def check_settings(self, tournament: Tournament, entrants: int | None = None) -> None:
        super().check_settings(tournament, entrants)
        groups, qualifiers = tournament.group_count, tournament.qualifiers_per_group
        if groups < 1 or qualifiers < 1:
            raise DrawError("bad_groups", "There is at least one group and one qualifier per group.")
        if groups * qualifiers < 2:
            raise DrawError(
                "too_few_qualifiers",
                "The knockout after the groups needs at least two qualifiers in all.",
            )
        if entrants is None:
            return
        smallest = entrants // groups
        if smallest < 2 or qualifiers > smallest:
            raise DrawError(
                "groups_too_small",
                f"{entrants} entrants in {groups} groups make groups of {smallest}; each group "
                f"needs at least two players and at least {qualifiers} (the qualifiers).",
                {"entrants": entrants, "groups": groups, "qualifiers": qualifiers},
            )

    def make_draw(self, *, tournament: Tournament, actor: AbstractBaseUser | None) -> None:
        make_round_robin_draw(tournament=tournament, actor=actor)

    def next_stage(self, *, tournament: Tournament, actor: AbstractBaseUser | None,
                   stage: str = "round", through: int | None = None,
                   allow_repeats: bool = False) -> dict[str, Any]:
        if stage == "knockout":
            make_group_knockout(tournament=tournament, actor=actor)
            return {"stage": "knockout"}
        return {"round": start_round(tournament=tournament, actor=actor, through=through)}

    def bracket_from_positions(
        self, tournament: Tournament, positions: Sequence[int | None]
    ) -> KnockoutDraw:
        return draw_from_positions(positions, consolation=ConsolationMode.NONE)

    def bracket_places(self, state: BracketState) -> tuple[PlaceGroup, ...]:
        return flight_places(state)
