"""Double elimination: out at the second loss; grand final with an optional reset."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from tournaments.draws.double_elimination import (
    double_elimination_from_positions,
    double_elimination_places,
)
from tournaments.draws.knockout import KnockoutDraw
from tournaments.draws.progress import BracketState, PlaceGroup
from tournaments.format_registry import register
from tournaments.formats.common import SEEDING, BracketFormat
from tournaments.models import Flight, Tournament


@register
class DoubleElimination(BracketFormat):
    key = Tournament.Format.DOUBLE_ELIMINATION
    settings = (*SEEDING, "grand_final_reset")
    # seeded last: the lowest seed's bye in the winners' bracket, while neither that
    # seed's next match nor the losers' bracket match the new round-1 loser drops into has
    # been played; there is no consolation flight, and no score to take penalty points off
    late_entry_rules = ("none", "seeded_last")

    def bracket_from_positions(
        self, tournament: Tournament, positions: Sequence[int | None]
    ) -> KnockoutDraw:
        return double_elimination_from_positions(positions, reset=tournament.grand_final_reset)

    def flight_title(self, flight: str) -> str:
        if flight == Flight.MAIN:
            return _("Winners' bracket")
        return super().flight_title(flight)

    def round_title(self, flight: str, number: int, rounds: int,
                    matches: int | None = None) -> str:
        if flight == Flight.GRAND_FINAL:
            return _("Grand final") if number == 1 else _("Reset match")
        if flight == Flight.LOSERS:
            # the losers' bracket does not halve every round: its rounds are numbered
            if number == rounds:
                return _("Losers' final")
            return _("Losers' round %(number)s") % {"number": number}
        return super().round_title(flight, number, rounds, matches)

    def stage_title(self, flight: str, number: int, rounds: int,
                    matches: int | None = None) -> str:
        # the losers' and the grand final's rounds already say where they are
        if flight in (Flight.LOSERS, Flight.GRAND_FINAL):
            return self.round_title(flight, number, rounds, matches)
        return super().stage_title(flight, number, rounds, matches)

    def bracket_places(self, state: BracketState) -> tuple[PlaceGroup, ...]:
        return double_elimination_places(state)
