"""Where a draw finds the entrants' ratings at the start of an event.

The rating lists belong to an app above this one (the leaderboard), which registers its
lookup when it is ready; this app never imports it. Without one everybody is unrated.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable

RatingsAt = Callable[[Iterable[int], str, datetime.date], dict[int, float]]

_lookups: list[RatingsAt] = []


def register(lookup: RatingsAt) -> None:
    """Use ``lookup(player ids, variant, day) -> {player id: rating}`` (the latest wins)."""
    if lookup not in _lookups:
        _lookups.append(lookup)


def ratings_at(players: Iterable[int], variant: str, day: datetime.date) -> dict[int, float]:
    """Each player's rating for ``variant`` as it stood when ``day`` began (absent: unrated)."""
    if not _lookups:
        return {}
    return _lookups[-1](players, variant, day)
