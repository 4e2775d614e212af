"""Swiss system (tournaments.md §4): rounds paired within score groups, no rematches."""

from __future__ import annotations

from tournaments.format_registry import register
from tournaments.formats.common import SwissRoundsFormat
from tournaments.models import Tournament
from tournaments.play.swiss import make_swiss_round


@register
class Swiss(SwissRoundsFormat):
    key = Tournament.Format.SWISS
    settings = (*SwissRoundsFormat.settings, "dual_duel")
    make_round = staticmethod(make_swiss_round)
