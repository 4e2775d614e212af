"""Swiss until N losses: Swiss rounds among the players with fewer than N losses."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments.draws.swiss_losses import check_losses_settings
from tournaments.format_registry import register
from tournaments.formats.common import SEEDING, TableFormat
from tournaments.models import Entry, Flight, Tournament
from tournaments.play.swiss import losses_over, make_losses_round
from tournaments.play.walkovers import require_a_round_left
from tournaments.standings import SWISS_ORDER


@register
class SwissLosses(TableFormat):
    key = Tournament.Format.SWISS_LOSSES
    settings = (*SEEDING, "losses_limit", "round_limit", "tiebreaks")
    # both join the next round ranked last; penalty: penalty points off the match wins
    late_entry_rules = ("none", "seeded_last", "penalty")
    table_flight = Flight.SWISS
    partial = "tournaments/_crosstable.html"
    default_tiebreaks = SWISS_ORDER  # match wins first: see draws.swiss_losses
    played_in_rounds = True

    def check_settings(self, tournament: Tournament, entrants: int | None = None) -> None:
        super().check_settings(tournament, entrants)
        check_losses_settings(2 if entrants is None else entrants, tournament.losses_limit,
                              tournament.round_limit)

    def make_draw(self, *, tournament: Tournament, actor: AbstractBaseUser | None) -> None:
        make_losses_round(tournament=tournament, actor=actor)

    def next_stage(self, *, tournament: Tournament, actor: AbstractBaseUser | None,
                   stage: str = "round", through: int | None = None,
                   allow_repeats: bool = False) -> dict[str, Any]:
        return {"round": make_losses_round(tournament=tournament, actor=actor)}

    def place_late_entry(self, *, tournament: Tournament, entry: Entry, rule: str) -> None:
        """The entrant joins the next round, ranked last: one must be left to pair."""
        require_a_round_left(tournament, tournament.round_limit)
        entry.save()

    def table_over(self, tournament: Tournament) -> bool:
        return losses_over(tournament)
