"""Seeding: who gets seed 1..P, and where each seed sits in a knockout bracket.

tournaments.md §2.1. Seeds are positions in a tuple: ``seeded[0]`` is seed 1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from tournaments.errors import DrawError

PlayerId = Hashable

UNRATED = 1500.0


class SeedingMode(str, Enum):
    RATING = "rating"
    PARTIAL = "partial"
    RANDOM = "random"
    MANUAL = "manual"


@dataclass(frozen=True, slots=True)
class SeedingEntrant:
    """An entrant as the seeding needs it: an id, a name (for ties) and a club rating."""

    player: PlayerId
    name: str
    rating: float | None = None


def draw_size(entrants: int) -> int:
    """Smallest power of two not below ``entrants`` (§2.1.1)."""
    size = 1
    while size < entrants:
        size *= 2
    return size


def standard_order(size: int) -> tuple[int, ...]:
    """Seed numbers in bracket positions, top to bottom (§2.1.3).

    Start with [1, 2]; at each doubling to length m the i-th seed s becomes
    (s, m+1-s) for even i and (m+1-s, s) for odd i.
    """
    if size < 2 or size & (size - 1):
        raise DrawError(
            "bad_draw_size",
            f"A knockout draw has a size that is a power of two; {size} is not.",
            {"size": size},
        )
    order = [1, 2]
    while len(order) < size:
        m = 2 * len(order)
        doubled: list[int] = []
        for i, seed in enumerate(order):
            pair = (seed, m + 1 - seed) if i % 2 == 0 else (m + 1 - seed, seed)
            doubled.extend(pair)
        order = doubled
    return tuple(order)


def check_entrants(players: Sequence[PlayerId], *, minimum: int = 2, what: str = "A knockout") -> None:
    """Raise a DrawError for too few entrants or a player entered twice."""
    if len(players) < minimum:
        raise DrawError(
            "too_few_entrants",
            f"{what} needs at least {minimum} entrants; this tournament has {len(players)}.",
            {"minimum": minimum, "entrants": len(players)},
        )
    twice = [player for player, count in Counter(players).items() if count > 1]
    if twice:
        raise DrawError(
            "duplicate_entrant",
            f"A player is entered more than once: {', '.join(map(str, twice))}.",
            {"players": twice},
        )


def _by_rating(entrants: Sequence[SeedingEntrant]) -> list[SeedingEntrant]:
    def key(entrant: SeedingEntrant) -> tuple[float, str]:
        rating = UNRATED if entrant.rating is None else entrant.rating
        return (-rating, entrant.name)

    return sorted(entrants, key=key)


def seed_entrants(
    entrants: Sequence[SeedingEntrant],
    mode: SeedingMode | str = SeedingMode.RATING,
    *,
    rng: random.Random | None = None,
    top: int | None = None,
    manual_seeds: Mapping[PlayerId, int] | None = None,
) -> tuple[PlayerId, ...]:
    """Return the players in seed order (index 0 is seed 1), §2.1.4.

    * ``rating``: by club rating, higher first, ties by name (unrated count as 1500);
    * ``partial``: the ``top`` (2, 4 or 8) by rating, the rest shuffled with ``rng``;
    * ``random``: all shuffled with ``rng``;
    * ``manual``: ``manual_seeds`` maps every player to a seed number 1..P.
    """
    mode = SeedingMode(mode)
    check_entrants([entrant.player for entrant in entrants], minimum=1, what="Seeding")
    if mode is SeedingMode.MANUAL:
        return _manual(entrants, manual_seeds or {})
    if mode is SeedingMode.RATING:
        return tuple(entrant.player for entrant in _by_rating(entrants))
    if rng is None:
        raise DrawError(
            "random_source_missing",
            "A random or partly random draw needs a random source; none was given.",
        )
    if mode is SeedingMode.RANDOM:
        players = [entrant.player for entrant in entrants]
        rng.shuffle(players)
        return tuple(players)
    if top not in (2, 4, 8):
        raise DrawError(
            "bad_partial_seeding",
            f"Partial seeding seeds the top 2, 4 or 8 players by rating, not {top}.",
            {"top": top},
        )
    if top > len(entrants):
        raise DrawError(
            "bad_partial_seeding",
            f"Partial seeding of the top {top} needs at least {top} entrants; "
            f"this tournament has {len(entrants)}.",
            {"top": top, "entrants": len(entrants)},
        )
    ranked = [entrant.player for entrant in _by_rating(entrants)]
    rest = ranked[top:]
    rng.shuffle(rest)
    return tuple(ranked[:top] + rest)


def _manual(entrants: Sequence[SeedingEntrant], seeds: Mapping[PlayerId, int]) -> tuple[PlayerId, ...]:
    count = len(entrants)
    players = {entrant.player for entrant in entrants}
    unknown = [player for player in seeds if player not in players]
    if unknown:
        raise DrawError(
            "seed_for_non_entrant",
            f"Seeds were given for players who are not entered: {', '.join(map(str, unknown))}.",
            {"players": unknown},
        )
    missing = [entrant.player for entrant in entrants if entrant.player not in seeds]
    if missing:
        raise DrawError(
            "seed_missing",
            f"Every entrant needs a seed; these have none: {', '.join(map(str, missing))}.",
            {"players": missing},
        )
    out_of_range = sorted({seed for seed in seeds.values() if not 1 <= seed <= count})
    if out_of_range:
        raise DrawError(
            "seed_out_of_range",
            f"Seeds run from 1 to {count}; these are outside: "
            f"{', '.join(map(str, out_of_range))}.",
            {"seeds": out_of_range, "entrants": count},
        )
    used_twice = sorted(seed for seed, n in Counter(seeds.values()).items() if n > 1)
    if used_twice:
        raise DrawError(
            "seed_used_twice",
            f"Each seed can be given once; these are given more than once: "
            f"{', '.join(map(str, used_twice))}.",
            {"seeds": used_twice},
        )
    return tuple(sorted(seeds, key=seeds.__getitem__))
