"""Swiss system (tournaments.md §4): rounds paired within score groups, no rematches."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments.draws.swiss import check_swiss_settings
from tournaments.format_registry import register
from tournaments.formats.common import SEEDING, TableFormat
from tournaments.models import Entry, Flight, Tournament
from tournaments.services.swiss import make_swiss_round, swiss_over
from tournaments.services.walkovers import require_a_round_left
from tournaments.standings import SWISS_ORDER


@register
class Swiss(TableFormat):
    key = Tournament.Format.SWISS
    settings = (*SEEDING, "swiss_rounds", "tiebreaks", "playoff_places")
    # both join the next round ranked last; penalty: penalty points off the match wins
    late_entry_rules = ("none", "seeded_last", "penalty")
    table_flight = Flight.SWISS
    partial = "tournaments/_crosstable.html"
    default_tiebreaks = SWISS_ORDER
    played_in_rounds = True

    def check_settings(self, tournament: Tournament, entrants: int | None = None) -> None:
        super().check_settings(tournament, entrants)
        rounds = tournament.swiss_rounds
        if entrants is None:
            if rounds is not None and rounds < 1:
                check_swiss_settings(2, rounds)
            return
        check_swiss_settings(entrants, rounds)

    def pairs_with_repeats(self, tournament: Tournament) -> bool:
        return True

    def make_draw(self, *, tournament: Tournament, actor: AbstractBaseUser | None) -> None:
        make_swiss_round(tournament=tournament, actor=actor)

    def next_stage(self, *, tournament: Tournament, actor: AbstractBaseUser | None,
                   stage: str = "round", through: int | None = None,
                   allow_repeats: bool = False) -> dict[str, Any]:
        return {"round": make_swiss_round(tournament=tournament, actor=actor,
                                          allow_repeats=allow_repeats)}

    def place_late_entry(self, *, tournament: Tournament, entry: Entry, rule: str) -> None:
        """The entrant joins the next round, ranked last: one must be left to pair."""
        require_a_round_left(tournament, tournament.swiss_rounds)
        entry.save()

    def table_over(self, tournament: Tournament) -> bool:
        return swiss_over(tournament)
