"""The bounds of a tournament's numbers and texts, from the domain (tournaments.md).

One definition, used by the service that validates a tournament (``_validate``), the
page's form and the API's serializer, so all three refuse the same values with the same
sentence. No Django here.
"""

from __future__ import annotations

from engine.match import MAX_MATCH_LENGTH

MAX_ENTRANTS = 1024  # entrants of one event, so seeds run from 1 to this at most
MAX_ROUNDS = 4 * MAX_ENTRANTS  # a round robin of them, four cycles, has fewer rounds

# field: (lowest, highest). A club event has at most a few hundred entrants; these bounds
# are far above any real event and far below what breaks a draw or a database column.
# Fields that may be empty (None) are checked only when given. Where a format or the
# registration rules refuse a low value with their own sentence (too_few_rounds,
# too_few_losses, bad_capacity), the bound here starts at 0 and leaves that to them.
NUMBER_BOUNDS: dict[str, tuple[int, int]] = {
    "seeded_top": (0, 64),  # partial seeding: the top seeds placed by rating
    "cycles": (1, 4),  # round robin: each pair meets this many times
    "group_count": (1, 64),
    "qualifiers_per_group": (1, 16),
    "swiss_rounds": (0, MAX_ENTRANTS - 1),  # the format checks "at most entrants − 1"
    "losses_limit": (0, 64),  # Swiss until N losses
    "round_limit": (0, MAX_ROUNDS),
    "capacity": (0, MAX_ENTRANTS),
    "random_seed": (0, 2**63 - 1),
    "late_entry_penalty": (0, 99),  # match wins taken off a late entrant (the penalty rule)
    "playoff_places": (0, MAX_ENTRANTS),  # the format checks "at most the entrants"
    "clock_minutes_per_point": (1, 10),  # a 25-point match at 10 min/point: over 4 hours each
    "clock_delay_seconds": (0, 60),
    "clock_bank_minutes": (1, 600),
}
MAX_RULES_TEXT = 5000  # characters of the "rules in force" text
MAX_LENGTHS_PER_FLIGHT = 3  # knockout flights: early rounds, semi-finals, final

__all__ = [
    "MAX_ENTRANTS",
    "MAX_LENGTHS_PER_FLIGHT",
    "MAX_MATCH_LENGTH",
    "MAX_ROUNDS",
    "MAX_RULES_TEXT",
    "NUMBER_BOUNDS",
]
