"""The domain's sizes of a tournament (tournaments.md): entrants, rounds, texts, match lengths.

The table of settings (``tournaments.event_settings``) makes its numbers' bounds from them;
the service that validates a tournament, the page's form and the API's serializer use them,
so all of them refuse the same values with the same sentence. No Django here.
"""

from __future__ import annotations

from engine.match import MAX_MATCH_LENGTH

MAX_ENTRANTS = 1024  # entrants of one event, so seeds run from 1 to this at most
MAX_ROUNDS = 4 * MAX_ENTRANTS  # a round robin of them, four cycles, has fewer rounds

MAX_RULES_TEXT = 5000  # characters of the "rules in force" text
MAX_LENGTHS_PER_FLIGHT = 3  # knockout flights: early rounds, semi-finals, final

__all__ = [
    "MAX_ENTRANTS",
    "MAX_LENGTHS_PER_FLIGHT",
    "MAX_MATCH_LENGTH",
    "MAX_ROUNDS",
    "MAX_RULES_TEXT",
]
