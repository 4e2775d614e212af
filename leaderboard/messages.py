"""Director-facing sentences for the ranking errors, translated by their stable code.

The pure logic (``leaderboard.core.rankings``) raises ``RankingError`` with a code, an
English sentence and its parameters; pages and the API show the translation below.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.errors import TournamentError, sentence_for

MESSAGES: dict[str, Any] = {
    "duplicate_entrant": _("A player is entered more than once in this event."),
    "place_for_non_entrant": _("A player has a place but is not entered in the event."),
    "placed_twice": _("A player has more than one place."),
    "places_do_not_fit": _(
        "Places must run on from %(expected)s with one place per player: tied players share "
        "the first place of their group (two players tied for 3rd–4th are both placed 3)."
    ),
    "places_incomplete": _(
        "Places 1 to %(to)s earn points; say who finished in places %(from)s to %(to)s."
    ),
    "field_too_small": _(
        "Ranking points need at least %(minimum)s entrants; this event has %(entrants)s."
    ),
    "date_range_backwards": _("The end date (%(end)s) is before the start date (%(start)s)."),
}


def error_message(error: TournamentError) -> str:
    """The translated sentence for ``error``, else its own English sentence."""
    return sentence_for(error, MESSAGES)
