"""Knockout (tournaments.md §2): main flight, optional consolation and last chance."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.draws.knockout import KnockoutDraw, draw_from_positions
from tournaments.formats import register
from tournaments.formats.common import SEEDING, BracketFormat
from tournaments.models import Tournament


@register
class Knockout(BracketFormat):
    key = Tournament.Format.KNOCKOUT
    settings = (*SEEDING, "consolation", "last_chance")

    def bracket_from_positions(
        self, tournament: Tournament, positions: Sequence[int | None]
    ) -> KnockoutDraw:
        return draw_from_positions(positions, consolation=tournament.consolation)
