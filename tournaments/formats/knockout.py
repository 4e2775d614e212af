"""Knockout (tournaments.md §2): main flight, optional consolation and last chance."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.draws.knockout import KnockoutDraw, draw_from_positions
from tournaments.errors import DrawError
from tournaments.format_registry import register
from tournaments.formats.common import SEEDING, BracketFormat
from tournaments.models import Tournament


@register
class Knockout(BracketFormat):
    key = Tournament.Format.KNOCKOUT
    settings = (*SEEDING, "consolation", "last_chance")
    # seeded last: the lowest seed's bye; consolation: that place, main match given away
    late_entry_rules = ("none", "seeded_last", "consolation")

    def check_late_entry_rule(self, tournament: Tournament) -> None:
        super().check_late_entry_rule(tournament)
        if (tournament.late_entry_rule == "consolation"
                and tournament.consolation == Tournament.Consolation.NONE):
            raise DrawError(
                "late_entry_needs_consolation",
                "Late entries into the consolation need a consolation flight: choose one, "
                "or another late-entry rule.",
                {"field": "late_entry_rule"},
            )

    def bracket_from_positions(
        self, tournament: Tournament, positions: Sequence[int | None]
    ) -> KnockoutDraw:
        return draw_from_positions(positions, consolation=tournament.consolation)
